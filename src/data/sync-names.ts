// Names the page and the service worker share for syncing: the Web Lock that keeps a member's sync runs one at a
// time (across tabs and the worker, so a page that opens while the worker flushes the outbox waits for it instead
// of sending the same entry again), and the Background Sync tags the page registers and the worker answers.

/** Background Sync tag: the outbox has writes waiting for the network (sw/sync-relay.ts sends them). */
export const OUTBOX_SYNC_TAG = 'outbox';

/** Periodic Background Sync tag: refresh the chat list, messages and badge while the app is closed. */
export const REFRESH_SYNC_TAG = 'refresh';

/** The lock name of member `userId`'s sync runs. */
const syncLockName = (userId: number): string => `sync-member-${userId}`;

/**
 * Runs `fn` holding member `userId`'s sync lock (navigator.locks, in pages and in the service worker), at once where
 * the browser has no Web Locks. Answers what `fn` answers; throws what it throws.
 */
export async function withSyncLock<T>(userId: number, fn: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !navigator.locks) return fn();
  return (await navigator.locks.request(syncLockName(userId), fn)) as T;
}
