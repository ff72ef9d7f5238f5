// Photo review: every newly uploaded photo (live at once), oldest first, to approve or reject with a ground.
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { PendingPhoto, PendingPhotosResponse } from '../../../contract/ops-moderation.ts';
import { opsFetch, useOpsData } from '../api.ts';
import { DecisionDialog } from './decision-dialog.tsx';

/** The grid of pending photos. */
export function PhotoReview() {
  const { data, error, reload } = useOpsData<PendingPhotosResponse>('/moderation/photos');
  const [rejecting, setRejecting] = useState<PendingPhoto | null>(null);
  const [failure, setFailure] = useState<string>();

  async function approve(photo: PendingPhoto) {
    setFailure(undefined);
    try {
      await opsFetch(`/moderation/photos/${photo.id}/approve`, { method: 'POST' });
      reload();
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    }
  }

  if (error) return <p className="text-danger">{error.message}</p>;
  if (!data) return <p>Loading…</p>;
  return (
    <>
      {failure && <Alert variant="danger">{failure}</Alert>}
      <p className="small text-body-secondary">
        {data.photos.length === 0
          ? 'No photo waits for review.'
          : `${data.photos.length} ${data.photos.length === 1 ? 'photo waits' : 'photos wait'} for review, oldest first.`}
      </p>
      <ul className="list-unstyled ops-review-grid">
        {data.photos.map((p) => (
          <li key={p.id} className="card">
            <a href={p.url} target="_blank" rel="noreferrer">
              <img
                src={p.thumb_url}
                alt={`Photo ${p.id} of ${p.member.name}`}
                className="card-img-top"
                width={240}
                height={320}
                loading="lazy"
              />
            </a>
            <div className="card-body p-2">
              <p className="small mb-2">
                {p.member.name} (member {p.member.id})
                {p.member.fictional && <span className="badge text-bg-info ms-1">fictional</span>}
                <br />
                <span className="text-body-secondary">{new Date(p.created_at).toLocaleString()}</span>
              </p>
              <div className="d-flex gap-2">
                <Button
                  size="sm"
                  variant="success"
                  onClick={() => void approve(p)}
                  aria-label={`Approve photo ${p.id} of ${p.member.name}`}
                >
                  Approve
                </Button>
                <Button
                  size="sm"
                  variant="outline-danger"
                  onClick={() => setRejecting(p)}
                  aria-label={`Reject photo ${p.id} of ${p.member.name}`}
                >
                  Reject
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {rejecting && (
        <DecisionDialog
          title={`Reject photo ${rejecting.id} of ${rejecting.member.name}`}
          effect="The photo is removed from the profile and the member gets the statement of reasons in their language."
          confirmLabel="Reject"
          danger
          onConfirm={async (input) => {
            await opsFetch(`/moderation/photos/${rejecting.id}/reject`, {
              method: 'POST',
              body: { ground: input.ground, detail: input.detail },
            });
            reload();
          }}
          onClose={() => setRejecting(null)}
        />
      )}
    </>
  );
}
