// The sync cursor and the ETag of the answer it came from, kept in Dexie's meta table beside the data.
import type { AppDB } from '../data/db.ts';

/** Where the last applied sync answer left off. `cursor` null: never synced (the next pull is a snapshot). */
export interface SyncCursor {
  cursor: number | null;
  etag: string | null;
}

const KEY = 'sync-cursor';
/** Set by resetCursor until a snapshot is applied. */
const SNAPSHOT_WANTED = 'sync-snapshot-wanted';

/** The saved cursor; none saved reads as never synced. */
export async function readCursor(db: AppDB): Promise<SyncCursor> {
  const row = await db.meta.get(KEY);
  return (row?.value as SyncCursor | undefined) ?? { cursor: null, etag: null };
}

/**
 * Saves the cursor (inside the transaction that applied its answer; `snapshot` when that answer was one). After
 * resetCursor only a snapshot's cursor is kept: a delta fetched by a run that was under way at the reset must not
 * bring the old cursor back.
 */
export async function writeCursor(db: AppDB, value: SyncCursor, opts: { snapshot?: boolean } = {}): Promise<void> {
  if (opts.snapshot) await db.meta.delete(SNAPSHOT_WANTED);
  else if (await db.meta.get(SNAPSHOT_WANTED)) return;
  await db.meta.put({ key: KEY, value });
}

/**
 * Forgets the cursor: the next pull asks for a snapshot (e.g. after a failed chat delete: spec 4 reload; a change of
 * premium status: photo-locks.ts), and keeps asking until one is applied.
 */
export async function resetCursor(db: AppDB): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    await db.meta.put({ key: SNAPSHOT_WANTED, value: true });
    await db.meta.delete(KEY);
  });
}
