// Messages between the SW and its pages, apart from push.ts because they are not push: push and Background
// Sync wake the pages' sync engine, and the page's "new version" prompt asks the waiting SW to take over.
import type { LikedBy } from '../contract/likes.ts';

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

/** Background Sync's event (not in TypeScript's WebWorker lib). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
declare global {
  interface ServiceWorkerGlobalScopeEventMap {
    sync: SyncEvent;
  }
}

/** Tells every open window of the app (controlled or not yet) the message. */
export async function tellWindows(message: SyncMessage): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage(message);
}

/** Registers the sync and message handlers. */
export function listenForSyncAndMessages(): void {
  self.addEventListener('sync', (event) => {
    event.waitUntil(tellWindows({ type: 'sync', reason: 'background-sync' }));
  });
  self.addEventListener('message', (event) => {
    const data: unknown = event.data;
    if (data && typeof data === 'object' && (data as { type?: unknown }).type === SKIP_WAITING)
      event.waitUntil(self.skipWaiting());
  });
}
