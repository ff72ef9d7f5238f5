// Messages between the SW and its pages, apart from push.ts because they are not push: push and (periodic)
// Background Sync wake the pages' sync engine, or sync in the worker when no page is open (closed-app-sync.ts),
// and the page's "new version" prompt asks the waiting SW to take over.
import type { LikedBy } from '../contract/likes.ts';
import { OUTBOX_SYNC_TAG, REFRESH_SYNC_TAG } from '../src/data/sync-names.ts';
import { refreshClosedApp, sendOutbox } from './closed-app-sync.ts';

declare const self: ServiceWorkerGlobalScope;

/** The one page -> SW message: the user accepted the update prompt (src/pwa/register-sw.ts). */
const SKIP_WAITING = 'SKIP_WAITING';

/** SW -> page: something changed on the server, pull the delta now (src/pwa/register-sw.ts onServiceWorkerMessage). */
export interface SyncMessage {
  type: 'sync';
  reason: 'push' | 'background-sync';
  /**
   * A like or match a push brought, already stored in Dexie by the worker, so the page's sync will not find it
   * new: the page shows the new-like modal for it (src/features/likes/like-news.tsx).
   */
  liked_by?: LikedBy;
}

/** Background Sync's and Periodic Background Sync's events (not in TypeScript's WebWorker lib). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
declare global {
  interface ServiceWorkerGlobalScopeEventMap {
    sync: SyncEvent;
    periodicsync: SyncEvent;
  }
}

/** Tells every open window of the app (controlled or not yet) the message; answers how many there are. */
export async function tellWindows(message: SyncMessage): Promise<number> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage(message);
  return windows.length;
}

/** Open pages sync themselves when told (they show what a drain brings: a match, the new balance); else `inWorker`. */
async function syncSomewhere(inWorker: () => Promise<void>): Promise<void> {
  if ((await tellWindows({ type: 'sync', reason: 'background-sync' })) === 0) await inWorker();
}

/** Registers the sync and message handlers. */
export function listenForSyncAndMessages(): void {
  self.addEventListener('sync', (event) => {
    event.waitUntil(syncSomewhere(event.tag === OUTBOX_SYNC_TAG ? sendOutbox : async () => {}));
  });
  self.addEventListener('periodicsync', (event) => {
    if (event.tag === REFRESH_SYNC_TAG) event.waitUntil(syncSomewhere(refreshClosedApp));
  });
  self.addEventListener('message', (event) => {
    const data: unknown = event.data;
    if (data && typeof data === 'object' && (data as { type?: unknown }).type === SKIP_WAITING)
      event.waitUntil(self.skipWaiting());
  });
}
