import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import Modal from 'react-bootstrap/Modal';
import Button from 'react-bootstrap/Button';
import { SearchResponse, SwipeDeckResponse, type MemberCard } from '../../../contract/index.ts';
import { api } from '../../api/client.ts';
import { FictionalBadge } from '../../ui/fictional-badge.tsx';
import { session } from '../account/session-store.ts';

/**
 * A member worth a look: for a member the first card of their swipe deck (fits them, not liked yet), for a visitor the
 * first result of the default search (when the site allows logged-out search). Null when there is none or the call fails.
 */
async function pickProfile(loggedIn: boolean): Promise<MemberCard | null> {
  try {
    const list = loggedIn
      ? (await api('/api/swipe-deck.php', SwipeDeckResponse)).profiles
      : (await api('/api/members.php', SearchResponse)).profiles;
    return list.find((p) => p.photo) ?? list[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * The like modal of spec 2: a member's photo, name and age with View profile (/members/{id}) and Not now. Opened by
 * LikeModalHost when the `t` delay ran out; shows nothing when no member is found. `onClosed` runs after it faded out.
 */
export default function LikeModal({ onClosed }: { onClosed: () => void }) {
  const { t } = useTranslation('discovery');
  const { user } = useSnapshot(session);
  const id = useId();
  const [profile, setProfile] = useState<MemberCard | null>(null);
  const [show, setShow] = useState(true);

  useEffect(() => {
    let live = true;
    void pickProfile(!!user).then((p) => {
      if (!live) return;
      if (p) setProfile(p);
      else onClosed();
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one member per opening, whatever the session does meanwhile
  }, []);

  if (!profile) return null;
  const hide = () => setShow(false);
  return (
    <Modal
      show={show}
      onHide={hide}
      onExited={onClosed}
      centered
      aria-labelledby={id}
      contentClassName="rounded-4 border-0 shadow-lg text-center"
    >
      <Modal.Body className="p-4">
        <div className="position-relative d-inline-block mb-3">
          {profile.photo ? (
            <img
              src={profile.photo.url}
              alt=""
              width={150}
              height={200}
              className="object-fit-cover rounded-4 bg-primary-subtle shadow-sm"
            />
          ) : (
            <span
              className="d-inline-flex align-items-center justify-content-center rounded-4 bg-primary-subtle text-primary fw-bold fs-1"
              style={{ width: 150, height: 200 }}
              aria-hidden="true"
            >
              {profile.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          {profile.fictional && (
            <FictionalBadge size={28} className="position-absolute top-0 start-0 m-1 bg-white rounded-circle p-1 shadow-sm" />
          )}
        </div>
        <h2 id={id} className="h4 fw-bold mb-1">
          {t('likeModal.title')}
        </h2>
        <p className="text-body-secondary mb-4">{t('likeModal.text', { name: profile.name, age: profile.age })}</p>
        <div className="d-grid gap-2">
          <Link href={`/members/${profile.id}`} className="btn btn-primary btn-lg rounded-pill" onClick={hide}>
            {t('likeModal.viewProfile')}
          </Link>
          <Button variant="link" className="text-body-secondary" onClick={hide}>
            {t('likeModal.close')}
          </Button>
        </div>
      </Modal.Body>
    </Modal>
  );
}
