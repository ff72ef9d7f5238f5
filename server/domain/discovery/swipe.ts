// The swipe game (spec 2: /swipe-game; spec 9: 4 likes per day): the deck of members who fit the caller, and the
// daily count of swipe likes. The like itself is a normal like (likes.ts: likes list, match, notices, sync log).
import { and, asc, count, eq, inArray, ne, notExists, notInArray, or, sql } from 'drizzle-orm';
import { SWIPE_DECK_SIZE, SWIPE_LIKES_PER_DAY, type SwipeDeckResponse } from '../../../contract/index.ts';
import type { Db, Tx } from '../../db/connect.ts';
import { likes, profiles, swipeLikes, users } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { likerKinds } from './auto-like.ts';
import { cardsOf, listedOnSite, notBlockedWith } from './members.ts';
import type { Viewer } from '../types.ts';

/** The swipe-like day of `now`: its UTC calendar date (YYYY-MM-DD). One day for every member wherever they live. */
const swipeDay = (now = new Date()) => now.toISOString().slice(0, 10);

/** The next UTC midnight after `now` (ISO 8601), when a member's swipe likes are full again. */
function swipeResetsAt(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
}

/** Swipe likes `userId` has left today: SWIPE_LIKES_PER_DAY minus today's swipe_likes rows, never below 0. */
async function swipeLikesLeft(db: Db | Tx, userId: number, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(swipeLikes)
    .where(and(eq(swipeLikes.userId, userId), eq(swipeLikes.day, swipeDay(now))));
  return Math.max(0, SWIPE_LIKES_PER_DAY - row.n);
}

/**
 * Takes one of today's swipe likes of `userId` for a like of `likedId`, inside the like's transaction `tx` and before
 * it is written. The member's users row is locked first (`FOR NO KEY UPDATE`), so concurrent swipe likes of one member
 * count one after the other and exactly SWIPE_LIKES_PER_DAY get through. A like that already exists takes nothing (a
 * retried call is the same like). Throws ApiError 429 swipe_limit when none is left.
 */
export async function takeSwipeLike(tx: Tx, userId: number, likedId: number, now = new Date()): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  const existing = await tx
    .select({ n: sql`1` })
    .from(likes)
    .where(and(eq(likes.likerId, userId), eq(likes.likedId, likedId)));
  if (existing.length) return;
  if ((await swipeLikesLeft(tx, userId, now)) === 0) throw new ApiError(429, 'swipe_limit');
  await tx
    .insert(swipeLikes)
    .values({ userId, likedId, day: swipeDay(now) })
    .onConflictDoNothing();
}

/**
 * The swipe deck of `viewer` on their site (GET /api/swipe-deck.php): up to SWIPE_DECK_SIZE active, visible members
 * who fit the viewer both ways by gender and sexuality (likerKinds), not liked by the viewer yet, no block either way,
 * not in `skip` (members passed in this visit). Order: the viewer's country first, then the nearest age, then most
 * recently seen. An empty deck when the viewer has no profile.
 */
export async function swipeDeck(db: Db, viewer: Viewer, skip: number[]): Promise<SwipeDeckResponse> {
  const base = { likes_left: await swipeLikesLeft(db, viewer.id), resets_at: swipeResetsAt() };
  const [me] = await db
    .select({
      gender: profiles.gender,
      sexuality: profiles.sexuality,
      country: profiles.country,
      dateOfBirth: profiles.dateOfBirth,
    })
    .from(profiles)
    .where(eq(profiles.userId, viewer.id));
  if (!me) return { profiles: [], ...base };
  const rows = await db
    .select({ id: users.id, interests: profiles.interests })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        listedOnSite(viewer.siteId),
        ne(users.id, viewer.id),
        or(
          ...likerKinds(me.gender, me.sexuality).map((k) =>
            and(eq(profiles.gender, k.gender), inArray(profiles.sexuality, k.sexualities)),
          ),
        ),
        notExists(sql`(select 1 from ${likes} where ${likes.likerId} = ${viewer.id} and ${likes.likedId} = ${users.id})`),
        notBlockedWith(viewer.id, users.id),
        skip.length ? notInArray(users.id, skip) : undefined,
      ),
    )
    .orderBy(
      sql`(${profiles.country} = ${me.country}) desc`,
      sql`abs(${profiles.dateOfBirth} - ${me.dateOfBirth}::date)`,
      sql`${users.lastSeenAt} desc nulls last`,
      asc(users.id),
    )
    .limit(SWIPE_DECK_SIZE);
  const interestsOf = new Map(rows.map((r) => [r.id, r.interests]));
  const cards = await cardsOf(
    db,
    rows.map((r) => r.id),
    viewer,
    { cdnPrefix: viewer.cdnPrefix },
  );
  return {
    profiles: cards.map((c) => ({
      ...c,
      interests: (interestsOf.get(c.id) ?? []) as SwipeDeckResponse['profiles'][number]['interests'],
    })),
    ...base,
  };
}
