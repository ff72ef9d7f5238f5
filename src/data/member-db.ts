// Which database the page uses now: the logged-in member's, or the visitor's (search pages only). One place
// owns the switch so every screen and the sync engine read and write the same database.
import { deleteMemberDb, openMemberDb, type AppDB } from './db.ts';

/** User id 0 is the visitor: a database for search pages and seen profiles before login. */
export const VISITOR = 0;

let current: { userId: number; db: AppDB } | null = null;

/** The database of `userId` (VISITOR for a visitor), opened on first use and kept until another user's is asked for. */
export function memberDb(userId: number): AppDB {
  if (current?.userId !== userId) {
    current?.db.close();
    current = { userId, db: openMemberDb(userId) };
  }
  return current.db;
}

/** Closes and deletes `userId`'s database (logout: nothing of the member stays on the device). */
export async function dropMemberDb(userId: number): Promise<void> {
  if (current?.userId === userId) {
    current.db.close();
    current = null;
  }
  await deleteMemberDb(userId);
}
