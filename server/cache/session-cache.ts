// Sessions looked up recently, so a call that needs only the member's id (the conditional sync, the chat list, the
// search, a send) answers its session without a statement.
import { LRUCache } from 'lru-cache';
import type { ChangeClock } from './change-clock.ts';
import { HitCount } from './hit-count.ts';

/**
 * A cached session: its member and the member's site (a session answers on that site only), when it expires and when
 * the member was last seen (ms since the epoch).
 */
export interface CachedSession {
  userId: number;
  siteId: number;
  expiresAt: number;
  /** Last written to users.last_seen_at; the reader moves it on when it writes again. */
  seenAt: number;
}

/**
 * Token hash → session, at most `max` (least recently used out first), each trusted for `ttlMs` after it was read.
 * The caches (caches.ts) evict a member's sessions when they end; a lookup that a session end of its member
 * overtook is not stored (`clock`), and nothing is served or stored while the clock is not serving.
 */
export class SessionCache {
  private readonly entries: LRUCache<string, CachedSession>;
  /** Lookups of `get` answered from memory and not (the metrics). */
  readonly counts = new HitCount();

  constructor(
    private readonly clock: ChangeClock,
    opts: { max: number; ttlMs: number },
  ) {
    this.entries = new LRUCache<string, CachedSession>({ max: opts.max, ttl: opts.ttlMs });
  }

  /** The session of token hash `hash` when held and not expired at `now` (ms since the epoch). */
  get(hash: string, now: number): CachedSession | undefined {
    const entry = this.clock.serving ? this.entries.get(hash) : undefined;
    const live = entry && entry.expiresAt > now ? entry : undefined;
    this.counts.note(live !== undefined);
    return live;
  }

  /** The tick to take before a lookup, handed to `set`. */
  mark(): number {
    return this.clock.now();
  }

  /** Keeps `session` of token hash `hash`, looked up after `mark()` answered `since`, unless its member changed meanwhile. */
  set(hash: string, session: CachedSession, since: number): void {
    if (this.clock.serving && !this.clock.changedSince(session.userId, since)) this.entries.set(hash, session);
  }

  /** Forgets every session of members `userIds`. */
  evict(userIds: Iterable<number>): void {
    const ids = new Set(userIds);
    const ended = [...this.entries.entries()].filter(([, entry]) => ids.has(entry.userId)).map(([hash]) => hash);
    for (const hash of ended) this.entries.delete(hash);
  }

  /** Forgets every session. */
  clear(): void {
    this.entries.clear();
  }
}
