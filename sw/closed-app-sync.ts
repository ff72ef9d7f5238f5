// Sync while the app is closed: Background Sync sends the outbox when the network is back, Periodic Background
// Sync refreshes the chat list, messages and badge. With a page open the pages sync themselves (they are told,
// sync-relay.ts); with none, the worker runs the page's own sync steps (src/sync/worker-sync.ts) on the member's
// Dexie database, holding the sync lock a page takes too, so a page that opens meanwhile waits and sends nothing twice.
import type { AppDB } from '../src/data/db.ts';
import { openMemberDb } from '../src/data/db.ts';
import { readSessionCache } from '../src/data/session-cache.ts';
import { withSyncLock } from '../src/data/sync-names.ts';
import { flushOutboxInWorker, pullInWorker, type FlushResult } from '../src/sync/worker-sync.ts';
import { refreshBadge } from './badge.ts';

/** Runs `fn` on the logged-in member's database under their sync lock; null when nobody is logged in. */
async function forMember<T>(fn: (db: AppDB) => Promise<T>): Promise<T | null> {
  const userId = (await readSessionCache())?.user?.id;
  if (userId === undefined) return null;
  const db = openMemberDb(userId);
  try {
    return await withSyncLock(userId, () => fn(db));
  } finally {
    db.close();
  }
}

/**
 * Background Sync with no page open: sends the outbox. Throws while the network still fails, so the browser fires
 * the sync again later (Chromium: after 5 min, then 15 min, then gives up until the next registration).
 */
export async function sendOutbox(): Promise<void> {
  const result: FlushResult | null = await forMember(flushOutboxInWorker);
  await refreshBadge();
  if (result === 'retry') throw new Error('outbox: the network still fails');
}

/**
 * Periodic Background Sync with no page open: sends the outbox, pulls the delta into Dexie and sets the badge from
 * it. A failure waits for the next period (the page's own sync catches up when it opens).
 */
export async function refreshClosedApp(): Promise<void> {
  try {
    await forMember(async (db) => {
      await flushOutboxInWorker(db);
      await pullInWorker(db);
    });
  } catch (error) {
    console.warn('periodic sync failed', error);
  }
  await refreshBadge();
}
