// The nav badges, the title prefix and the app badge read one live count from Dexie.
import { useLiveQuery } from 'dexie-react-hooks';
import { newCounts, type NewCounts } from '../data/badge-count.ts';
import { useMemberDb } from './use-member-db.ts';

const NONE: NewCounts = { unread: 0, newLikes: 0 };

/** Unread messages and new likes of the current member, live (0 and 0 until read, and for a visitor). */
export function useNewCounts(): NewCounts {
  const db = useMemberDb();
  return useLiveQuery(() => newCounts(db), [db], NONE);
}
