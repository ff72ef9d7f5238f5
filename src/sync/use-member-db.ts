// Screens read the database of whoever is logged in; re-rendering on login or logout switches it.
import { useSnapshot } from 'valtio';
import { session } from '../features/account/session-store.ts';
import { memberDb, VISITOR } from '../data/member-db.ts';
import type { AppDB } from '../data/db.ts';

/** The current member's Dexie database (the visitor's when logged out). */
export function useMemberDb(): AppDB {
  const { user } = useSnapshot(session);
  return memberDb(user?.id ?? VISITOR);
}
