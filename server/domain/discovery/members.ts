// Member cards, profiles and search as a viewer may see them (spec 2: members, members-id; spec 3, 6).
import { and, asc, desc, eq, gte, inArray, lte, ne, notExists, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { MemberCard, MemberProfile, OptionalProfileField, SimilarResponse } from '../../../contract/index.ts';
import { ageOn, SIMILAR_AGE_YEARS, SIMILAR_LIMIT, optionalProfileFields } from '../../../contract/index.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect.ts';
import { blocks, conversations, likes, photos, profiles, users } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { recordChanges, type Change } from '../sync/changes.ts';
import { bandBetween } from './location.ts';
import { birthDateRange } from './age.ts';
import { photoFor, toCard } from './presenters.ts';
import type { Looker, Site, UserRow, Viewer } from '../types.ts';

type ProfileRow = typeof profiles.$inferSelect;

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

/**
 * Cards of members `ids` as `viewer` (null: a visitor) sees them, in the order of `ids` (missing ids are skipped), photo
 * URLs under `cdnPrefix`. Two queries whatever the count. With `from` (the viewer's grid cell), each card carries the
 * distance band to the member's cell (location.ts).
 */
export async function cardsOf(
  db: Db,
  ids: number[],
  viewer: Looker | null,
  { cdnPrefix, from }: { cdnPrefix: string; from?: GridCell | null },
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
    const card = toCard({ profile: r.p, user: r.u, photo: ph ?? null }, viewer, cdnPrefix);
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
 * up to `limit` cards from row `offset` as `viewer` sees them (photo URLs under `cdnPrefix`, distance bands from the
 * viewer's grid cell), and `numResults`, the count of all matches. The similar results use it; the search has its own
 * prepared statements (member-search.ts) with the same order.
 */
async function listedPage(
  db: Db,
  where: SQL | undefined,
  viewer: Looker | null,
  { limit, offset, cdnPrefix }: { limit: number; offset: number; cdnPrefix: string },
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
      { cdnPrefix, from: viewer && (await gridOf(db, viewer.id)) },
    ),
    numResults: count,
  };
}

/**
 * Similar results (spec 3: search state) for member `memberId` as `viewer` (null: a visitor) sees them on `site`: the members of the site like
 * them, meaning the same gender and country and an age within SIMILAR_AGE_YEARS of theirs (clamped to 18..99), so
 * "similar" is the search for exactly those filters. Never the member itself, the viewer or a member blocked either
 * way; online first, then most recently seen; at most SIMILAR_LIMIT cards with distance bands, `numResults` all of them.
 * Errors as reachableMember (404 not_found, 403 blocked).
 */
export async function similarMembers(db: Db, site: Site, viewer: Looker | null, memberId: number): Promise<SimilarResponse> {
  const siteId = site.id;
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
  return listedPage(db, where, viewer, { limit: SIMILAR_LIMIT, offset: 0, cdnPrefix: site.settings.cdn_prefix });
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
  viewer: Pick<Viewer, 'id'> | null,
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

/**
 * The full profile of `memberId` as `viewer` (null: a visitor) may see it on `site` (spec 2: members-id). Only the
 * details the site's `visible_profile_fields` lists are present, and only when the member set them (null and '' are
 * absent, never a default). `distance` is the band between the viewer's and the member's grid-snapped locations
 * (location.ts). Errors as reachableMember.
 */
export async function memberProfile(db: Db, site: Site, viewer: Looker | null, memberId: number): Promise<MemberProfile> {
  const { p, u } = await reachableMember(db, site.id, memberId, viewer);
  const { settings } = site;
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
    ...toCard({ profile: p, user: u, photo: photoRows[0] ?? null }, viewer, cdnPrefix),
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
 * `viewer` blocks (`on` true) or unblocks member `memberId` of their site (spec 6). Errors: not_found. Returns the new state.
 * Sync log, when the block was added or removed: 'chat' for both members if they have a conversation, and for
 * each like between them 'like' for the liker and 'liked_by' for the liked (blocked pairs leave those lists).
 */
export async function setBlock(db: Db, viewer: Pick<Viewer, 'id' | 'siteId'>, memberId: number, on: boolean): Promise<boolean> {
  const { id: viewerId, siteId } = viewer;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, memberId), eq(users.siteId, siteId)));
  if (!row || memberId === viewerId) throw new ApiError(404, 'not_found');
  await db.transaction(async (tx) => {
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
    if (!changed.length) return;
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
    // The pair's searches leave each other out from the answer of this call on (every instance's searchers forget them).
    await recordChanges(tx, rows, { blocksChanged: [viewerId, memberId] });
  });
  return on;
}

/** The cards of the members `viewer` blocked, the newest block first (GET /api/blocks.php). */
export async function blockedMembers(db: Db, viewer: Viewer): Promise<MemberCard[]> {
  const rows = await db
    .select({ id: blocks.blockedId })
    .from(blocks)
    .where(eq(blocks.blockerId, viewer.id))
    .orderBy(desc(blocks.createdAt));
  return cardsOf(
    db,
    rows.map((r) => r.id),
    viewer,
    { cdnPrefix: viewer.cdnPrefix },
  );
}
