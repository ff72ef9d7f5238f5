// What a member's search needs of the member (spec 3: search state, spec 6: blocks), kept in memory so that a search
// served from a shared window of results is no statement (issue 14; member-search.ts).
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { blocks, profiles } from '../../db/schema.ts';
import { LIVE_CHANNEL, livePayloads, type LiveObserver } from '../../services/live.ts';
import { MemberCache, perDatabase } from '../../services/member-cache.ts';

/**
 * A searching member: their grid cell (`lat`/`lon`, null when they gave no location; the cards' distance bands) and
 * the ids a search must leave out: the member themselves and every member blocked either way.
 */
export interface Searcher {
  cell: { lat: number | null; lon: number | null };
  excluded: Set<number>;
}

/**
 * The searchers as last read. A member's entry goes with any change of their log (a new location is one) and with
 * any block set or lifted either way: at once on the instance that wrote the block (forgetSearchers), a moment later
 * on the others (the NOTIFY `{"b":[ids]}` of notifyBlockChange; MemberCache).
 */
const searchers = perDatabase(() => new MemberCache<Searcher>({ max: 20_000, evictOn: ['changes', 'blocks'] }));

/** Turns the searchers' cache on for `db` (buildApp does, with the live hub that keeps it correct): the observer. */
export const searcherCacheFor = (db: Db): LiveObserver => searchers.cacheFor(db);

/** The searcher `userId`: from memory when cached, else one statement. */
export async function searcherOf(db: Db, userId: number): Promise<Searcher> {
  const cache = searchers.cacheOf(db);
  const cached = cache?.get(userId);
  if (cached) return cached;
  const mark = cache?.mark(userId) ?? '';
  const { rows } = await db.execute<{ lat: number | null; lon: number | null; excluded: number[] }>(sql`select
      (select ${profiles.gridLat} from ${profiles} where ${profiles.userId} = ${userId}) as lat,
      (select ${profiles.gridLon} from ${profiles} where ${profiles.userId} = ${userId}) as lon,
      array(select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${userId}
        union select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${userId}) as excluded`);
  const [row] = rows;
  const searcher: Searcher = { cell: { lat: row.lat, lon: row.lon }, excluded: new Set([userId, ...row.excluded.map(Number)]) };
  cache?.set(userId, searcher, mark);
  return searcher;
}

/**
 * Tells every server instance, at the commit of `tx`, that a block between `userIds` was set or lifted: call it in the
 * transaction that wrote the block, and forgetSearchers after its commit for this instance.
 */
export async function notifyBlockChange(tx: Tx, userIds: number[]): Promise<void> {
  for (const payload of livePayloads(userIds, 'b')) await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
}

/** Forgets the searchers `userIds` on this instance at once (after the commit of a block's change). */
export function forgetSearchers(db: Db, userIds: number[]): void {
  searchers.cacheOf(db)?.evict(userIds);
}
