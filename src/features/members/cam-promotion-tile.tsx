import { useTranslation } from 'react-i18next';
import css from './cam-promotion.module.css';

/** After how many member cards the tile sits in the results grid (docs/api.md: the adult-cam promotion). */
export const CAM_TILE_AFTER = 5;

/**
 * The adult-cam promotion tile of spec 2: an advertisement among the search results, the size of a member card. It is
 * a plain link (keyboard reachable, no focus handling of its own) to the site's `cam_promotion_url`, opened in a new
 * tab with rel="sponsored noopener", and visibly labelled "Advertisement". Its picture is drawn here (SVG), nothing is
 * downloaded. It is not a member: no member link, not in the results count.
 */
export function CamPromotionTile({ url }: { url: string }) {
  const { t } = useTranslation('members');
  return (
    <a
      href={url}
      target="_blank"
      rel="sponsored noopener"
      className={`d-block position-relative rounded-4 overflow-hidden shadow-sm text-white text-decoration-none ${css.tile}`}
    >
      <div className="ratio" style={{ '--bs-aspect-ratio': '133.333%' } as React.CSSProperties}>
        <CamDrawing />
      </div>
      <span className={`badge rounded-pill position-absolute top-0 start-0 m-2 ${css.ad}`}>{t('camPromo.ad')}</span>
      <div className={`position-absolute bottom-0 start-0 end-0 px-2 pb-2 px-sm-3 pb-sm-3 ${css.caption}`}>
        <div className="fw-bold lh-sm">{t('camPromo.title')}</div>
        <div className="small opacity-75 lh-sm mb-2">{t('camPromo.text')}</div>
        <span className={`btn btn-sm rounded-pill px-3 ${css.cta}`}>{t('camPromo.cta')}</span>
        <span className="visually-hidden">{t('camPromo.newTab')}</span>
      </div>
    </a>
  );
}

/** A webcam with a "live" light over a glowing backdrop, drawn as SVG (decorative). */
function CamDrawing() {
  return (
    <svg viewBox="0 0 300 400" aria-hidden="true" focusable="false" preserveAspectRatio="xMidYMid slice">
      <defs>
        <radialGradient id="cam-glow" cx="50%" cy="38%" r="70%">
          <stop offset="0" stopColor="#ff4f81" />
          <stop offset=".55" stopColor="#7a1f5c" />
          <stop offset="1" stopColor="#1b1436" />
        </radialGradient>
        <linearGradient id="cam-body" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f4f5fb" />
          <stop offset="1" stopColor="#c9cbe0" />
        </linearGradient>
      </defs>
      <rect width="300" height="400" fill="url(#cam-glow)" />
      <g fill="none" stroke="#fff" strokeOpacity=".18" strokeWidth="2">
        <circle cx="150" cy="150" r="112" />
        <circle cx="150" cy="150" r="140" />
      </g>
      {/* stand */}
      <path d="M150 212 v36" stroke="#c9cbe0" strokeWidth="10" strokeLinecap="round" />
      <ellipse cx="150" cy="256" rx="54" ry="12" fill="#c9cbe0" />
      {/* body and lens */}
      <circle cx="150" cy="150" r="74" fill="url(#cam-body)" />
      <circle cx="150" cy="150" r="48" fill="#1b1436" />
      <circle cx="150" cy="150" r="32" fill="#3a2f6b" />
      <circle cx="150" cy="150" r="16" fill="#0d0a1f" />
      <circle cx="138" cy="138" r="7" fill="#fff" fillOpacity=".8" />
      {/* live light */}
      <circle cx="196" cy="96" r="9" fill="#ff2d55" stroke="#fff" strokeWidth="3" />
    </svg>
  );
}
