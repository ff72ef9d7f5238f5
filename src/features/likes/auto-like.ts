// When the page asks for the site's welcome like (spec 4: auto-like; spec 7: GET /api/auto-like.php): once per page
// life, a while after a member enters the members area, online and visible. Apart from the modal host because it owns
// a timer and a call; the API client and zod load only when the call is made.
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { inMembersArea } from '../../app/routes.ts';
import { network } from '../../pwa/online.ts';
import { requestSync, syncNews } from '../../sync/member-sync.ts';
import { session } from '../account/session-store.ts';

/** Milliseconds in the members area (online and visible) before the auto-like is asked for. */
export const AUTO_LIKE_DELAY_MS = 15_000;

/** Set once the call was made: never twice per page life. */
let asked = false;

/** What decides whether the auto-like may be asked for now. */
export interface AutoLikeConditions {
  /** The logged-in user (null: a visitor); `fictional_icon` marks a fictional member. */
  user: { fictional_icon: boolean } | null;
  /** Path of the current page. */
  path: string;
  online: boolean;
  visible: boolean;
}

/** True when a logged-in, non-fictional member is in the members area (spec 2) with the page online and visible. */
export function autoLikeDue({ user, path, online, visible }: AutoLikeConditions): boolean {
  return !!user && !user.fictional_icon && online && visible && inMembersArea(path);
}

/**
 * GET /api/auto-like.php for member `userId`. A liker found becomes the page's new-like news at once (the modal shows
 * it, photo `main_image.match`); AUTO_LIKE_RELOAD_MS later the likes are reloaded through a sync run (spec 4).
 * Failures are ignored: the welcome like is optional.
 */
export async function fetchAutoLike(userId: number): Promise<void> {
  try {
    const [{ api }, { AutoLikeResponse, AUTO_LIKE_RELOAD_MS }] = await Promise.all([
      import('../../api/client.ts'),
      import('../../../contract/index.ts'),
    ]);
    const { profile } = await api('/api/auto-like.php', AutoLikeResponse);
    if (!profile || session.user?.id !== userId) return;
    const { card, main_image: image } = profile;
    syncNews.newLike = { ...card, photo: card.photo && image ? { ...card.photo, url: image.match } : card.photo };
    setTimeout(() => void requestSync('auto-like'), AUTO_LIKE_RELOAD_MS);
  } catch {
    // Offline meanwhile, or refused: no welcome like this time.
  }
}

const onVisibility = (notify: () => void) => {
  document.addEventListener('visibilitychange', notify);
  return () => document.removeEventListener('visibilitychange', notify);
};

/**
 * Asks for the auto-like AUTO_LIKE_DELAY_MS after autoLikeDue became true, at most once per page life; leaving the
 * members area, going offline or hiding the page cancels the wait (it starts anew on return).
 */
export function useAutoLike(): void {
  const { user } = useSnapshot(session);
  const { online } = useSnapshot(network);
  const [path] = useLocation();
  const visible = useSyncExternalStore(onVisibility, () => document.visibilityState === 'visible');
  const userId = user && autoLikeDue({ user, path, online, visible }) ? user.id : null;

  useEffect(() => {
    if (userId === null || asked) return;
    const timer = setTimeout(() => {
      asked = true;
      void fetchAutoLike(userId);
    }, AUTO_LIKE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [userId]);
}
