import { Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../account/session-store.ts';
import { lazyPart } from '../../app/lazy-screen.ts';

// Lazy: the sync engine and Dexie it needs stay out of the layout's chunk (DESIGN: budgets).
const LikeNews = lazyPart(() => import('./like-news.tsx'));

/** Spec 2: the match / new-like modal host of the default layout, for logged-in members (see like-news.tsx). */
export function NewLikeHost() {
  const { user } = useSnapshot(session);
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <LikeNews />
    </Suspense>
  );
}
