// Likes and matches (spec 3: likes, liked_by; spec 4: opening a liked profile clears its new-like flag).
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { LikedBy, LikeResponse, LikesResponse, MemberCard } from '../../../contract/index.ts';
import type { Db, Tx } from '../../db/connect.ts';
import { likes, profiles } from '../../db/schema.ts';
import { recordChanges, type Change } from '../sync/changes.ts';
import { cardsOf, notBlockedWith, reachableMember } from './members.ts';
import type { Viewer } from '../types.ts';

/**
 * `viewer` likes (`on` true) or unlikes member `memberId` of their site; a mutual like is a match. Errors: 404
 * not_found, 403 blocked.
 * Sync log, when the like was added or removed: 'like' (the member) for the viewer, 'liked_by' (the viewer) for the member.
 * `notify` writes the notices of a new like (push and mail jobs; `match`: the member had liked the viewer first) in the
 * same transaction; a repeated like notifies nobody. `before` runs first in that transaction (the swipe game's daily
 * count, swipe.ts: takeSwipeLike; its error aborts the like). Returns the answer and `added`: true when this call made a new like.
 */
export async function setLike(
  db: Db,
  viewer: Pick<Viewer, 'id' | 'siteId'>,
  {
    memberId,
    on,
    notify,
    before,
  }: {
    memberId: number;
    on: boolean;
    notify: (tx: Db, match: boolean) => Promise<void>;
    before?: (tx: Tx) => Promise<void>;
  },
): Promise<{ answer: LikeResponse; added: boolean }> {
  await reachableMember(db, viewer.siteId, memberId, viewer);
  if (memberId === viewer.id) return { answer: { liked: false, match: false }, added: false };
  const pair = and(eq(likes.likerId, viewer.id), eq(likes.likedId, memberId));
  return db.transaction(async (tx) => {
    await before?.(tx);
    const changed = on
      ? await tx
          .insert(likes)
          .values({ likerId: viewer.id, likedId: memberId })
          .onConflictDoNothing()
          .returning({ id: likes.likedId })
      : await tx.delete(likes).where(pair).returning({ id: likes.likedId });
    const back = on
      ? await tx
          .select({ n: sql`1` })
          .from(likes)
          .where(and(eq(likes.likerId, memberId), eq(likes.likedId, viewer.id)))
      : [];
    const added = on && changed.length > 0;
    if (added) await notify(tx as Db, back.length > 0);
    if (changed.length) await recordChanges(tx, likeChanges(viewer.id, memberId));
    return { answer: { liked: on, match: back.length > 0 }, added };
  });
}

/** The sync log rows of a like of `likedId` by `likerId` added or removed: 'like' for the liker, 'liked_by' for the liked. */
export function likeChanges(likerId: number, likedId: number): Change[] {
  return [
    { userId: likerId, kind: 'like', entityId: likedId },
    { userId: likedId, kind: 'liked_by', entityId: likerId },
  ];
}

/** SQL condition: `other` has an active profile and no block stands between it and the viewer either way. */
const listable = (viewerId: number, other: typeof likes.likerId | typeof likes.likedId) =>
  and(
    sql`exists (select 1 from ${profiles} where ${profiles.userId} = ${other} and ${profiles.status} = 'active')`,
    notBlockedWith(viewerId, other),
  );

/** Cards of the listable members `viewer` liked, newest like first; `only` restricts them to those member ids. */
export async function likedCards(db: Db, viewer: Viewer, only?: number[]): Promise<MemberCard[]> {
  if (only?.length === 0) return [];
  const mine = await db
    .select({ id: likes.likedId })
    .from(likes)
    .where(and(eq(likes.likerId, viewer.id), listable(viewer.id, likes.likedId), only ? inArray(likes.likedId, only) : undefined))
    .orderBy(desc(likes.createdAt));
  return cardsOf(
    db,
    mine.map((l) => l.id),
    viewer,
    { cdnPrefix: viewer.cdnPrefix },
  );
}

/** Cards (with `like_new`) of the listable members who liked `viewer`, newest first; `only` restricts them to those ids. */
export async function likedByCards(db: Db, viewer: Viewer, only?: number[]): Promise<LikedBy[]> {
  if (only?.length === 0) return [];
  const theirs = await db
    .select({ id: likes.likerId, isNew: likes.isNew })
    .from(likes)
    .where(and(eq(likes.likedId, viewer.id), listable(viewer.id, likes.likerId), only ? inArray(likes.likerId, only) : undefined))
    .orderBy(desc(likes.createdAt));
  const isNew = new Map(theirs.map((l) => [l.id, l.isNew]));
  return (
    await cardsOf(
      db,
      theirs.map((l) => l.id),
      viewer,
      { cdnPrefix: viewer.cdnPrefix },
    )
  ).map((c) => ({ ...c, like_new: isNew.get(c.id) ?? false }));
}

/** The likes call (spec 7): members `viewer` liked and members who liked `viewer`, newest first; inactive profiles and blocks left out. */
export async function likesOf(db: Db, viewer: Viewer): Promise<LikesResponse> {
  const likedBy = await likedByCards(db, viewer);
  return {
    profiles: await likedCards(db, viewer),
    liked_by: likedBy,
    total_new: likedBy.filter((l) => l.like_new).length,
  };
}

/** New likes of `viewerId` from listable members (the likes part of the badge, spec 4). */
export async function totalNewLikes(db: Db, viewerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(likes)
    .where(and(eq(likes.likedId, viewerId), eq(likes.isNew, true), listable(viewerId, likes.likerId)));
  return row.n;
}

/**
 * Clears the new-like flag of `likerId`'s like of `viewerId` (spec 4). Returns the viewer's new-likes total.
 * Sync log, when the flag was set: 'liked_by' (the liker) for the viewer.
 */
export async function markLikeSeen(db: Db, viewerId: number, likerId: number): Promise<number> {
  await db.transaction(async (tx) => {
    const seen = await tx
      .update(likes)
      .set({ isNew: false })
      .where(and(eq(likes.likerId, likerId), eq(likes.likedId, viewerId), eq(likes.isNew, true)))
      .returning({ id: likes.likerId });
    if (seen.length) await recordChanges(tx, [{ userId: viewerId, kind: 'liked_by', entityId: likerId }]);
  });
  return totalNewLikes(db, viewerId);
}
