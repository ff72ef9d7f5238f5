// Likes and matches (spec 3: likes, liked_by; spec 4: opening a liked profile clears its new-like flag).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { LikeResponse, LikesResponse } from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';
import { likes, profiles } from '../db/schema.ts';
import { cardsOf, notBlockedWith, reachableMember } from './members.ts';
import type { Viewer } from './photos.ts';

/** Likes (`on` true) or unlikes member `memberId`; a mutual like is a match. Errors: 404 not_found, 403 blocked. */
export async function setLike(db: Db, siteId: number, viewer: Viewer, memberId: number, on: boolean): Promise<LikeResponse> {
  await reachableMember(db, siteId, memberId, viewer);
  if (memberId === viewer.id) return { liked: false, match: false };
  if (!on) {
    await db.delete(likes).where(and(eq(likes.likerId, viewer.id), eq(likes.likedId, memberId)));
    return { liked: false, match: false };
  }
  await db.insert(likes).values({ likerId: viewer.id, likedId: memberId }).onConflictDoNothing();
  const back = await db.select({ n: sql`1` }).from(likes).where(and(eq(likes.likerId, memberId), eq(likes.likedId, viewer.id)));
  return { liked: true, match: back.length > 0 };
}

/** SQL condition: `other` has an active profile and no block stands between it and the viewer either way. */
const listable = (viewerId: number, other: typeof likes.likerId | typeof likes.likedId) =>
  and(sql`exists (select 1 from ${profiles} where ${profiles.userId} = ${other} and ${profiles.status} = 'active')`, notBlockedWith(viewerId, other));

/** The likes call (spec 7): members `viewer` liked and members who liked `viewer`, newest first; inactive profiles and blocks left out. */
export async function likesOf(db: Db, viewer: Viewer, cdnPrefix: string): Promise<LikesResponse> {
  const mine = await db.select({ id: likes.likedId }).from(likes).where(and(eq(likes.likerId, viewer.id), listable(viewer.id, likes.likedId))).orderBy(desc(likes.createdAt));
  const theirs = await db.select({ id: likes.likerId, isNew: likes.isNew }).from(likes).where(and(eq(likes.likedId, viewer.id), listable(viewer.id, likes.likerId))).orderBy(desc(likes.createdAt));
  const isNew = new Map(theirs.map((l) => [l.id, l.isNew]));
  const likedBy = (await cardsOf(db, theirs.map((l) => l.id), viewer, cdnPrefix)).map((c) => ({ ...c, like_new: isNew.get(c.id) ?? false }));
  return { profiles: await cardsOf(db, mine.map((l) => l.id), viewer, cdnPrefix), liked_by: likedBy, total_new: likedBy.filter((l) => l.like_new).length };
}

/** Clears the new-like flag of `likerId`'s like of `viewerId` (spec 4). Returns the viewer's new-likes total. */
export async function markLikeSeen(db: Db, viewerId: number, likerId: number): Promise<number> {
  await db.update(likes).set({ isNew: false }).where(and(eq(likes.likerId, likerId), eq(likes.likedId, viewerId)));
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(likes).where(and(eq(likes.likedId, viewerId), eq(likes.isNew, true), listable(viewerId, likes.likerId)));
  return row.n;
}
