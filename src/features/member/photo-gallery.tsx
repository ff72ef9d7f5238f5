import { useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { Photo } from '../../../contract/index.ts';
import { LockIcon } from '../members/icons.tsx';

const ratio = { '--bs-aspect-ratio': '133.333%' } as React.CSSProperties;

/**
 * A profile's photos: the selected one large (3:4), the others as thumbnails below. Locked photos carry only
 * the server-blurred image and get a lock overlay with a Get Premium link (spec 2: members-id).
 */
export function PhotoGallery({ photos, name }: { photos: readonly Photo[]; name: string }) {
  const { t } = useTranslation('members');
  const [index, setIndex] = useState(0);
  const current = photos[Math.min(index, photos.length - 1)];

  if (!current) {
    return (
      <div className="ratio rounded-4 bg-body-secondary" style={ratio}>
        <div
          className="d-flex align-items-center justify-content-center display-1 fw-bold text-primary opacity-50"
          aria-hidden="true"
        >
          {name.slice(0, 1).toUpperCase()}
        </div>
      </div>
    );
  }

  return (
    <div>
      <div className="ratio rounded-4 overflow-hidden bg-body-secondary shadow-sm" style={ratio}>
        <div>
          <img
            src={current.url}
            alt={current.locked ? t('profile.lockedPhotoAlt', { name }) : t('profile.photoAlt', { name, n: index + 1 })}
            width={600}
            height={800}
            // The profile's largest paint: fetched before the chunks and fonts still loading.
            fetchPriority="high"
            className="w-100 h-100 object-fit-cover"
          />
          {current.locked && (
            <div
              className="position-absolute top-0 start-0 w-100 h-100 d-flex flex-column align-items-center justify-content-center text-center text-white p-4"
              style={{ background: 'rgba(0,0,0,.35)' }}
            >
              <span className="rounded-circle bg-white text-dark d-inline-flex p-3 mb-3 shadow">
                <LockIcon size={28} />
              </span>
              <p className="fw-semibold fs-5 mb-3">{t('profile.premiumPhotos')}</p>
              <Link href="/premium" className="btn btn-primary rounded-pill px-4">
                {t('profile.getPremium')}
              </Link>
            </div>
          )}
        </div>
      </div>
      {photos.length > 1 && (
        <ul className="list-unstyled d-flex gap-2 mt-1 mb-0 overflow-x-auto p-1" aria-label={t('profile.photos')}>
          {photos.map((p, i) => (
            <li key={p.id} className="flex-shrink-0">
              <button
                type="button"
                className={`btn p-0 border-0 rounded-3 overflow-hidden position-relative d-block ${i === index ? '' : 'opacity-75'}`}
                style={i === index ? { boxShadow: '0 0 0 3px var(--bs-primary)' } : undefined}
                aria-label={t('profile.showPhoto', { n: i + 1 })}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
              >
                <img src={p.thumb_url} alt="" width={60} height={80} loading="lazy" className="object-fit-cover d-block" />
                {p.locked && (
                  <span className="position-absolute top-50 start-50 translate-middle text-white">
                    <LockIcon size={18} />
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
