import { Suspense, useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../app/hydrated.tsx';
import { usePageTitle } from '../../app/page-title.ts';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { SWIPE_LIKES_PER_DAY } from '../../../contract/index.ts';
import { errorText } from '../../i18n/error-text.ts';
import { syncNews } from '../../sync/member-sync.ts';
import { useMemberDb } from '../../sync/use-member-db.ts';
import { CrossIcon, HeartFillIcon } from '../members/icons.tsx';
import { SwipeCard } from './swipe-card.tsx';
import { useSwipeDeck } from './swipe-deck.ts';
import css from './swipe-game.module.css';
import { lazyPart } from '../../app/lazy-screen.ts';

const MatchModal = lazyPart(() => import('../member/match-modal.tsx').then((m) => ({ default: m.MatchModal })));

/** True when a key press belongs to a form field or a menu, not to the game. */
const inField = (target: EventTarget | null) =>
  target instanceof HTMLElement && !!target.closest('input, textarea, select, [role="menu"], [role="dialog"]');

/**
 * /swipe-game (spec 2; spec 9: 4 likes per day): one member at a time from a deck that fits the member (gender and
 * sexuality both ways, country first, nearest age). Like or pass by button, by the right and left arrow keys, or by
 * dragging the card right or left. The likes left today are shown; at 0 the like is off until the next UTC day ("come
 * back tomorrow"), passing and the other ways to meet people stay open. A like is an ordinary like (outbox, likes list,
 * match modal).
 */
export default function SwipeGameScreen() {
  const { t, i18n } = useTranslation(['discovery', 'members']);
  usePageTitle(t('swipe.title'));
  const db = useMemberDb();
  const deck = useSwipeDeck(db);
  const { matchWith } = useSnapshot(syncNews);
  const liked = useRef(new Map<number, NonNullable<typeof deck.cards>[number]>());
  const top = deck.cards?.[0];
  const out = deck.likesLeft === 0 && deck.resetsAt !== null;

  const like = () => {
    if (top && !out) liked.current.set(top.id, top);
    deck.like();
  };
  const actions = useRef({ like, pass: deck.pass });
  actions.current = { like, pass: deck.pass };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || inField(e.target)) return;
      if (e.key === 'ArrowRight') actions.current.like();
      else if (e.key === 'ArrowLeft') actions.current.pass();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const match = matchWith !== null ? liked.current.get(matchWith) : undefined;
  // The reader's time zone is known only in the page: the server's render leaves the time out.
  const hydrated = useHydrated();
  const resetTime =
    hydrated && deck.resetsAt
      ? new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(new Date(deck.resetsAt))
      : '';

  return (
    <div className="container py-3 py-md-4">
      <div className={`mx-auto ${css.stage}`}>
        <div className="d-flex align-items-baseline justify-content-between gap-2 mb-2">
          <h1 className="h3 fw-bold mb-0">{t('swipe.title')}</h1>
          <Link href="/match-finder" className="small text-nowrap">
            {t('matchFinder.title')}
          </Link>
        </div>
        <p className="text-body-secondary small mb-3">{t('swipe.intro')}</p>
        <p className={`fw-semibold mb-3 ${out ? 'text-danger' : 'text-primary'}`} aria-live="polite" data-testid="likes-left">
          {deck.resetsAt !== null && t('swipe.likesLeft', { count: deck.likesLeft, total: SWIPE_LIKES_PER_DAY })}
        </p>

        {out && (
          <div className="alert alert-light border rounded-4" role="status">
            <h2 className="h6 fw-bold mb-1">{t('swipe.outTitle')}</h2>
            <p className="mb-2">{t('swipe.outText', { time: resetTime })}</p>
            <Link href="/members" className="btn btn-sm btn-outline-primary rounded-pill">
              {t('swipe.outSearch')}
            </Link>
          </div>
        )}

        {deck.error != null && (
          <div className="alert alert-danger d-flex align-items-center gap-3" role="alert">
            <span className="flex-grow-1">{errorText(deck.error, { t })}</span>
            <Button size="sm" variant="outline-danger" onClick={deck.reload}>
              {t('members:retry')}
            </Button>
          </div>
        )}

        {deck.cards === null ? (
          <div className="text-center py-5">
            <Spinner animation="border" variant="primary" role="status">
              <span className="visually-hidden">{t('swipe.loading')}</span>
            </Spinner>
          </div>
        ) : top ? (
          <section aria-label={t('swipe.deck')}>
            <SwipeCard key={top.id} card={top} onSwipe={(to) => (to === 'like' ? like() : deck.pass())} />
            <div className="d-flex justify-content-center align-items-center gap-4 mt-3">
              <Button
                variant="light"
                className={`rounded-circle border shadow-sm d-inline-flex align-items-center justify-content-center ${css.round}`}
                onClick={deck.pass}
                aria-label={t('swipe.passName', { name: top.name })}
              >
                <CrossIcon size={26} />
              </Button>
              <Link href={`/members/${top.id}`} className="small">
                {t('swipe.viewProfile')}
              </Link>
              <Button
                variant="primary"
                className={`rounded-circle shadow-sm d-inline-flex align-items-center justify-content-center ${css.round}`}
                onClick={like}
                disabled={out}
                aria-label={t('swipe.likeName', { name: top.name })}
              >
                <HeartFillIcon size={26} />
              </Button>
            </div>
            <p className="text-center text-body-secondary small mt-3 mb-0 d-none d-md-block">{t('swipe.keys')}</p>
          </section>
        ) : (
          deck.error == null && (
            <div className="text-center py-5 px-3 bg-white rounded-4 border shadow-sm">
              <h2 className="h5">{t('swipe.emptyTitle')}</h2>
              <p className="text-body-secondary">{t('swipe.emptyText')}</p>
              <Link href="/match-finder" className="btn btn-primary rounded-pill px-4">
                {t('matchFinder.title')}
              </Link>
            </div>
          )
        )}
      </div>
      {match && (
        <Suspense fallback={null}>
          <MatchModal
            show
            profile={match}
            onHide={() => {
              syncNews.matchWith = null;
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
