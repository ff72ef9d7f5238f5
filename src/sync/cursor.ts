// The sync cursor and the ETag of the answer it came from, kept in Dexie's meta table beside the data.
import type { AppDB } from '../data/db.ts';

/** Where the last applied sync answer left off. `cursor` null: never synced (the next pull is a snapshot). */
export interface SyncCursor {
  cursor: number | null;
  etag: string | null;
}

const KEY = 'sync-cursor';

/** The saved cursor; none saved reads as never synced. */
export async function readCursor(db: AppDB): Promise<SyncCursor> {
  const row = await db.meta.get(KEY);
  return (row?.value as SyncCursor | undefined) ?? { cursor: null, etag: null };
}

/** Saves the cursor (inside the transaction that applied its answer). */
export async function writeCursor(db: AppDB, value: SyncCursor): Promise<void> {
  await db.meta.put({ key: KEY, value });
}

/** Forgets the cursor: the next pull asks for a snapshot (e.g. after a failed chat delete: spec 4 reload). */
export async function resetCursor(db: AppDB): Promise<void> {
  await db.meta.delete(KEY);
}
