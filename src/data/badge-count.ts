// The badge number has one definition, shared by the page and the service worker (spec 4: app badge =
// unread messages + new likes), so whichever sets the badge sets the same number.
import type { AppDB } from './db.ts';

/** What is new for the member: unread messages over all conversations, and new likes. */
export interface NewCounts {
  unread: number;
  newLikes: number;
}

/** Counts unread messages and new likes in `db`. */
export async function newCounts(db: AppDB): Promise<NewCounts> {
  let unread = 0;
  await db.conversations.each((c) => {
    unread += c.unread;
  });
  const newLikes = await db.likedBy.where('likeNew').equals(1).count();
  return { unread, newLikes };
}

/** The app badge number (spec 4): unread messages + new likes. */
export async function badgeCount(db: AppDB): Promise<number> {
  const { unread, newLikes } = await newCounts(db);
  return unread + newLikes;
}
