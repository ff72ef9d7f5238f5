// The in-memory caches the live hub (services/live.ts) keeps correct: their base (LiveCache: the sessions, the search
// windows) and the values kept per member (MemberCache: the change-log heads of the conditional sync, the chat lists,
// the searchers), and the writes of this process in flight (issue 14: the hottest calls without a statement).
import type { LiveObserver } from './live.ts';

/** How long a member counts as written to after recordChanges when no NOTIFY tells the commit (a rollback sends none). */
const WRITE_BOUND_MS = 10_000;

/** Members whose change log a transaction of this process is writing: how many such writes, and until when. */
const inFlight = new Map<number, { count: number; until: number }>();
/** How many writes writesInFlight was told of so far. */
let writes = 0;

/**
 * Notes that a transaction of this process is about to commit changes for `userIds` (recordChanges calls it, last
 * in the transaction). Until the NOTIFY of that commit is heard (writesHeard) no MemberCache serves or stores those
 * members' values, and no search window that holds them: so on the instance that answered a write, the next request
 * sees it, instead of a moment later. A write never heard of (rolled back) counts for WRITE_BOUND_MS.
 */
export function writesInFlight(userIds: Iterable<number>, now = Date.now()): void {
  writes++;
  for (const id of userIds) {
    const e = inFlight.get(id);
    if (e && e.until > now) {
      e.count++;
      e.until = now + WRITE_BOUND_MS;
    } else inFlight.set(id, { count: 1, until: now + WRITE_BOUND_MS });
  }
}

/** How many writes writesInFlight was told of so far: a read that began at a lower count may predate a write. */
export const writesSoFar = (): number => writes;

/**
 * The NOTIFY of a commit for `userIds` was heard (the live hub calls it): one write in flight less for each. With two
 * instances in one process (tests) each hub tells it, so a member's writes count as heard at the first NOTIFY.
 */
export function writesHeard(userIds: Iterable<number>): void {
  for (const id of userIds) {
    const e = inFlight.get(id);
    if (e && --e.count <= 0) inFlight.delete(id);
  }
}

/** True while a transaction of this process writes changes for `userId` (writesInFlight) and its NOTIFY is not heard. */
export function isBeingWritten(userId: number, now = Date.now()): boolean {
  if (inFlight.size === 0) return false;
  const e = inFlight.get(userId);
  if (!e) return false;
  if (e.until > now) return true;
  inFlight.delete(userId);
  return false;
}

/** What evicts a member's value besides its age: a write to their change log, a block either way, or both. */
export type EvictOn = 'changes' | 'blocks';

/**
 * The base of the caches the live hub keeps correct (LiveHub.observe): each kind of notification does nothing unless a
 * cache overrides it; after a gap (notifications may have been missed) the cache starts empty, and while the listener
 * is lost it serves nothing (`serving`). `epoch` moves on with each of those, so a read begun before one is refused.
 */
export abstract class LiveCache implements LiveObserver {
  protected epoch = 0;
  protected serving = true;

  /** Forgets every value (after a gap, or when the listener is lost). */
  protected abstract clear(): void;

  changed(_userIds: number[]): void {}
  blocksChanged(_userIds: number[]): void {}
  sessionsEnded(_userIds: number[]): void {}
  gap(): void {
    this.reset(true);
  }
  lost(): void {
    this.reset(false);
  }
  protected reset(serving: boolean): void {
    this.epoch++;
    this.clear();
    this.serving = serving;
  }
}

/**
 * A bounded map of member id → value, correct only while it hears of every change that concerns it: the live hub
 * tells it (`changed` for a member's change log, `blocksChanged` for their blocks, as `evictOn` says), and while the
 * hub's listener is lost it serves nothing (then it starts empty). A read that began before a member's change never
 * stores its (stale) value: take `mark(id)` before reading the database and hand it to `set`, and every eviction of
 * that member moves their generation on. A change becomes visible here when its NOTIFY arrives, a moment after the
 * commit (the same moment the member's event stream hears of it), but at once on this instance: from recordChanges
 * to that NOTIFY the member's value is neither served nor stored (writesInFlight).
 * `ttlMs` bounds how old a value may be (for what no notification tells: another member's profile on a chat card);
 * without it a value lives until evicted. At most `max` members are kept (the oldest stored go first).
 */
export class MemberCache<T> extends LiveCache {
  private values = new Map<number, { value: T; at: number }>();
  private generations = new Map<number, number>();

  constructor(private readonly opts: { max: number; evictOn: EvictOn[]; ttlMs?: number }) {
    super();
  }

  /** The value of `userId` stored less than `ttlMs` ago at `now` (ms since the epoch), or undefined. */
  get(userId: number, now = Date.now()): T | undefined {
    const e = this.serving ? this.values.get(userId) : undefined;
    if (!e || isBeingWritten(userId, now)) return undefined;
    if (this.opts.ttlMs !== undefined && now - e.at >= this.opts.ttlMs) return undefined;
    return e.value;
  }

  /** The member's generation before a read, handed to `set`. */
  mark(userId: number): string {
    return `${this.epoch}:${this.generations.get(userId) ?? 0}`;
  }

  /** Stores `value`, read at `now` after `mark(userId)` answered `mark`, unless the member changed since. */
  set(userId: number, value: T, mark: string, now = Date.now()): void {
    if (!this.serving || mark !== this.mark(userId) || isBeingWritten(userId, now)) return;
    this.values.delete(userId);
    if (this.values.size >= this.opts.max) this.values.delete(this.values.keys().next().value!);
    this.values.set(userId, { value, at: now });
  }

  /** Forgets the values of `userIds` and refuses what reads begun before stored. */
  evict(userIds: Iterable<number>): void {
    for (const id of userIds) {
      this.values.delete(id);
      this.generations.set(id, (this.generations.get(id) ?? 0) + 1);
    }
    // The generations only need to outlive the reads in flight: a new epoch makes every older mark stale.
    if (this.generations.size > this.opts.max) this.reset(true);
  }

  override changed(userIds: number[]): void {
    if (this.opts.evictOn.includes('changes')) this.evict(userIds);
  }
  override blocksChanged(userIds: number[]): void {
    if (this.opts.evictOn.includes('blocks')) this.evict(userIds);
  }
  protected clear(): void {
    this.values.clear();
    this.generations.clear();
  }
}

/**
 * One cache per database handle `D` (each server instance has its own), made by `make(db)` on first use: `cacheFor`
 * makes it (buildApp does, handing it to `LiveHub.observe`), `cacheOf` answers it only once made, so without a live
 * hub nothing is cached.
 */
export function perDatabase<D extends object, C extends LiveCache>(
  make: (db: D) => C,
): { cacheFor(db: D): C; cacheOf(db: D): C | undefined } {
  const byDb = new WeakMap<D, C>();
  return {
    cacheFor(db) {
      let cache = byDb.get(db);
      if (!cache) byDb.set(db, (cache = make(db)));
      return cache;
    },
    cacheOf: (db) => byDb.get(db),
  };
}
