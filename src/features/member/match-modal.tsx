import { useId } from 'react';
import { Link } from 'wouter';
import Modal from 'react-bootstrap/Modal';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import type { MemberProfile } from '../../../contract/index.ts';
import { HeartFillIcon } from '../members/icons.tsx';

/** "It's a match!" (spec 2: match modal): shown after a like that was mutual; offers to send a message. */
export function MatchModal({ show, profile, onHide }: { show: boolean; profile: MemberProfile; onHide: () => void }) {
  const { t } = useTranslation('members');
  const id = useId();
  const photo = profile.photos.find((p) => !p.locked) ?? profile.photos[0];
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby={id} contentClassName="rounded-4 border-0 shadow-lg text-center">
      <Modal.Body className="p-4">
        <div className="position-relative d-inline-block mb-3">
          {photo ? (
            <img src={photo.thumb_url} alt="" width={112} height={112} className="rounded-circle object-fit-cover border border-4 border-primary-subtle" />
          ) : (
            <span className="d-inline-flex align-items-center justify-content-center rounded-circle bg-primary-subtle text-primary fw-bold fs-1" style={{ width: 112, height: 112 }} aria-hidden="true">
              {profile.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <span className="position-absolute bottom-0 end-0 rounded-circle bg-primary text-white d-inline-flex p-2 shadow">
            <HeartFillIcon size={20} />
          </span>
        </div>
        <h2 id={id} className="h3 fw-bold text-primary mb-2">{t('match.title')}</h2>
        <p className="text-body-secondary mb-4">{t('match.text', { name: profile.name })}</p>
        <div className="d-grid gap-2">
          <Link href={`/members/${profile.id}/chat`} className="btn btn-primary btn-lg rounded-pill">{t('profile.sendMessage')}</Link>
          <Button variant="link" className="text-body-secondary" onClick={onHide}>{t('match.keepBrowsing')}</Button>
        </div>
      </Modal.Body>
    </Modal>
  );
}
