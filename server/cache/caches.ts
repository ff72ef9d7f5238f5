// The server's in-memory caches, all in one place: what each holds, its bounds, and the one way each learns that its
// data changed. docs/architecture.md "The cache layer" gives the rule for writers.
import type { LiveObserver } from '../services/live.ts';
import type { ChatListRow } from '../domain/messaging/messaging.ts';
import type { Listed } from '../domain/discovery/member-search.ts';
import type { Searcher } from '../domain/discovery/searchers.ts';
import { ChangeClock } from './change-clock.ts';
import { CountedLru, type HitCount } from './hit-count.ts';
import { MemberCache } from './member-cache.ts';
import { SearchWindows } from './search-windows.ts';
import { SessionCache } from './session-cache.ts';

/** How long a cached session is trusted before the database is asked again, in ms (session ends evict at once). */
const SESSION_CACHE_MS = 60_000;
/** How long the chat list call reuses a member's rows, in ms: the bound for what none of their own changes tells. */
const CHAT_LIST_TTL_MS = 5_000;
/** How long a window of search results is shared, in ms: how old the cards' order may be. */
export const SEARCH_WINDOW_TTL_MS = 5_000;
/** How long a search's `numResults` is reused for the same viewer and filters, in ms. */
const SEARCH_COUNT_TTL_MS = 5_000;

/**
 * The caches of one app (buildApp makes them, createCaches being the only place in server/ with mutable maps), and
 * the observer that keeps them correct: the live hub tells it every NOTIFY (a change of another instance), and the
 * app's database handle every commit of this instance (writes.ts), so a write shows at once on the instance that
 * answered it and within a NOTIFY's delay on the others.
 */
export interface Caches extends LiveObserver {
  /** Token hash → session (the member's id without a statement). Evicted when the member's sessions end. */
  sessions: SessionCache;
  /** Member → the head (max seq) of their change log: the conditional sync's 304. Evicted by their changes. */
  heads: MemberCache<number>;
  /** Member → their chat list's rows (GET /api/chats.php). Evicted by their changes; a chat partner's card within CHAT_LIST_TTL_MS. */
  chatLists: MemberCache<ChatListRow[]>;
  /** Member → what their search needs of them (grid cell, blocks either way). Evicted by their changes and blocks. */
  searchers: MemberCache<Searcher>;
  /** Site and filters → the first results every viewer's search shares. Dropped with a change of a member in it. */
  searchWindows: SearchWindows<Listed>;
  /** Site, viewer and filters → the search's count, for SEARCH_COUNT_TTL_MS (no change evicts it). */
  searchCounts: CountedLru<string, number>;
  /** Each cache's lookups answered from memory and not, by the cache's name above (the metrics). */
  hitCounts(): Record<string, HitCount>;
}

/** The caches of a new app, empty. */
export function createCaches(): Caches {
  const clock = new ChangeClock(50_000);
  const sessions = new SessionCache(clock, { max: 20_000, ttlMs: SESSION_CACHE_MS });
  const heads = new MemberCache<number>(clock, { max: 50_000 });
  const chatLists = new MemberCache<ChatListRow[]>(clock, { max: 20_000, ttlMs: CHAT_LIST_TTL_MS });
  const searchers = new MemberCache<Searcher>(clock, { max: 20_000 });
  const searchWindows = new SearchWindows<Listed>(clock, { max: 1_000, ttlMs: SEARCH_WINDOW_TTL_MS });
  const searchCounts = new CountedLru<string, number>({ max: 10_000, ttl: SEARCH_COUNT_TTL_MS });
  const reset = (serving: boolean) => {
    clock.reset(serving);
    for (const cache of [sessions, heads, chatLists, searchers, searchWindows, searchCounts]) cache.clear();
  };
  return {
    sessions,
    heads,
    chatLists,
    searchers,
    searchWindows,
    searchCounts,
    hitCounts: () => ({
      sessions: sessions.counts,
      heads: heads.counts,
      chatLists: chatLists.counts,
      searchers: searchers.counts,
      searchWindows: searchWindows.counts,
      searchCounts: searchCounts.counts,
    }),
    changed(ids) {
      clock.heard(ids);
      for (const cache of [heads, chatLists, searchers]) cache.evict(ids);
      searchWindows.evict(ids);
    },
    blocksChanged(ids) {
      clock.heard(ids);
      searchers.evict(ids);
    },
    sessionsEnded(ids) {
      clock.heard(ids);
      sessions.evict(ids);
    },
    gap: () => reset(true),
    lost: () => reset(false),
  };
}
