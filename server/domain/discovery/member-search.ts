// The member search (spec 3: search state), apart from members.ts for its prepared statements and the caches it reads
// (server/cache/caches.ts): the counts (a count must visit every match) and the windows of first results that every
// member's search of the same filters shares (a page of them is no statement).
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { LRUCache } from 'lru-cache';
import type { MemberCard, SearchQuery, SearchResponse } from '../../../contract/index.ts';
import { SEARCH_PAGE_SIZE } from '../../../contract/index.ts';
import type { Db } from '../../db/connect.ts';
import { prepared, preparedRows } from '../../db/prepared.ts';
import type { JsonText } from '../../json-text.ts';
import { photos, profiles, users } from '../../db/schema.ts';
import { bandBetween } from './location.ts';
import { cardProfileColumns, notBlockedWith } from './members.ts';
import { birthDateRange } from './age.ts';
import { toCard } from './presenters.ts';
import type { SearchWindows } from '../../cache/search-windows.ts';
import type { Site } from '../types.ts';
import { searcherOf, type SearcherContext } from './searchers.ts';

const ph = (name: string) => sql.placeholder(name);

/**
 * SQL condition on `users`: the members the search's placeholders select. Those listed on site `site` (listedOnSite:
 * active profile, not invisible), in the birth-date range `from`..`to`, of `gender`, `country` and `region` when not
 * null; with a `viewer`, neither the viewer nor a member blocked either way. The profile's conditions sit in one
 * scalar subquery rather than a join: PostgreSQL cannot estimate a join's filter on placeholders (it guesses 0.5% of
 * the rows for a date range), would then expect a handful of matches and sort them all, while for this condition
 * it assumes half the rows match and walks `users_listed_seen` in the page's order, stopping at the page's last row.
 */
function searchFilter(): SQL {
  const viewerId = ph('viewer');
  const p = alias(profiles, 'search_profile');
  return and(
    eq(users.siteId, ph('site')),
    eq(users.invisible, false),
    sql`(${viewerId}::int is null or (${users.id} <> ${viewerId} and ${notBlockedWith(viewerId, users.id)}))`,
    sql`(select ${p.status} = 'active' and ${p.dateOfBirth} between ${ph('from')} and ${ph('to')}
      and (${ph('gender')}::text is null or ${p.gender} = ${ph('gender')})
      and (${ph('country')}::text is null or ${p.country} = ${ph('country')})
      and (${ph('region')}::text is null or ${p.region} = ${ph('region')})
      from ${profiles} as ${sql.identifier('search_profile')} where ${p.userId} = ${users.id})`,
  )!;
}

/** A row of the page's statement (its columns named as toCard reads them): a member's card. */
type PageRow = Pick<
  typeof profiles.$inferSelect,
  'userId' | 'name' | 'dateOfBirth' | 'gender' | 'country' | 'regionName' | 'city' | 'gridLat' | 'gridLon'
> &
  Pick<typeof users.$inferSelect, 'fictional' | 'lastSeenAt' | 'invisible'> & {
    photoId: number | null;
    photoKey: string | null;
    photoBlurKey: string | null;
  };

/**
 * The page's statement: `limit` members, online first, with their profile and first photo; from row `offset` when
 * `paged`. The first rows have a statement without the offset: with an offset placeholder PostgreSQL plans each
 * execution anew (about 0.2 ms; its generic plan looks dearer), without it it keeps one plan.
 */
function pageQuery(db: Db, paged: boolean, limit: number) {
  const first = db
    .select({ id: users.id, lastSeenAt: users.lastSeenAt, fictional: users.fictional, invisible: users.invisible })
    .from(users)
    .where(searchFilter())
    .orderBy(sql`${users.lastSeenAt} desc nulls last`, asc(users.id))
    .limit(limit);
  const page = (paged ? first.offset(ph('offset')) : first).as('page');
  const firstPhoto = db
    .select()
    .from(photos)
    .where(and(eq(photos.userId, page.id), eq(photos.position, 0)))
    .orderBy(photos.id)
    .limit(1)
    .as('first_photo');
  // Every column under the name PageRow gives it: the rows are read without the ORM's mapping (preparedRows).
  const columns: Record<keyof PageRow, SQL | AnyPgColumn> = {
    ...cardProfileColumns,
    dateOfBirth: sql`${profiles.dateOfBirth}::text`,
    fictional: page.fictional,
    lastSeenAt: page.lastSeenAt,
    invisible: page.invisible,
    photoId: firstPhoto.id,
    photoKey: firstPhoto.key,
    photoBlurKey: firstPhoto.blurKey,
  };
  return db
    .select(Object.fromEntries(Object.entries(columns).map(([name, column]) => [name, sql`${column}`.as(name)])))
    .from(page)
    .innerJoin(profiles, eq(profiles.userId, page.id))
    .leftJoinLateral(firstPhoto, sql`true`)
    .orderBy(sql`${page.lastSeenAt} desc nulls last`, asc(page.id));
}

/** The count's statement: every member the filter selects. */
const countQuery = (db: Db) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(searchFilter());

/** How many first results of a search its shared window holds: five pages. */
const SEARCH_WINDOW_ROWS = 5 * SEARCH_PAGE_SIZE;

/**
 * A member a search lists: their card as of when it was read (age, online flag) as JSON text (written once for every
 * search that shows it) and their grid cell.
 */
export interface Listed {
  id: number;
  json: string;
  cell: { lat: number | null; lon: number | null };
}

/** The listed members of a page's rows, their cards' ages and online flags as of `now`. */
function listedOf(rows: PageRow[], cdnPrefix: string, now = new Date()): Listed[] {
  return rows.map((r) => {
    // The card's photo is the first one, never locked (photoFor): who views it does not change it.
    const photo =
      r.photoId === null
        ? null
        : {
            id: r.photoId,
            userId: r.userId,
            key: r.photoKey!,
            blurKey: r.photoBlurKey!,
            position: 0,
            generator: null,
            createdAt: now,
          };
    const card: MemberCard = toCard({ profile: r, user: r, photo }, null, cdnPrefix, now);
    return { id: r.userId, json: JSON.stringify(card), cell: { lat: r.gridLat, lon: r.gridLon } };
  });
}

/** The site and filters of a search, without its viewer: what a window is read for. */
type WindowFilters = {
  site: number;
  from: string;
  to: string;
  gender: string | null;
  country: string | null;
  region: string | null;
};

/** What the search needs: the database, the searchers, the shared windows and the counts (server/cache/caches.ts). */
export interface SearchContext extends SearcherContext {
  caches: SearcherContext['caches'] & { searchWindows: SearchWindows<Listed>; searchCounts: LRUCache<string, number> };
}

/**
 * Search (spec 3: search state) of member `viewerId` (null: a visitor): active members of `site` matching the filters,
 * online first, then most recently seen; page `q.page` of SEARCH_PAGE_SIZE. Excludes the viewer and members blocked
 * either way.
 * Most pages are no statement: they are cut from the window of the same site and filters that every viewer shares
 * (the search windows: its first SEARCH_WINDOW_ROWS results as a visitor sees them, gone with any change of a member in
 * it), leaving out what the viewer's searcher excludes (searchers.ts: the viewer, blocks either way, exact from the
 * block's answer on); a page beyond what the window holds for the viewer is one statement of its own. The cards' order
 * and online flags may be up to SEARCH_WINDOW_TTL_MS old (a member just seen, just visible or new moves up or shows
 * that much later). `numResults` may be up to SEARCH_COUNT_TTL_MS old: it is counted once per viewer and filters
 * (sites, viewer, filters, today's age bounds) in that time. Answers the JSON text of the SearchResponse, made of its
 * cards' JSON written once.
 */
export async function searchMembers(
  ctx: SearchContext,
  site: Site,
  viewerId: number | null,
  q: SearchQuery,
): Promise<JsonText<SearchResponse>> {
  const { db, caches } = ctx;
  const siteId = site.id;
  const cdnPrefix = site.settings.cdn_prefix;
  const { from, to } = birthDateRange(q.min_age, q.max_age);
  const shared: WindowFilters = {
    site: siteId,
    from,
    to,
    gender: q.gender ?? null,
    country: q.country ?? null,
    region: q.countryregion ?? null,
  };
  const filters = { ...shared, viewer: viewerId };
  const offset = (q.page - 1) * SEARCH_PAGE_SIZE;
  const key = JSON.stringify(Object.values(filters));
  const readWindow = preparedRows<PageRow>(db, 'member_search_window', (d) => pageQuery(d, false, SEARCH_WINDOW_ROWS));
  const [windowRows, searcher, numResults] = await Promise.all([
    caches.searchWindows.get(JSON.stringify([...Object.values(shared), cdnPrefix]), async () =>
      listedOf(await readWindow({ ...shared, viewer: null }), cdnPrefix),
    ),
    viewerId === null ? null : searcherOf(ctx, viewerId),
    caches.searchCounts.get(key) ??
      prepared(db, 'member_search_count', (d) => countQuery(d).prepare('member_search_count'))
        .execute(filters)
        .then(([{ n }]) => (caches.searchCounts.set(key, n), n)),
  ]);
  const listed = searcher ? windowRows.filter((l) => !searcher.excluded.has(l.id)) : windowRows;
  const page =
    listed.length >= offset + SEARCH_PAGE_SIZE || windowRows.length < SEARCH_WINDOW_ROWS
      ? listed.slice(offset, offset + SEARCH_PAGE_SIZE)
      : listedOf(
          await preparedRows<PageRow>(db, 'member_search_page', (d) => pageQuery(d, true, SEARCH_PAGE_SIZE))({
            ...filters,
            offset,
          }),
          cdnPrefix,
        );
  const cards = page.map(({ json, cell }) => {
    const distance = searcher ? bandBetween(searcher.cell, cell) : undefined;
    // The card with `distance` as its last key, as `{ ...card, distance }` would be written.
    return distance ? `${json.slice(0, -1)},"distance":${JSON.stringify(distance)}}` : json;
  });
  return `{"profiles":[${cards.join(',')}],"numResults":${numResults},"page":${q.page}}` as JsonText<SearchResponse>;
}
