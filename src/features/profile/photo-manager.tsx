import { useId, useState, type ChangeEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { OwnPhotosResponse, PHOTO_LIMITS } from '../../../contract/index.ts';
import { useFirstAnswer } from '../../api/use-first-answer.ts';
import { errorText } from '../../i18n/error-text.ts';
import { deletePhoto, fetchOwnPhotos, reorderPhotos, uploadPhoto } from './profile-api.ts';
import { PHOTOS_CALL } from './profile-calls.ts';

/** `order` with the item at `from` moved to `to`. */
const moved = (order: number[], from: number, to: number) => {
  const next = [...order];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
};

/**
 * The photo manager of /profile (spec 1, 9): upload (free 3, premium 25: spec 8 "Photo limit reached for free
 * members."), choose the main image (the first), change the order, delete. Each change answers the new list; the
 * session's user follows, so the profile photo alert (spec 2) goes once a main image exists. A server-rendered page
 * comes with the photos (a first call of /profile, PHOTOS_CALL), the main one loaded at high priority: the page's LCP.
 */
export function PhotoManager() {
  const { t } = useTranslation(['profile', 'errors']);
  const inputId = useId();
  const {
    value: photos,
    setValue: setPhotos,
    error,
    setError,
  } = useFirstAnswer(PHOTOS_CALL, OwnPhotosResponse, (r) => r, fetchOwnPhotos);
  const [busy, setBusy] = useState(false);
  const [announce, setAnnounce] = useState('');

  const run = async (call: () => Promise<OwnPhotosResponse>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      setPhotos(await call());
      setAnnounce(done);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void run(() => uploadPhoto(file), t('photos.uploaded'));
  };

  const list = photos?.photos ?? [];
  const order = list.map((p) => p.id);
  const full = photos !== null && list.length >= photos.limit;

  return (
    <section aria-labelledby="profile-photos-heading" aria-busy={busy}>
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
        <h2 id="profile-photos-heading" className="h5 fw-bold mb-0">
          {t('photos.title')}
        </h2>
        {photos && (
          <span className="small text-body-secondary">{t('photos.count', { count: list.length, limit: photos.limit })}</span>
        )}
      </div>
      {photos === null && !error && (
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">{t('photos.loading')}</span>
        </Spinner>
      )}
      {photos && list.length === 0 && <p className="text-body-secondary small">{t('photos.none')}</p>}
      <ol className="list-unstyled row row-cols-2 row-cols-sm-3 g-3 mb-3">
        {list.map((p, i) => (
          <li key={p.id} className="col">
            <figure className="mb-1 position-relative">
              <img
                src={p.thumb_url}
                alt={t('photos.alt', { n: i + 1 })}
                className="img-fluid rounded-3 w-100 object-fit-cover"
                style={{ aspectRatio: '1' }}
                width={200}
                height={200}
                // The main photo is the page's largest paint: fetched first.
                fetchPriority={i === 0 ? 'high' : 'auto'}
              />
              {i === 0 && (
                <figcaption className="badge text-bg-primary position-absolute top-0 start-0 m-2">{t('photos.main')}</figcaption>
              )}
            </figure>
            <div className="d-flex gap-1">
              {i > 0 && (
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={busy}
                  aria-label={t('photos.earlier', { n: i + 1 })}
                  onClick={() => void run(() => reorderPhotos(moved(order, i, i - 1)), t('photos.moved'))}
                >
                  ←
                </Button>
              )}
              {i < list.length - 1 && (
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={busy}
                  aria-label={t('photos.later', { n: i + 1 })}
                  onClick={() => void run(() => reorderPhotos(moved(order, i, i + 1)), t('photos.moved'))}
                >
                  →
                </Button>
              )}
              <Button
                size="sm"
                variant="outline-danger"
                className="ms-auto"
                disabled={busy}
                onClick={() => void run(() => deletePhoto(p.id), t('photos.deleted'))}
              >
                {t('photos.delete')}
                <span className="visually-hidden"> {t('photos.which', { n: i + 1 })}</span>
              </Button>
            </div>
            {i > 0 && (
              <Button
                size="sm"
                variant="outline-primary"
                className="w-100 mt-1"
                disabled={busy}
                onClick={() => void run(() => reorderPhotos(moved(order, i, 0)), t('photos.madeMain', { n: i + 1 }))}
              >
                {t('photos.makeMain')}
                <span className="visually-hidden"> {t('photos.which', { n: i + 1 })}</span>
              </Button>
            )}
          </li>
        ))}
      </ol>
      {full ? (
        <p className="alert alert-info small mb-0" role="status">
          {photos.limit <= PHOTO_LIMITS.free ? t('errors:photo_limit') : t('errors:photo_limit_premium')}
        </p>
      ) : (
        photos && (
          <div>
            <label htmlFor={inputId} className={`btn btn-primary${busy ? ' disabled' : ''}`}>
              {t('photos.add')}
            </label>
            <input id={inputId} type="file" accept="image/*" className="visually-hidden" disabled={busy} onChange={onFile} />
            <p className="form-text mb-0">{t('photos.hint')}</p>
          </div>
        )
      )}
      {error != null && (
        <div className="alert alert-danger mt-2 mb-0" role="alert">
          {errorText(error, { t })}
        </div>
      )}
      <p className="visually-hidden" role="status">
        {announce}
      </p>
    </section>
  );
}
