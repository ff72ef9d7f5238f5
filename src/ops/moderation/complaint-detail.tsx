// A complaint's page: the complaint, the reported member's profile, photos and restrictions, the reported
// conversation, and the decisions (each through a named confirmation dialog).
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'wouter';
import type {
  ComplaintDetailResponse,
  ModerationActionRequest,
  ModeratedMember,
  Restriction,
} from '../../../contract/ops-moderation.ts';
import { opsFetch, useOpsData } from '../api.ts';
import { DecisionDialog, type DecisionInput } from './decision-dialog.tsx';
import { GROUND_LABELS } from './grounds.ts';

/** A decision the moderator is about to confirm. */
interface Pending {
  action: ModerationActionRequest['action'];
  title: string;
  effect: string;
  confirmLabel: string;
  photo?: number;
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
const groundLabel = (g: string) => GROUND_LABELS[g as keyof typeof GROUND_LABELS] ?? g;

/** The member's restrictions, newest first, with Lift on an active suspension. */
function Restrictions({ rows, onLift }: { rows: Restriction[]; onLift: (r: Restriction) => void }) {
  if (rows.length === 0) return <p className="text-body-secondary small">No restrictions so far.</p>;
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle">
        <caption className="caption-top">Restrictions</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Kind</th>
            <th scope="col">Ground</th>
            <th scope="col">Ends</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{when(r.created_at)}</td>
              <td>{r.kind}</td>
              <td>{groundLabel(r.ground)}</td>
              <td>{when(r.ends_at)}</td>
              <td>
                {r.lifted_at ? `lifted ${when(r.lifted_at)}` : r.active ? 'active' : '—'}
                {r.active && r.kind === 'suspension' && (
                  <Button size="sm" variant="outline-secondary" className="ms-2" onClick={() => onLift(r)}>
                    Lift
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The reported member's profile fields, about text and photos (each removable). */
function MemberCard({ member, onRemovePhoto }: { member: ModeratedMember; onRemovePhoto: (photo: number) => void }) {
  const p = member.profile;
  return (
    <div className="card mb-3">
      <div className="card-body">
        <h2 className="h5 card-title">
          {p.name} <span className="text-body-secondary small">member {member.id}</span>
          {member.fictional && <span className="badge text-bg-info ms-2">fictional</span>}
          {member.deleted && <span className="badge text-bg-secondary ms-2">deleted</span>}
        </h2>
        <dl className="row small mb-2">
          <dt className="col-sm-3">E-mail</dt>
          <dd className="col-sm-9 text-break">{member.email}</dd>
          <dt className="col-sm-3">Profile</dt>
          <dd className="col-sm-9">
            {p.gender}, born {p.date_of_birth}, {p.city ? `${p.city}, ` : ''}
            {p.country}; {p.status}; language {member.language}; since {when(member.signup_date)}
          </dd>
          <dt className="col-sm-3">About</dt>
          <dd className="col-sm-9 ops-about">{p.about || <span className="text-body-secondary">(empty)</span>}</dd>
        </dl>
        <div className="ops-photo-grid">
          {member.photos.map((ph) => (
            <figure key={ph.id} className="ops-photo">
              <a href={ph.url} target="_blank" rel="noreferrer">
                <img src={ph.thumb_url} alt={`Photo ${ph.id} of ${p.name}`} loading="lazy" width={120} height={160} />
              </a>
              <figcaption className="small">
                {ph.review_state}
                <Button size="sm" variant="outline-danger" className="ms-1" onClick={() => onRemovePhoto(ph.id)}>
                  Remove
                </Button>
              </figcaption>
            </figure>
          ))}
          {member.photos.length === 0 && <p className="text-body-secondary small">No photos.</p>}
        </div>
      </div>
    </div>
  );
}

/** Complaint `id` with its member, conversation and decisions. */
export function ComplaintDetail({ id }: { id: number }) {
  const { data, error, reload } = useOpsData<ComplaintDetailResponse>(`/moderation/complaints/${id}`);
  const [pending, setPending] = useState<Pending | null>(null);
  const [done, setDone] = useState<string>();
  const [liftError, setLiftError] = useState<string>();
  if (error) return <p className="text-danger">{error.message}</p>;
  if (!data) return <p>Loading…</p>;
  const { complaint, member, conversation } = data;
  const name = member?.profile.name ?? 'the member';
  const open = complaint.handled_at === null;

  async function decide(p: Pending, input: DecisionInput) {
    const base = { complaint: open ? complaint.id : undefined, member: member?.id };
    const body =
      p.action === 'dismiss'
        ? { action: 'dismiss', complaint: complaint.id }
        : {
            ...base,
            action: p.action,
            ground: input.ground,
            detail: input.detail,
            days: p.action === 'suspend' ? input.days : undefined,
            photo: p.photo,
          };
    await opsFetch('/moderation/actions', { method: 'POST', body });
    setDone(`${p.title}: done.`);
    reload();
  }

  async function lift(r: Restriction) {
    setLiftError(undefined);
    try {
      await opsFetch(`/moderation/restrictions/${r.id}/lift`, { method: 'POST' });
      setDone('Suspension lifted.');
      reload();
    } catch (e) {
      setLiftError(e instanceof Error ? e.message : String(e));
    }
  }

  const fictional = member?.fictional ?? false;
  const decisions: (Pending & { variant: string; disabled?: boolean })[] = [
    ...(open
      ? [
          {
            action: 'dismiss' as const,
            title: `Dismiss complaint ${complaint.reference}`,
            effect: 'The complaint is closed without action; the complainant is told it was handled.',
            confirmLabel: 'Dismiss',
            variant: 'outline-secondary',
          },
        ]
      : []),
    {
      action: 'warn',
      title: `Warn ${name}`,
      effect: `${name} gets a warning with the statement of reasons, in their language. Nothing is restricted.`,
      confirmLabel: 'Warn',
      variant: 'outline-primary',
      disabled: !member || fictional,
    },
    {
      action: 'suspend',
      title: `Suspend ${name}`,
      effect: `${name} is logged out everywhere and cannot log in until the suspension ends. They get the statement of reasons.`,
      confirmLabel: 'Suspend',
      variant: 'outline-danger',
      disabled: !member || fictional,
    },
    {
      action: 'ban',
      title: `Ban ${name}`,
      effect: `${name}'s account is closed for good: logged out, profile hidden, login refused with the access ban text.`,
      confirmLabel: 'Ban',
      variant: 'danger',
      disabled: !member || fictional,
    },
    {
      action: 'remove_text',
      title: `Remove the profile text of ${name}`,
      effect: `The about text of ${name} is emptied. They get the statement of reasons.`,
      confirmLabel: 'Remove text',
      variant: 'outline-danger',
      disabled: !member || !member.profile.about,
    },
  ];

  return (
    <>
      <p>
        <Link href="/">← Complaints</Link>
      </p>
      {done && (
        <Alert variant="success" dismissible onClose={() => setDone(undefined)}>
          {done}
        </Alert>
      )}
      {liftError && <Alert variant="danger">{liftError}</Alert>}
      <div className="card mb-3">
        <div className="card-body">
          <h2 className="h5 card-title">
            Complaint {complaint.reference} <span className="badge text-bg-light">{complaint.topic}</span>
          </h2>
          <p className="small text-body-secondary mb-2">
            Filed {when(complaint.created_at)} by {complaint.complainant_id ? `member ${complaint.complainant_id}` : 'a visitor'}{' '}
            &lt;{complaint.email}&gt;. {open ? 'Open.' : `Handled ${when(complaint.handled_at)}: ${complaint.outcome}.`}
          </p>
          <p className="ops-about mb-0">{complaint.text}</p>
        </div>
      </div>
      <div className="ops-actions mb-3" role="group" aria-label="Decisions">
        {decisions.map((d) => (
          <Button key={d.action} variant={d.variant} disabled={d.disabled} onClick={() => setPending(d)}>
            {d.confirmLabel}
          </Button>
        ))}
        {fictional && (
          <span className="small text-body-secondary">A fictional profile: only its photos and text can be removed.</span>
        )}
      </div>
      {member && (
        <>
          <MemberCard
            member={member}
            onRemovePhoto={(photo) =>
              setPending({
                action: 'remove_photo',
                photo,
                title: `Remove photo ${photo} of ${name}`,
                effect: `The photo is deleted from ${name}'s profile. They get the statement of reasons.`,
                confirmLabel: 'Remove photo',
              })
            }
          />
          <Restrictions rows={member.restrictions} onLift={(r) => void lift(r)} />
        </>
      )}
      <h2 className="h5">Conversation</h2>
      {conversation.length === 0 ? (
        <p className="text-body-secondary small">No conversation between the complainant and the reported member.</p>
      ) : (
        <ol className="list-unstyled ops-conversation">
          {conversation.map((m) => (
            <li
              key={m.id}
              className={`ops-message${m.sender_id === member?.id ? ' ops-message-reported-member' : ''}${m.reported ? ' ops-message-reported' : ''}`}
            >
              <div className="small text-body-secondary">
                {m.sender_id === member?.id ? name : `complainant (${m.sender_id})`}, {when(m.created_at)}
                {m.reported && <strong className="ms-2 text-danger">reported message</strong>}
              </div>
              {m.text && <div className="ops-about">{m.text}</div>}
              {m.gift && <div className="small">gift: {m.gift}</div>}
              {m.photo_url && (
                <a href={m.photo_url} target="_blank" rel="noreferrer" className="small">
                  photo
                </a>
              )}
            </li>
          ))}
        </ol>
      )}
      {pending && (
        <DecisionDialog
          title={pending.title}
          effect={pending.effect}
          confirmLabel={pending.confirmLabel}
          askGround={pending.action !== 'dismiss'}
          askDays={pending.action === 'suspend'}
          danger={pending.action !== 'dismiss' && pending.action !== 'warn'}
          onConfirm={(input) => decide(pending, input)}
          onClose={() => setPending(null)}
        />
      )}
    </>
  );
}
