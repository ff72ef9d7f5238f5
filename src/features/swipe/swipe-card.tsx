import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SwipeCard as Card } from '../../../contract/index.ts';
import { FictionalBadge } from '../../ui/fictional-badge.tsx';
import { OnlineDot } from '../members/member-card.tsx';
import css from './swipe-game.module.css';

/** Pixels a card must be dragged sideways to count as a swipe. */
const SWIPE_THRESHOLD_PX = 90;

/** Interests shown on a card. */
const SHOWN_INTERESTS = 3;

/**
 * The top card of the swipe game: photo, name, age, city and a few interests. Dragging it with a finger, pen or mouse
 * (pointer events) past SWIPE_THRESHOLD_PX right likes (`onSwipe('like')`), left passes; a shorter drag springs back.
 * The buttons and arrow keys of the screen do the same for people who do not drag.
 */
export function SwipeCard({ card, onSwipe }: { card: Card; onSwipe: (to: 'like' | 'pass') => void }) {
  const { t } = useTranslation(['discovery', 'profile-fields', 'members']);
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);
  // The drag's distance as the last pointer event left it: a release judged by the rendered `dx` would miss the moves
  // React has not drawn yet (a quick flick on a busy phone), and the swipe would be lost.
  const dragged = useRef(0);

  const down = (e: PointerEvent<HTMLDivElement>) => {
    start.current = e.clientX;
    dragged.current = 0;
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    dragged.current = e.clientX - start.current;
    setDx(dragged.current);
  };
  const up = () => {
    if (start.current === null) return;
    start.current = null;
    if (Math.abs(dragged.current) >= SWIPE_THRESHOLD_PX) onSwipe(dragged.current > 0 ? 'like' : 'pass');
    dragged.current = 0;
    setDx(0);
  };

  const hint = dx >= SWIPE_THRESHOLD_PX / 2 ? 'like' : dx <= -SWIPE_THRESHOLD_PX / 2 ? 'pass' : null;
  return (
    <div
      className={`position-relative rounded-4 overflow-hidden shadow bg-body-secondary ${css.card}`}
      style={{ transform: dx ? `translateX(${dx}px) rotate(${dx / 20}deg)` : undefined, transition: dx ? 'none' : undefined }}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      data-testid="swipe-card"
    >
      <div className="ratio" style={{ '--bs-aspect-ratio': '125%' } as React.CSSProperties}>
        {card.photo ? (
          <img
            src={card.photo.url}
            alt=""
            width={480}
            height={600}
            draggable={false}
            className="object-fit-cover"
            // The top card's photo is the page's largest paint.
            fetchPriority="high"
          />
        ) : (
          <div className={`d-flex align-items-center justify-content-center fw-bold ${css.noPhoto}`} aria-hidden="true">
            {card.name.slice(0, 1).toUpperCase()}
          </div>
        )}
      </div>
      {hint && (
        <span
          className={`position-absolute top-0 m-3 badge fs-5 ${hint === 'like' ? 'start-0 text-bg-primary' : 'end-0 text-bg-dark'}`}
          aria-hidden="true"
        >
          {t(hint === 'like' ? 'swipe.like' : 'swipe.pass')}
        </span>
      )}
      {card.fictional && (
        <span className="position-absolute top-0 end-0 m-2 rounded-circle p-1 d-flex bg-white shadow-sm">
          <FictionalBadge size={20} />
        </span>
      )}
      <div className={`position-absolute bottom-0 start-0 end-0 p-3 text-white ${css.caption}`}>
        <h2 className="h4 fw-bold mb-0 d-flex align-items-center gap-2 text-white">
          <span className="text-truncate" translate="no">
            {card.name}, {card.age}
          </span>
          {card.online && <OnlineDot />}
        </h2>
        {card.city && (
          <p className="mb-2 opacity-75" translate="no">
            {card.city}
          </p>
        )}
        {card.interests.length > 0 && (
          <ul className="list-unstyled d-flex flex-wrap gap-1 mb-0" aria-label={t('swipe.interests')}>
            {card.interests.slice(0, SHOWN_INTERESTS).map((i) => (
              <li key={i} className={`badge rounded-pill fw-normal ${css.interest}`}>
                {t(`profile-fields:interests.${i}`)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
