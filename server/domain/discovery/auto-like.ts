// The site's welcome like (spec 3: auto-like profile; spec 4: auto-like): one of the site's fictional members likes
// the caller, at most once per AUTO_LIKE_INTERVAL_HOURS. Apart from likes.ts because it picks the liker and guards
// the interval; the like itself is written like any other (likes row, change log, live channel).
import { and, eq, gt, inArray, ne, notExists, or, sql } from 'drizzle-orm';
import { AUTO_LIKE_INTERVAL_HOURS, type AutoLikeResponse } from '../../../contract/index.ts';
import type { Db, Tx } from '../../db/connect.ts';
import { autoLikes, likes, photos, profiles, users } from '../../db/schema.ts';
import { recordChanges } from '../sync/changes.ts';
import { likeChanges, likedByCards } from './likes.ts';
import { notBlockedWith } from './members.ts';
import type { Viewer } from '../types.ts';

type Gender = (typeof profiles.$inferSelect)['gender'];
type Sexuality = (typeof profiles.$inferSelect)['sexuality'];

/**
 * Who may like a member of `gender` and `sexuality` and be of interest to them: a list of (gender, sexualities).
 * Hetero wants the opposite gender, gay and lesbian the same, bi either; the liker must in turn want the member's
 * gender (hetero or bi for the opposite gender; gay, lesbian or bi for the same).
 */
export function likerKinds(gender: Gender, sexuality: Sexuality): { gender: Gender; sexualities: Sexuality[] }[] {
  const kinds: { gender: Gender; sexualities: Sexuality[] }[] = [];
  if (sexuality === 'hetero' || sexuality === 'bi')
    kinds.push({ gender: gender === 'male' ? 'female' : 'male', sexualities: ['hetero', 'bi'] });
  if (sexuality !== 'hetero') kinds.push({ gender, sexualities: ['gay', 'lesbian', 'bi'] });
  return kinds;
}

/**
 * A random liker for `caller` (member of site `siteId`), or null: an active fictional member with a first photo, of a
 * kind from likerKinds, with no like either way and no block either way, not auto-liked before; from `country` when
 * given. Indexed lookups over the filtered set, one row drawn by `random()`.
 */
async function pickLiker(
  tx: Tx,
  siteId: number,
  caller: { id: number; gender: Gender; sexuality: Sexuality },
  country: string | null,
): Promise<number | null> {
  const [row] = await tx
    .select({ id: users.id })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        country ? eq(profiles.country, country) : undefined,
        or(
          ...likerKinds(caller.gender, caller.sexuality).map((k) =>
            and(eq(profiles.gender, k.gender), inArray(profiles.sexuality, k.sexualities)),
          ),
        ),
        eq(profiles.status, 'active'),
        eq(users.siteId, siteId),
        eq(users.fictional, true),
        ne(users.id, caller.id),
        sql`exists (select 1 from ${photos} where ${photos.userId} = ${users.id} and ${photos.position} = 0)`,
        notExists(
          sql`(select 1 from ${likes} where (${likes.likerId} = ${users.id} and ${likes.likedId} = ${caller.id}) or (${likes.likerId} = ${caller.id} and ${likes.likedId} = ${users.id}))`,
        ),
        notExists(
          sql`(select 1 from ${autoLikes} where ${autoLikes.userId} = ${caller.id} and ${autoLikes.profileId} = ${users.id})`,
        ),
        notBlockedWith(caller.id, users.id),
      ),
    )
    .orderBy(sql`random()`)
    .limit(1);
  return row?.id ?? null;
}

/**
 * Gives member `userId` of site `siteId` an auto-like when one is due: none in the last AUTO_LIKE_INTERVAL_HOURS, the
 * member is not fictional and has a profile, and a liker exists (pickLiker; the member's country first, then any).
 * In one transaction: the member's row is locked (`FOR NO KEY UPDATE`, so concurrent calls of one member run one
 * after the other and the second sees the first's auto_likes row), then the like, the auto_likes row and the change
 * log ('like' for the liker, 'liked_by' for the member; the commit wakes the live channel); `notify` writes the
 * like's notices (push job) in that transaction. Returns the liker's id, or null when none was given.
 */
export async function giveAutoLike(
  db: Db,
  siteId: number,
  userId: number,
  notify: (tx: Db, likerId: number) => Promise<void>,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ fictional: users.fictional }).from(users).where(eq(users.id, userId)).for('no key update');
    if (!user || user.fictional) return null;
    const recent = await tx
      .select({ n: sql`1` })
      .from(autoLikes)
      .where(
        and(
          eq(autoLikes.userId, userId),
          gt(autoLikes.createdAt, sql`now() - make_interval(hours => ${AUTO_LIKE_INTERVAL_HOURS}::int)`),
        ),
      )
      .limit(1);
    if (recent.length) return null;
    const [me] = await tx
      .select({ gender: profiles.gender, sexuality: profiles.sexuality, country: profiles.country })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    if (!me) return null;
    const caller = { id: userId, gender: me.gender, sexuality: me.sexuality };
    const likerId = (await pickLiker(tx, siteId, caller, me.country)) ?? (await pickLiker(tx, siteId, caller, null));
    if (likerId === null) return null;
    await tx.insert(likes).values({ likerId, likedId: userId }).onConflictDoNothing();
    await tx.insert(autoLikes).values({ userId, profileId: likerId });
    await notify(tx as Db, likerId);
    // Last, after every row lock (server/domain/sync/changes.ts).
    await recordChanges(tx, likeChanges(likerId, userId));
    return likerId;
  });
}

/**
 * The answer of GET /api/auto-like.php for liker `likerId` as `viewer` sees them: the liked-by card (cardsOf rules:
 * the first photo is never locked) and `main_image.match`, that photo's URL; `{ profile: null }` when the liker is no
 * longer listable (profile inactive, blocked).
 */
export async function autoLikeAnswer(db: Db, viewer: Viewer, likerId: number): Promise<AutoLikeResponse> {
  const [card] = await likedByCards(db, viewer, [likerId]);
  if (!card) return { profile: null };
  return { profile: { id: card.id, card, main_image: card.photo ? { match: card.photo.url } : null } };
}
