// The member search (spec 3: search state), apart from members.ts for its two prepared statements and the cache of its
// counts (issue 14: a search's count must visit every match, its page only the first rows in the order of an index).
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import type { SearchQuery, SearchResponse } from '../../contract/index.ts';
import { SEARCH_PAGE_SIZE } from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';
import { prepared, preparedRows } from '../db/prepared.ts';
import { photos, profiles, users } from '../db/schema.ts';
import { bandBetween } from './location.ts';
import { birthDateRange, cardProfileColumns, notBlockedWith, toCard } from './members.ts';
import type { Viewer } from './photos.ts';

/** How long a search's `numResults` is reused for the same viewer and filters, in milliseconds. */
export const SEARCH_COUNT_TTL_MS = 5_000;
/** How many counts each database handle keeps (least recently used out first). */
const SEARCH_COUNTS_MAX = 10_000;

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

/** A row of the page's statement (its columns named as toCard reads them): a member's card and the viewer's cell. */
type PageRow = Pick<typeof profiles.$inferSelect, 'userId' | 'name' | 'dateOfBirth' | 'gender' | 'country' | 'regionName' | 'city' | 'gridLat' | 'gridLon'> &
  Pick<typeof users.$inferSelect, 'fictional' | 'lastSeenAt' | 'invisible'> & {
    photoId: number | null;
    photoKey: string | null;
    photoBlurKey: string | null;
    viewerLat: number | null;
    viewerLon: number | null;
  };

/**
 * The page's statement: SEARCH_PAGE_SIZE members, online first, with their profile, first photo and the viewer's cell;
 * from row `offset` when `paged`. The first page has a statement without the offset: with an offset placeholder
 * PostgreSQL plans each execution anew (about 0.2 ms; its generic plan looks dearer), without it it keeps one plan.
 */
function pageQuery(db: Db, paged: boolean) {
  const first = db
    .select({ id: users.id, lastSeenAt: users.lastSeenAt, fictional: users.fictional, invisible: users.invisible })
    .from(users)
    .where(searchFilter())
    .orderBy(sql`${users.lastSeenAt} desc nulls last`, asc(users.id))
    .limit(SEARCH_PAGE_SIZE);
  const page = (paged ? first.offset(ph('offset')) : first).as('page');
  const firstPhoto = db.select().from(photos).where(and(eq(photos.userId, page.id), eq(photos.position, 0))).orderBy(photos.id).limit(1).as('first_photo');
  const viewerCell = (column: AnyPgColumn) => sql`(select ${column} from ${profiles} where ${profiles.userId} = ${ph('viewer')})`;
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
    viewerLat: viewerCell(profiles.gridLat),
    viewerLon: viewerCell(profiles.gridLon),
  };
  return db
    .select(Object.fromEntries(Object.entries(columns).map(([name, column]) => [name, sql`${column}`.as(name)])))
    .from(page)
    .innerJoin(profiles, eq(profiles.userId, page.id))
    .leftJoinLateral(firstPhoto, sql`true`)
    .orderBy(sql`${page.lastSeenAt} desc nulls last`, asc(page.id));
}

/** The count's statement: every member the filter selects. */
const countQuery = (db: Db) => db.select({ n: sql<number>`count(*)::int` }).from(users).where(searchFilter());

const counts = new WeakMap<Db, LRUCache<string, number>>();

/** The recent counts of `db`'s searches, by site, viewer and filters. */
function countsOf(db: Db): LRUCache<string, number> {
  let cache = counts.get(db);
  if (!cache) counts.set(db, (cache = new LRUCache<string, number>({ max: SEARCH_COUNTS_MAX, ttl: SEARCH_COUNT_TTL_MS })));
  return cache;
}

/**
 * Search (spec 3: search state): active members of the site matching the filters, online first, then most
 * recently seen; page `q.page` of SEARCH_PAGE_SIZE. Excludes the viewer and members blocked either way.
 * The cards are exact; `numResults` may be up to SEARCH_COUNT_TTL_MS old: it is counted once per viewer and filters
 * (sites, viewer, filters, today's age bounds) in that time and reused for their other pages and repeats, so most
 * searches are one statement that reads the page's rows only (a count must visit every match).
 */
export async function searchMembers(db: Db, siteId: number, q: SearchQuery, viewer: Pick<Viewer, 'id'> | null, cdnPrefix: string): Promise<SearchResponse> {
  const { from, to } = birthDateRange(q.min_age, q.max_age);
  const filters = { site: siteId, viewer: viewer?.id ?? null, from, to, gender: q.gender ?? null, country: q.country ?? null, region: q.countryregion ?? null };
  const key = JSON.stringify(Object.values(filters));
  const cache = countsOf(db);
  const counted = cache.get(key);
  const [rows, numResults] = await Promise.all([
    q.page === 1
      ? preparedRows<PageRow>(db, 'member_search_first_page', (d) => pageQuery(d, false))(filters)
      : preparedRows<PageRow>(db, 'member_search_page', (d) => pageQuery(d, true))({ ...filters, offset: (q.page - 1) * SEARCH_PAGE_SIZE }),
    counted ??
      prepared(db, 'member_search_count', (d) => countQuery(d).prepare('member_search_count'))
        .execute(filters)
        .then(([{ n }]) => (cache.set(key, n), n)),
  ]);
  const now = new Date();
  const cell = viewer && rows[0] ? { lat: rows[0].viewerLat, lon: rows[0].viewerLon } : null;
  const cards = rows.map((r) => {
    // The card's photo is the first one, never locked (photoFor): who views it does not change it.
    const photo = r.photoId === null ? [] : [{ id: r.photoId, userId: r.userId, key: r.photoKey!, blurKey: r.photoBlurKey!, position: 0, generator: null, createdAt: now }];
    const card = toCard(r, r, photo, null, cdnPrefix, now);
    const distance = cell ? bandBetween(cell, { lat: r.gridLat, lon: r.gridLon }) : undefined;
    return distance ? { ...card, distance } : card;
  });
  return { profiles: cards, numResults, page: q.page };
}
