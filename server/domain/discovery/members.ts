// Member cards, profiles and search as a viewer may see them (spec 2: members, members-id; spec 3, 6).
import { and, asc, desc, eq, gte, inArray, lte, ne, notExists, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { MemberCard, MemberProfile, OptionalProfileField, SimilarResponse } from '../../../contract/index.ts';
import { ageOn, SIMILAR_AGE_YEARS, SIMILAR_LIMIT, optionalProfileFields } from '../../../contract/index.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect.ts';
import { blocks, conversations, likes, photos, profiles, users } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { forgetSearchers, notifyBlockChange } from './searchers.ts';
import { recordChanges, type Change } from '../sync/changes.ts';
import { bandBetween } from './location.ts';
import { photoFor, type PhotoRow, type Viewer } from './photos.ts';

/** A member counts as online when seen within this many minutes. */
const ONLINE_MINUTES = 10;

/** The YYYY-MM-DD birth date bounds for ages min..max on `now`: born on or after `from`, on or before `to`. */
export function birthDateRange(minAge: number, maxAge: number, now = new Date()): { from: string; to: string } {
  const day = (years: number, extraDays: number) => {
    const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + extraDays));
    return d.toISOString().slice(0, 10);
  };
  return { from: day(maxAge + 1, 1), to: day(minAge, 0) };
}

type ProfileRow = typeof profiles.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** The profile columns a card shows (toCard), and the grid cell its distance band comes from. */
export const cardProfileColumns = {
  userId: profiles.userId,
  name: profiles.name,
  dateOfBirth: profiles.dateOfBirth,
  gender: profiles.gender,
  country: profiles.country,
  regionName: profiles.regionName,
  city: profiles.city,
  gridLat: profiles.gridLat,
  gridLon: profiles.gridLon,
};

/** Card of one member (spec 3) from its rows and photos in position order. */
export function toCard(
  p: Pick<ProfileRow, 'userId' | 'name' | 'dateOfBirth' | 'gender' | 'country' | 'regionName' | 'city'>,
  u: Pick<UserRow, 'fictional' | 'lastSeenAt' | 'invisible'>,
  photoRows: PhotoRow[],
  viewer: Viewer | null,
  cdnPrefix: string,
  now = new Date(),
): MemberCard {
  return {
    id: p.userId,
    name: p.name,
    age: ageOn(p.dateOfBirth, now),
    gender: p.gender,
    country: p.country as MemberCard['country'],
    region: p.regionName,
    city: p.city,
    fictional: u.fictional,
    // Spec 4: an invisible member is never shown online.
    online: !u.invisible && !!u.lastSeenAt && now.getTime() - u.lastSeenAt.getTime() < ONLINE_MINUTES * 60_000,
    photo: photoRows[0] ? photoFor(photoRows[0], 0, viewer, cdnPrefix) : null,
  };
}

/**
 * Cards of members `ids`, in the order of `ids` (missing ids are skipped). Two queries whatever the count. With `from`
 * (the viewer's grid cell), each card carries the distance band to the member's cell (location.ts).
 */
export async function cardsOf(
  db: Db,
  ids: number[],
  viewer: Viewer | null,
  cdnPrefix: string,
  from?: GridCell | null,
): Promise<MemberCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ p: profiles, u: { fictional: users.fictional, lastSeenAt: users.lastSeenAt, invisible: users.invisible } })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(inArray(profiles.userId, ids));
  const firstPhotos = await db
    .select()
    .from(photos)
    .where(and(inArray(photos.userId, ids), eq(photos.position, 0)));
  const photoBy = new Map(firstPhotos.map((ph) => [ph.userId, ph]));
  const byId = new Map(rows.map((r) => [r.p.userId, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const ph = photoBy.get(id);
    const card = toCard(r.p, r.u, ph ? [ph] : [], viewer, cdnPrefix);
    const distance = from ? bandBetween(from, { lat: r.p.gridLat, lon: r.p.gridLon }) : undefined;
    return [distance ? { ...card, distance } : card];
  });
}

/** A stored (grid-snapped) location; both null when the member gave none. */
type GridCell = { lat: number | null; lon: number | null };

/** The grid cell of member `userId`, or null without a profile row. */
async function gridOf(db: Db, userId: number): Promise<GridCell | null> {
  const [row] = await db
    .select({ lat: profiles.gridLat, lon: profiles.gridLon })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row ?? null;
}

/** SQL condition: no block in either direction between `viewerId` and the member in `memberColumn`. */
export function notBlockedWith(viewerId: number | Placeholder, memberColumn: AnyPgColumn) {
  return notExists(
    sql`(select 1 from ${blocks} where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${memberColumn}) or (${blocks.blockerId} = ${memberColumn} and ${blocks.blockedId} = ${viewerId}))`,
  );
}

/**
 * SQL condition (on users joined with profiles): the members a site lists in search, discovery and landers: of site
 * `siteId`, with an active profile, not invisible (spec 4: invisible members are absent from search).
 */
export function listedOnSite(siteId: number | Placeholder) {
  return and(eq(users.siteId, siteId), eq(profiles.status, 'active'), eq(users.invisible, false));
}

/**
 * One page of the members matching `where` (a filter over profiles joined with users), most recently seen first:
 * up to `limit` cards from row `offset` as `viewer` sees them (distance bands from the viewer's grid cell), and
 * `numResults`, the count of all matches. The similar results use it; the search has its own prepared statements
 * (member-search.ts) with the same order.
 */
async function listedPage(
  db: Db,
  where: SQL | undefined,
  limit: number,
  offset: number,
  viewer: Viewer | null,
  cdnPrefix: string,
): Promise<{ profiles: MemberCard[]; numResults: number }> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(where);
  const rows = await db
    .select({ id: users.id })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(where)
    .orderBy(sql`${users.lastSeenAt} desc nulls last`, asc(users.id))
    .limit(limit)
    .offset(offset);
  return {
    profiles: await cardsOf(
      db,
      rows.map((r) => r.id),
      viewer,
      cdnPrefix,
      viewer && (await gridOf(db, viewer.id)),
    ),
    numResults: count,
  };
}

/**
 * Similar results (spec 3: search state) for member `memberId` as `viewer` sees them: the members of the site like
 * them, meaning the same gender and country and an age within SIMILAR_AGE_YEARS of theirs (clamped to 18..99), so
 * "similar" is the search for exactly those filters. Never the member itself, the viewer or a member blocked either
 * way; online first, then most recently seen; at most SIMILAR_LIMIT cards with distance bands, `numResults` all of them.
 * Errors as reachableMember (404 not_found, 403 blocked).
 */
export async function similarMembers(
  db: Db,
  siteId: number,
  memberId: number,
  viewer: Viewer | null,
  cdnPrefix: string,
): Promise<SimilarResponse> {
  const { p } = await reachableMember(db, siteId, memberId, viewer);
  const age = ageOn(p.dateOfBirth, new Date());
  const { from, to } = birthDateRange(Math.max(18, age - SIMILAR_AGE_YEARS), Math.min(99, age + SIMILAR_AGE_YEARS));
  const where = and(
    listedOnSite(siteId),
    eq(profiles.gender, p.gender),
    eq(profiles.country, p.country),
    gte(profiles.dateOfBirth, from),
    lte(profiles.dateOfBirth, to),
    ne(users.id, memberId),
    viewer ? ne(users.id, viewer.id) : undefined,
    viewer ? notBlockedWith(viewer.id, users.id) : undefined,
  );
  return listedPage(db, where, SIMILAR_LIMIT, 0, viewer, cdnPrefix);
}

/** The member's name if `blockerId` blocked `blockedId`, else null. */
async function blockerName(db: Db, blockerId: number, blockedId: number): Promise<string | null> {
  const rows = await db
    .select({ name: profiles.name })
    .from(blocks)
    .innerJoin(profiles, eq(profiles.userId, blocks.blockerId))
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
  return rows[0]?.name ?? null;
}

/**
 * A member of site `siteId` that `viewer` may contact: throws ApiError 404 not_found when there is no such
 * active member (or it is the viewer), 403 blocked (spec 6 message with the member's name) when it blocked the viewer.
 */
export async function reachableMember(
  db: Db,
  siteId: number,
  memberId: number,
  viewer: Viewer | null,
): Promise<{ p: ProfileRow; u: UserRow }> {
  const [row] = await db
    .select({ p: profiles, u: users })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(users.id, memberId), eq(users.siteId, siteId)));
  if (!row || (row.p.status !== 'active' && row.u.id !== viewer?.id)) throw new ApiError(404, 'not_found');
  if (viewer) {
    const name = await blockerName(db, memberId, viewer.id);
    if (name) throw new ApiError(403, 'blocked', { name });
  }
  return row;
}

/** The settings that shape a profile view: where photos live and which details others see (spec 3: Settings). */
export interface ProfileViewSettings {
  cdn_prefix: string;
  visible_profile_fields: readonly string[];
}

/**
 * The full profile of `memberId` as `viewer` may see it (spec 2: members-id). Only the details the site's
 * `visible_profile_fields` lists are present, and only when the member set them (null and '' are absent, never a
 * default). `distance` is the band between the viewer's and the member's grid-snapped locations (location.ts).
 * Errors as reachableMember.
 */
export async function memberProfile(
  db: Db,
  siteId: number,
  memberId: number,
  viewer: Viewer | null,
  settings: ProfileViewSettings,
): Promise<MemberProfile> {
  const { p, u } = await reachableMember(db, siteId, memberId, viewer);
  const cdnPrefix = settings.cdn_prefix;
  const photoRows = await db.select().from(photos).where(eq(photos.userId, memberId)).orderBy(asc(photos.position));
  let liked = false;
  let likedBy = false;
  let blocked = false;
  let conversationId: number | null = null;
  let viewerGrid: GridCell | null = null;
  if (viewer) {
    const likeRows = await db
      .select()
      .from(likes)
      .where(
        or(
          and(eq(likes.likerId, viewer.id), eq(likes.likedId, memberId)),
          and(eq(likes.likerId, memberId), eq(likes.likedId, viewer.id)),
        ),
      );
    liked = likeRows.some((l) => l.likerId === viewer.id);
    likedBy = likeRows.some((l) => l.likerId === memberId);
    blocked = (await blockerName(db, viewer.id, memberId)) !== null;
    const [lo, hi] = viewer.id < memberId ? [viewer.id, memberId] : [memberId, viewer.id];
    const [conv] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.userLow, lo), eq(conversations.userHigh, hi)));
    conversationId = conv?.id ?? null;
    viewerGrid = await gridOf(db, viewer.id);
  }
  const details: Record<OptionalProfileField, unknown> = {
    sexuality: p.sexuality,
    hair_color: p.hairColor,
    eye_color: p.eyeColor,
    body_type: p.bodyType,
    relationship_status: p.relationshipStatus,
    tattoos: p.tattoos,
    interests: p.interests.length ? p.interests : null,
    about: p.about,
  };
  const shown = Object.fromEntries(
    optionalProfileFields
      .filter((f) => settings.visible_profile_fields.includes(f) && details[f] !== null && details[f] !== '')
      .map((f) => [f, details[f]]),
  ) as Partial<Pick<MemberProfile, OptionalProfileField>>;
  const distance = viewer && viewer.id !== memberId ? bandBetween(viewerGrid, { lat: p.gridLat, lon: p.gridLon }) : undefined;
  return {
    ...toCard(p, u, photoRows, viewer, cdnPrefix),
    ...shown,
    ...(distance ? { distance } : {}),
    photos: photoRows.map((ph, i) => photoFor(ph, i, viewer, cdnPrefix)),
    liked,
    liked_by: likedBy,
    blocked,
    conversation_id: conversationId,
  };
}

/**
 * Block (`on` true) or unblock a member (spec 6). Errors: not_found. Returns the new state.
 * Sync log, when the block was added or removed: 'chat' for both members if they have a conversation, and for
 * each like between them 'like' for the liker and 'liked_by' for the liked (blocked pairs leave those lists).
 */
export async function setBlock(db: Db, siteId: number, viewerId: number, memberId: number, on: boolean): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, memberId), eq(users.siteId, siteId)));
  if (!row || memberId === viewerId) throw new ApiError(404, 'not_found');
  const changed = await db.transaction(async (tx) => {
    const changed = on
      ? await tx
          .insert(blocks)
          .values({ blockerId: viewerId, blockedId: memberId })
          .onConflictDoNothing()
          .returning({ id: blocks.blockedId })
      : await tx
          .delete(blocks)
          .where(and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, memberId)))
          .returning({ id: blocks.blockedId });
    if (!changed.length) return false;
    const [lo, hi] = viewerId < memberId ? [viewerId, memberId] : [memberId, viewerId];
    const [conv] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.userLow, lo), eq(conversations.userHigh, hi)));
    const pairLikes = await tx
      .select({ likerId: likes.likerId, likedId: likes.likedId })
      .from(likes)
      .where(
        or(
          and(eq(likes.likerId, viewerId), eq(likes.likedId, memberId)),
          and(eq(likes.likerId, memberId), eq(likes.likedId, viewerId)),
        ),
      );
    const rows: Change[] = conv ? [viewerId, memberId].map((userId) => ({ userId, kind: 'chat', entityId: conv.id })) : [];
    for (const l of pairLikes)
      rows.push(
        { userId: l.likerId, kind: 'like', entityId: l.likedId },
        { userId: l.likedId, kind: 'liked_by', entityId: l.likerId },
      );
    await recordChanges(tx, rows);
    await notifyBlockChange(tx, [viewerId, memberId]);
    return true;
  });
  // Searches leave the pair out of each other's results from the answer of this call on (searchers.ts).
  if (changed) forgetSearchers(db, [viewerId, memberId]);
  return on;
}

/** The cards of the members `viewer` blocked, the newest block first (GET /api/blocks.php). */
export async function blockedMembers(db: Db, viewer: Viewer, cdnPrefix: string): Promise<MemberCard[]> {
  const rows = await db
    .select({ id: blocks.blockedId })
    .from(blocks)
    .where(eq(blocks.blockerId, viewer.id))
    .orderBy(desc(blocks.createdAt));
  return cardsOf(
    db,
    rows.map((r) => r.id),
    viewer,
    cdnPrefix,
  );
}
