// A value per member (a change-log head, a chat list, a searcher) kept in memory until a change of that member, so the
// hottest calls answer without a statement.
import { LRUCache } from 'lru-cache';
import type { ChangeClock } from './change-clock.ts';
import { HitCount } from './hit-count.ts';

/**
 * Member id → value, at most `max` members (least recently used out first), each for at most `ttlMs` when given (for
 * what no change of the member tells, such as another member's name on a chat card). The caches (caches.ts) evict a
 * member on every change that concerns the value; a read that a change of the member overtook is answered but never
 * stored (`clock`), and nothing is served or stored while the clock is not serving.
 */
export class MemberCache<T extends NonNullable<unknown>> {
  private readonly values: LRUCache<number, T>;
  /** Lookups of `get` answered from memory and not (the metrics). */
  readonly counts = new HitCount();

  constructor(
    private readonly clock: ChangeClock,
    opts: { max: number; ttlMs?: number },
  ) {
    this.values = new LRUCache<number, T>({ max: opts.max, ...(opts.ttlMs ? { ttl: opts.ttlMs } : {}) });
  }

  /** The value of member `id`: from memory when held, else `load()`'s (then kept, unless the member changed meanwhile). */
  async get(id: number, load: () => Promise<T>): Promise<T> {
    const held = this.clock.serving ? this.values.get(id) : undefined;
    this.counts.note(held !== undefined);
    return held ?? this.load(id, load);
  }

  /** `load()`'s value of member `id`, read now whatever is held, and kept unless the member changed meanwhile. */
  async load(id: number, load: () => Promise<T>): Promise<T> {
    const since = this.clock.now();
    const value = await load();
    if (this.clock.serving && !this.clock.changedSince(id, since)) this.values.set(id, value);
    return value;
  }

  /** Forgets the values of members `ids`. */
  evict(ids: Iterable<number>): void {
    for (const id of ids) this.values.delete(id);
  }

  /** Forgets every value. */
  clear(): void {
    this.values.clear();
  }
}
