// The page's handle on sync: starts the engine and its triggers for the logged-in member, stops and wipes at
// logout, and gives screens the database and a way to ask for a run after a write (DESIGN: how data flows).
import { proxy } from 'valtio';
import type { LikedBy } from '../../contract/index.ts';
import { onUserForgotten, session, setUser } from '../features/account/session-store.ts';
import { isSyncMessage, onServiceWorkerMessage, requestOutboxSync } from '../pwa/register-sw.ts';
import { dropMemberDb, memberDb, VISITOR } from '../data/member-db.ts';
import type { AppDB } from '../data/db.ts';
import { readCursor } from './cursor.ts';
import { createSyncEngine, type SyncEngine } from './engine.ts';
import { openLiveChannel } from './live.ts';
import { takeWorkerMatch } from './outbox-calls.ts';
import { syncPhotoLocks } from './photo-locks.ts';
import { watchPageHidden } from './page-hidden.ts';
import { scheduleSync } from './scheduler.ts';

/** Page-visible news from sync: a match made by a drained like, a new like, a refused chat delete (spec 4: alert). */
export const syncNews = proxy({
  /** Profile id of the last match a like made, until shown. */
  matchWith: null as number | null,
  /** The newest like (or match) that arrived while the site is open (a delta, or the auto-like), until shown (spec 2). */
  newLike: null as LikedBy | null,
  /** The error of the last refused chat delete, until dismissed. */
  deleteError: null as unknown,
});

let active: { userId: number; engine: SyncEngine; stop: () => void } | null = null;
/** The member whose start is awaiting its cursor: a second start meanwhile (React StrictMode) must not open a second engine and channel. */
let starting: { userId: number } | null = null;

/** Starts syncing member `userId` (idempotent for the same member; another member's engine is stopped first). */
export async function startMemberSync(userId: number, pushSubscribed: () => boolean = () => false): Promise<void> {
  if (active?.userId === userId || starting?.userId === userId) return;
  active?.stop();
  active = null;
  const start = { userId };
  starting = start;
  const db = memberDb(userId);
  // Photos synced locked while free (or sharp while premium) are fetched again when the premium status differs from
  // the one they were synced under (photo-locks.ts): checked at start, when sync brings the user, and after each run
  // (a check that failed offline tries again). A failure waits for the next of these.
  const checkPhotoLocks = () => {
    if (session.user?.id === userId)
      void syncPhotoLocks(db, session.user.paid_user, (reason) => engine.request(reason)).catch(() => {});
  };
  // A like the service worker sent while the app was closed may have made a match: shown after a run, with the
  // like news (like-news.tsx shows a like of a liked profile as a match).
  const announceWorkerMatch = () =>
    void takeWorkerMatch(db).then(
      (card) => {
        if (card && session.user?.id === userId) syncNews.newLike = card;
      },
      () => {},
    );
  const engine = createSyncEngine(db, userId, {
    onUser: (user) => {
      if (session.user?.id === user.id) setUser(user);
      checkPhotoLocks();
    },
    onRunDone: () => {
      checkPhotoLocks();
      announceWorkerMatch();
    },
    onCredits: (credits) => {
      if (session.user?.id === userId) session.user.credits = credits;
    },
    onMatch: (profileId) => {
      syncNews.matchWith = profileId;
    },
    onNewLikes: (cards) => {
      syncNews.newLike = cards[0];
    },
    onDeleteFailed: (error) => {
      syncNews.deleteError = error;
    },
    onOutboxWaiting: requestOutboxSync,
  });
  const { cursor } = await readCursor(db);
  // Ended (logout) or another member started while the cursor was read.
  if (starting !== start) return;
  starting = null;
  checkPhotoLocks();
  const stopSchedule = scheduleSync(engine, {
    immediate: cursor === null,
    pushSubscribed,
    onWorkerMessage: onServiceWorkerMessage,
  });
  // The live channel's "changed" hints pull the delta at once; the scheduler stays as the safety net.
  const closeLive = openLiveChannel(() => void engine.request('live'));
  const stopBeacon = watchPageHidden();
  // A like a push brought is in Dexie before this page syncs: the worker names it, so it still gets its modal.
  const offPushedLike = onServiceWorkerMessage((data) => {
    if (isSyncMessage(data) && data.liked_by) syncNews.newLike = data.liked_by;
  });
  active = {
    userId,
    engine,
    stop: () => {
      stopSchedule();
      closeLive();
      stopBeacon();
      offPushedLike();
    },
  };
}

/** Stops member `userId`'s engine and live channel (their user was dropped: the session store deletes their database). */
function stopMemberSync(userId: number): void {
  if (starting?.userId === userId) starting = null;
  syncNews.newLike = null;
  if (active?.userId === userId) {
    active.stop();
    active = null;
  }
}
onUserForgotten(stopMemberSync);

/** Stops member `userId`'s sync and deletes their database, as a logout does. */
export async function endMemberSync(userId: number): Promise<void> {
  stopMemberSync(userId);
  await dropMemberDb(userId);
}

/** Asks for a sync run now (after a write, or from a screen's refresh). Resolves when it ended; never throws. */
export function requestSync(reason: string): Promise<void> {
  return active ? active.engine.request(reason) : Promise.resolve();
}

/** The database screens read: the logged-in member's, or the visitor's. */
export function currentDb(): AppDB {
  return memberDb(session.user?.id ?? VISITOR);
}
