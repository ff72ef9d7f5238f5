// The member search (spec 3: search state), apart from members.ts for its prepared statements and its caches (issue
// 14): the counts (a count must visit every match) and the windows of first results that every member's search of the
// same filters shares (a page of them is no statement).
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
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
import type { LiveObserver } from '../../services/live.ts';
import { isBeingWritten, LiveCache, perDatabase, writesSoFar } from '../../services/member-cache.ts';
import type { Site } from '../types.ts';
import { searcherOf } from './searchers.ts';

/** How long a search's `numResults` is reused for the same viewer and filters, in milliseconds. */
const SEARCH_COUNT_TTL_MS = 5_000;
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

const counts = new WeakMap<Db, LRUCache<string, number>>();

/** The recent counts of `db`'s searches, by site, viewer and filters. */
function countsOf(db: Db): LRUCache<string, number> {
  let cache = counts.get(db);
  if (!cache) counts.set(db, (cache = new LRUCache<string, number>({ max: SEARCH_COUNTS_MAX, ttl: SEARCH_COUNT_TTL_MS })));
  return cache;
}

/** How many first results of a search its shared window holds: five pages. */
const SEARCH_WINDOW_ROWS = 5 * SEARCH_PAGE_SIZE;
/** How long a window of results is shared, in milliseconds: how old the cards' order may be. */
export const SEARCH_WINDOW_TTL_MS = 5_000;
/** How many windows each database handle keeps (the oldest stored go first; about 50 KB each). */
const SEARCH_WINDOWS_MAX = 1_000;

/**
 * A member a search lists: their card as of when it was read (age, online flag) as JSON text (written once for every
 * search that shows it) and their grid cell.
 */
interface Listed {
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

/** How many members' last change a SearchWindows remembers (for the reads in flight). */
const CHANGED_AT_MAX = 50_000;

/** The site and filters of a search, without its viewer: what a window is read for. */
type WindowFilters = {
  site: number;
  from: string;
  to: string;
  gender: string | null;
  country: string | null;
  region: string | null;
};

/**
 * The windows of recent searches, by site and filters: their first SEARCH_WINDOW_ROWS results as a visitor sees them,
 * read by one statement when missing or SEARCH_WINDOW_TTL_MS old (searches that miss meanwhile wait for that one
 * statement). A window goes as soon as a change of any member in it is heard (their NOTIFY), and is not used while
 * this process writes one (writesInFlight), so the cards are as exact as the search's own statement (their ages and
 * online flags as of the read); a member not in it (one who became visible, joined, or moved up by being seen) shows
 * within SEARCH_WINDOW_TTL_MS. While the hub's listener is lost it serves nothing. A read never stores rows of a member
 * changed since it began (`changedAt`: the epoch of each member's last change heard), nor a searcher joins a read
 * begun before such a change or before a write of this process.
 */
class SearchWindows extends LiveCache {
  private windows = new Map<string, { rows: Listed[]; at: number }>();
  private byMember = new Map<number, Set<string>>();
  private reading = new Map<string, { epoch: number; writes: number; rows: Promise<Listed[]> }>();
  private changedAt = new Map<number, number>();
  /** Reads begun before this epoch are stale for every member (changedAt was cleared then). */
  private floor = 0;

  constructor(private readonly read: (filters: WindowFilters) => Promise<PageRow[]>) {
    super();
  }

  /**
   * The window of `filters` on a site of `cdnPrefix`: from memory, or from the statement already reading it (begun
   * after the last write of this process and with no change heard since for a member it read), or a new one.
   */
  async get(filters: WindowFilters, cdnPrefix: string): Promise<Listed[]> {
    const key = JSON.stringify([...Object.values(filters), cdnPrefix]);
    const now = Date.now();
    const held = this.serving ? this.windows.get(key) : undefined;
    if (held && now - held.at < SEARCH_WINDOW_TTL_MS && !held.rows.some((r) => isBeingWritten(r.id, now))) return held.rows;
    const pending = this.reading.get(key);
    if (pending && pending.writes === writesSoFar()) {
      const rows = await pending.rows;
      if (!this.changedSince(rows, pending.epoch)) return rows;
    }
    return this.start(key, filters, cdnPrefix, now);
  }

  /** A new read of the window `key`, stored when no member it read changed meanwhile. */
  private start(key: string, filters: WindowFilters, cdnPrefix: string, now: number): Promise<Listed[]> {
    const epoch = this.epoch;
    const rows = this.read(filters)
      .then((r) => listedOf(r, cdnPrefix))
      .finally(() => {
        if (this.reading.get(key)?.rows === rows) this.reading.delete(key);
      });
    this.reading.set(key, { epoch, writes: writesSoFar(), rows });
    void rows.then(
      (r) => this.serving && !this.changedSince(r, epoch) && !r.some((l) => isBeingWritten(l.id)) && this.store(key, r, now),
      () => {},
    );
    return rows;
  }

  /** True when a change of a member of `rows` was heard after `epoch`. */
  private changedSince(rows: Listed[], epoch: number): boolean {
    return epoch < this.floor || rows.some((r) => (this.changedAt.get(r.id) ?? -1) >= epoch);
  }

  private store(key: string, rows: Listed[], at: number): void {
    this.drop(key);
    if (this.windows.size >= SEARCH_WINDOWS_MAX) this.drop(this.windows.keys().next().value!);
    this.windows.set(key, { rows, at });
    for (const r of rows) {
      let keys = this.byMember.get(r.id);
      if (!keys) this.byMember.set(r.id, (keys = new Set()));
      keys.add(key);
    }
  }

  private drop(key: string): void {
    const held = this.windows.get(key);
    if (!held) return;
    this.windows.delete(key);
    for (const r of held.rows) {
      const keys = this.byMember.get(r.id);
      keys?.delete(key);
      if (keys?.size === 0) this.byMember.delete(r.id);
    }
  }

  override changed(userIds: number[]): void {
    // changedAt only needs to outlive the reads in flight: past a bound, every read begun before now is stale.
    if (this.changedAt.size > CHANGED_AT_MAX) {
      this.changedAt.clear();
      this.floor = this.epoch + 1;
    }
    for (const id of userIds) {
      this.changedAt.set(id, this.epoch);
      for (const key of this.byMember.get(id) ?? []) this.drop(key);
    }
    this.epoch++;
  }
  protected clear(): void {
    this.floor = this.epoch;
    this.windows.clear();
    this.byMember.clear();
    this.changedAt.clear();
  }
}

const windows = perDatabase((db: Db) => {
  const read = preparedRows<PageRow>(db, 'member_search_window', (d) => pageQuery(d, false, SEARCH_WINDOW_ROWS));
  return new SearchWindows((filters) => read({ ...filters, viewer: null }));
});

/**
 * Turns the shared windows of searches on for `db` (buildApp does, with the live hub that keeps them correct): the
 * observer. Without it every search reads its page with a statement of its own.
 */
export const searchWindowsFor = (db: Db): LiveObserver => windows.cacheFor(db);

/**
 * Search (spec 3: search state) of member `viewerId` (null: a visitor): active members of `site` matching the filters,
 * online first, then most recently seen; page `q.page` of SEARCH_PAGE_SIZE. Excludes the viewer and members blocked
 * either way.
 * Most pages are no statement: they are cut from the window of the same site and filters that every viewer shares
 * (SearchWindows: its first SEARCH_WINDOW_ROWS results, gone with any change of a member in it), leaving out what the
 * viewer's searcher excludes (searchers.ts: the viewer, blocks either way, exact from the block's answer on); a page
 * beyond what the window holds for the viewer is one statement of its own. The cards' order and online flags may be
 * up to SEARCH_WINDOW_TTL_MS old (a member just seen, just visible or new moves up or shows that much later). `numResults`
 * may be up to SEARCH_COUNT_TTL_MS old: it is counted once per viewer and filters (sites, viewer, filters, today's
 * age bounds) in that time. Answers the JSON text of the SearchResponse, made of its cards' JSON written once.
 */
export async function searchMembers(
  db: Db,
  site: Site,
  viewerId: number | null,
  q: SearchQuery,
): Promise<JsonText<SearchResponse>> {
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
  const cache = countsOf(db);
  const counted = cache.get(key);
  const sharedWindow = windows.cacheOf(db)?.get(shared, cdnPrefix);
  const [windowRows, searcher, numResults] = await Promise.all([
    sharedWindow ?? [],
    viewerId === null ? null : searcherOf(db, viewerId),
    counted ??
      prepared(db, 'member_search_count', (d) => countQuery(d).prepare('member_search_count'))
        .execute(filters)
        .then(([{ n }]) => (cache.set(key, n), n)),
  ]);
  const listed = searcher ? windowRows.filter((l) => !searcher.excluded.has(l.id)) : windowRows;
  const page =
    sharedWindow && (listed.length >= offset + SEARCH_PAGE_SIZE || windowRows.length < SEARCH_WINDOW_ROWS)
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
