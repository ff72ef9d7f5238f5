// Likes in Dexie: members the user liked and members who liked the user, newest first by `order`.
import type { LikedBy, MemberCard } from '../../contract/index.ts';
import type { AppDB, LikedByRow, LikeRow } from './db.ts';

/** A like row; `order` ranks newest first (higher = newer). */
export const toLikeRow = (card: MemberCard, order: number): LikeRow => ({ ...card, order });
/** A liked-by row; `order` as above. */
function toLikedByRow(card: LikedBy, order: number): LikedByRow {
  const { like_new: likeNew, ...rest } = card;
  return { ...rest, order, likeNew: likeNew ? 1 : 0 };
}

/**
 * Upserts `cards` into `table`: rows already present keep their order, new ones rank newest. In a snapshot
 * (`replace`), the table is replaced and the server's order (newest first) is kept.
 */
async function upsertOrdered<C extends { id: number }, R extends { id: number; order: number }>(
  table: import('dexie').Table<R, number>, cards: C[], toRow: (c: C, order: number) => R, replace: boolean, now: number,
): Promise<void> {
  if (replace) {
    await table.clear();
    await table.bulkPut(cards.map((c, i) => toRow(c, now - i)));
    return;
  }
  const existing = await table.bulkGet(cards.map((c) => c.id));
  await table.bulkPut(cards.map((c, i) => toRow(c, existing[i]?.order ?? now - i)));
}

/** Applies likes and liked_by of a sync answer (spec 3). `replace`: a snapshot. */
export async function applyLikes(
  db: AppDB,
  delta: { likes: MemberCard[]; removed_likes: number[]; liked_by: LikedBy[]; removed_liked_by: number[] },
  replace: boolean,
  now = Date.now(),
): Promise<void> {
  await upsertOrdered(db.likes, delta.likes, toLikeRow, replace, now);
  await upsertOrdered(db.likedBy, delta.liked_by, toLikedByRow, replace, now);
  if (delta.removed_likes.length) await db.likes.bulkDelete(delta.removed_likes);
  if (delta.removed_liked_by.length) await db.likedBy.bulkDelete(delta.removed_liked_by);
}
