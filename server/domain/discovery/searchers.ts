// What a member's search needs of the member (spec 3: search state, spec 6: blocks), kept in memory so that a search
// served from a shared window of results is no statement (member-search.ts).
import { sql } from 'drizzle-orm';
import type { MemberCache } from '../../cache/member-cache.ts';
import type { Db } from '../../db/connect.ts';
import { blocks, profiles } from '../../db/schema.ts';

/**
 * A searching member: their grid cell (`lat`/`lon`, null when they gave no location; the cards' distance bands) and
 * the ids a search must leave out: the member themselves and every member blocked either way.
 */
export interface Searcher {
  cell: { lat: number | null; lon: number | null };
  excluded: Set<number>;
}

/** What reading a searcher needs: the database and the searchers' cache (evicted by the member's changes and blocks). */
export interface SearcherContext {
  db: Db;
  caches: { searchers: MemberCache<Searcher> };
}

/** The searcher `userId`: from memory when cached, else one statement. */
export function searcherOf({ db, caches }: SearcherContext, userId: number): Promise<Searcher> {
  return caches.searchers.get(userId, async () => {
    const { rows } = await db.execute<{ lat: number | null; lon: number | null; excluded: number[] }>(sql`select
      (select ${profiles.gridLat} from ${profiles} where ${profiles.userId} = ${userId}) as lat,
      (select ${profiles.gridLon} from ${profiles} where ${profiles.userId} = ${userId}) as lon,
      array(select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${userId}
        union select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${userId}) as excluded`);
    const [row] = rows;
    return { cell: { lat: row.lat, lon: row.lon }, excluded: new Set([userId, ...row.excluded.map(Number)]) };
  });
}
