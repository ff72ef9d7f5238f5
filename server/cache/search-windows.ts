// The first results of recent searches, shared by every member who searches with the same filters, so that most
// pages of the member search are no statement.
import { LRUCache } from 'lru-cache';
import type { ChangeClock } from './change-clock.ts';
import { HitCount } from './hit-count.ts';

/**
 * Search key → its rows (each a member, `id`), at most `max` windows (least recently used out first), each for at most
 * `ttlMs`: how old the order of the results may be, since a member who becomes listed or moves up changes no member
 * of the window. The caches (caches.ts) drop every window that holds a changed member. Searches that miss while a
 * window is read wait for that one read, unless a member it read changed since it began; a read is stored only when
 * none did (`clock`). Nothing is served or stored while the clock is not serving.
 */
export class SearchWindows<R extends { id: number }> {
  private readonly windows: LRUCache<string, { rows: R[]; ids: Set<number> }>;
  /** The reads under way, by key, with the tick they began at. */
  private readonly reading = new Map<string, { since: number; rows: Promise<R[]> }>();
  /** Lookups of `get` answered from memory or a read under way, and not (the metrics). */
  readonly counts = new HitCount();

  constructor(
    private readonly clock: ChangeClock,
    opts: { max: number; ttlMs: number },
  ) {
    this.windows = new LRUCache({ max: opts.max, ttl: opts.ttlMs });
  }

  /** The window of `key`: from memory, from the read of it under way, or `read()`'s. */
  async get(key: string, read: () => Promise<R[]>): Promise<R[]> {
    const held = this.clock.serving ? this.windows.get(key) : undefined;
    if (held) {
      this.counts.note(true);
      return held.rows;
    }
    const pending = this.reading.get(key);
    if (pending) {
      const rows = await pending.rows;
      if (!this.changedSince(rows, pending.since)) {
        this.counts.note(true);
        return rows;
      }
    }
    this.counts.note(false);
    return this.start(key, read);
  }

  /** A new read of the window `key`, stored when no member it read changed meanwhile. */
  private start(key: string, read: () => Promise<R[]>): Promise<R[]> {
    const since = this.clock.now();
    const rows = read().finally(() => {
      if (this.reading.get(key)?.rows === rows) this.reading.delete(key);
    });
    this.reading.set(key, { since, rows });
    rows.then(
      (r) => {
        if (this.clock.serving && !this.changedSince(r, since))
          this.windows.set(key, { rows: r, ids: new Set(r.map((m) => m.id)) });
      },
      () => {},
    );
    return rows;
  }

  private changedSince(rows: R[], since: number): boolean {
    return rows.some((r) => this.clock.changedSince(r.id, since));
  }

  /** Drops every window that holds one of members `ids`. */
  evict(ids: readonly number[]): void {
    const stale: string[] = [];
    this.windows.forEach((w, key) => {
      if (ids.some((id) => w.ids.has(id))) stale.push(key);
    });
    for (const key of stale) this.windows.delete(key);
  }

  /** Drops every window. */
  clear(): void {
    this.windows.clear();
  }
}
