// Headless service component (Phanpy style): owns the periodic refresh of spec 4/9 and the document
// title prefix of spec 2. Renders nothing.
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { refreshUser, session } from '../features/account/session-store.ts';
import { chatsState, refreshChats } from '../features/chat/chats-store.ts';
import { likesState, refreshLikes } from '../features/likes/likes-store.ts';
import { composeTitle, pageTitle } from './page-title.ts';

/** Spec 9: first refresh 5 s after start, then every 60 s (300 s once push is subscribed, a later issue). */
export const FIRST_REFRESH_MS = 5_000;
export const REFRESH_INTERVAL_MS = 60_000;

/** Runs `fn` and swallows its failure: a missed refresh is retried on the next tick. */
function quietly(fn: () => unknown): void {
  try {
    void Promise.resolve(fn()).catch(() => {});
  } catch {
    // Same as above, for a synchronous throw.
  }
}

export default function RefreshService() {
  const { user, settings } = useSnapshot(session);
  const { totalUnread } = useSnapshot(chatsState);
  const { totalNew } = useSnapshot(likesState);
  const { title } = useSnapshot(pageTitle);
  const userId = user?.id ?? null;
  const lastRun = useRef(0);

  useEffect(() => {
    if (userId === null) return;
    const refreshAll = () => {
      lastRun.current = Date.now();
      quietly(refreshUser);
      quietly(refreshChats);
      quietly(refreshLikes);
    };
    // The badges need their counts now; the timed refresh of spec 4 follows.
    quietly(refreshChats);
    quietly(refreshLikes);
    // A hidden tab skips its ticks and catches up when shown again.
    const tick = () => {
      if (document.visibilityState === 'visible') refreshAll();
    };
    let interval: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(() => {
      tick();
      interval = setInterval(tick, REFRESH_INTERVAL_MS);
    }, FIRST_REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible' && lastRun.current && Date.now() - lastRun.current > REFRESH_INTERVAL_MS) refreshAll();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(first);
      clearInterval(interval);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [userId]);

  const count = userId === null ? 0 : totalUnread + totalNew;
  const siteName = settings?.name ?? '';
  useEffect(() => {
    document.title = composeTitle(count, title ?? null, title ? siteName : settings?.index_title || siteName);
  }, [count, title, siteName, settings?.index_title]);

  return null;
}
