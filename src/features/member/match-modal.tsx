import { useId } from 'react';
import { Link } from 'wouter';
import Modal from 'react-bootstrap/Modal';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import type { MemberCard } from '../../../contract/index.ts';
import { FictionalBadge } from '../../ui/fictional-badge.tsx';
import { HeartFillIcon } from '../members/icons.tsx';

/** What the modal tells: a mutual like ("It's a match!"), or that a member likes the user. */
export type MatchModalKind = 'match' | 'like';

/**
 * The match / new-like modal (spec 2). `kind` match: "It's a match!" and Send message, after a mutual like (made by
 * the member's own like, or by the other member's). `kind` like: the member's photo, "<name> likes you", View profile
 * (/likes/m/{id}) and Later. `profile` is a member card (a MemberProfile is one too): its `photo` is the first photo,
 * never locked (for an auto-like, the answer's `main_image.match`). `onExited` runs once the modal has faded out.
 */
export function MatchModal({
  show,
  profile,
  onHide,
  kind = 'match',
  onExited,
}: {
  show: boolean;
  profile: MemberCard;
  onHide: () => void;
  kind?: MatchModalKind;
  onExited?: () => void;
}) {
  const { t } = useTranslation(['members', 'likes']);
  const id = useId();
  const like = kind === 'like';
  const { photo } = profile;
  // The new-like variant shows the photo as a portrait (3:4, full size); the match variant a round thumbnail.
  const [width, height] = like ? [150, 200] : [112, 112];
  const frame = like ? 'rounded-4' : 'rounded-circle border border-4 border-primary-subtle';
  return (
    <Modal
      show={show}
      onHide={onHide}
      onExited={onExited}
      centered
      aria-labelledby={id}
      contentClassName="rounded-4 border-0 shadow-lg text-center"
    >
      <Modal.Body className="p-4">
        <div className="position-relative d-inline-block mb-3">
          {photo ? (
            <img
              src={like ? photo.url : photo.thumb_url}
              alt=""
              width={width}
              height={height}
              className={`object-fit-cover bg-primary-subtle shadow-sm ${frame}`}
            />
          ) : (
            <span
              className={`d-inline-flex align-items-center justify-content-center bg-primary-subtle text-primary fw-bold fs-1 ${frame}`}
              style={{ width, height }}
              aria-hidden="true"
            >
              {profile.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <span className="position-absolute bottom-0 end-0 rounded-circle bg-primary text-white d-inline-flex p-2 shadow">
            <HeartFillIcon size={20} />
          </span>
          {profile.fictional && (
            <FictionalBadge size={28} className="position-absolute top-0 start-0 m-1 bg-white rounded-circle p-1 shadow-sm" />
          )}
        </div>
        {like ? (
          <>
            <h2 id={id} className="h4 fw-bold mb-1">
              {t('likes:newLike.title', { name: profile.name })}
            </h2>
            <p className="small text-body-secondary mb-2">
              {[t('likes:newLike.age', { age: profile.age }), profile.city].filter(Boolean).join(' · ')}
            </p>
            <p className="text-body-secondary mb-4">{t('likes:newLike.text', { name: profile.name })}</p>
          </>
        ) : (
          <>
            <h2 id={id} className="h3 fw-bold text-primary mb-2">
              {t('match.title')}
            </h2>
            <p className="text-body-secondary mb-4">{t('match.text', { name: profile.name })}</p>
          </>
        )}
        <div className="d-grid gap-2">
          {like ? (
            <Link href={`/likes/m/${profile.id}`} className="btn btn-primary btn-lg rounded-pill" onClick={onHide}>
              {t('likes:newLike.viewProfile')}
            </Link>
          ) : (
            <Link href={`/members/${profile.id}/chat`} className="btn btn-primary btn-lg rounded-pill" onClick={onHide}>
              {t('profile.sendMessage')}
            </Link>
          )}
          <Button variant="link" className="text-body-secondary" onClick={onHide}>
            {like ? t('likes:newLike.later') : t('match.keepBrowsing')}
          </Button>
        </div>
      </Modal.Body>
    </Modal>
  );
}
