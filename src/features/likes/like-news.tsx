// The page's like news (lazy, logged-in members only): asks for the auto-like and shows the match / new-like modal.
import { Suspense, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { LikedBy } from '../../../contract/index.ts';
import { findRoute } from '../../app/routes.ts';
import { currentDb, syncNews } from '../../sync/member-sync.ts';
import { session } from '../account/session-store.ts';
import { useAutoLike } from './auto-like.ts';
import { lazyPart } from '../../app/lazy-screen.ts';

const MatchModal = lazyPart(() => import('../member/match-modal.tsx').then((m) => ({ default: m.MatchModal })));

/** Profile ids whose like was announced (or seen on screen) in this page life: one modal per like. */
const announced = new Set<number>();

/** The id of the profile `path` shows (members-id, likes-m-id), else null. */
export function openProfileId(path: string): number | null {
  const { name } = findRoute(path);
  return name === 'members-id' || name === 'likes-m-id' ? Number(path.split('/').filter(Boolean).at(-1)) : null;
}

/**
 * The match / new-like modal of spec 2 for likes that arrive while the site is open: the auto-like (which this
 * component also asks for, see useAutoLike) and likes a sync delta brought (`syncNews.newLike`: by the live channel or
 * a push). A like of a profile the member already likes (Dexie likes) is a match. One modal at a time, the newest
 * wins; none for the profile open on screen, none twice for one profile. The modal's code loads with the first news.
 */
export default function LikeNews() {
  useAutoLike();
  const { newLike } = useSnapshot(syncNews);
  const { user } = useSnapshot(session);
  const [news, setNews] = useState<{ card: LikedBy; match: boolean } | null>(null);
  const [show, setShow] = useState(false);
  const latest = useRef(0);

  useEffect(() => {
    if (!newLike) return;
    syncNews.newLike = null;
    const card = newLike as LikedBy;
    if (!user || announced.has(card.id)) return;
    announced.add(card.id);
    if (openProfileId(location.pathname) === card.id) return;
    const turn = ++latest.current;
    void currentDb()
      .likes.get(card.id)
      .then(
        (liked) => {
          if (turn !== latest.current) return;
          setNews({ card, match: !!liked });
          setShow(true);
        },
        () => {},
      );
  }, [newLike, user]);

  if (!news) return null;
  return (
    <Suspense fallback={null}>
      <MatchModal
        show={show}
        profile={news.card}
        kind={news.match ? 'match' : 'like'}
        onHide={() => setShow(false)}
        onExited={() => setNews(null)}
      />
    </Suspense>
  );
}
