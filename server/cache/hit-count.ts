// How often a cache answered from memory: read by the metrics on scrape (server/metrics.ts).
import { LRUCache } from 'lru-cache';

/** Lookups of one cache since the app started: `hits` answered from memory, `misses` read from the database. */
export class HitCount {
  hits = 0;
  misses = 0;

  /** Counts one lookup: a hit when `hit`, else a miss. */
  note(hit: boolean): void {
    if (hit) this.hits++;
    else this.misses++;
  }
}

/** An LRUCache whose `get` counts its hits and misses (`counts`). */
export class CountedLru<K extends NonNullable<unknown>, V extends NonNullable<unknown>> extends LRUCache<K, V> {
  readonly counts = new HitCount();

  override get(key: K, options?: LRUCache.GetOptions<K, V, unknown>): V | undefined {
    const value = super.get(key, options);
    this.counts.note(value !== undefined);
    return value;
  }
}
