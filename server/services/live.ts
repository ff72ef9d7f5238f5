// Live fan-out (DESIGN: real components): wakes the open event streams (/api/events.php) of members whose change
// log grew. Fed by database notifications, so every server instance on one database hears every write: on
// PostgreSQL through LISTEN/NOTIFY, on PGlite through its in-process notifications (same SQL, same timing).
import type { Listen } from '../db/connect.ts';

/** The NOTIFY channel recordChanges (server/domain/sync/changes.ts) notifies on. */
export const LIVE_CHANNEL = 'sync_changes';
/** User ids per NOTIFY payload: 500 ids of at most 11 characters stay far below PostgreSQL's 8000-byte limit. */
const IDS_PER_NOTIFY = 500;

/** What a payload's ids went through: `u` their change logs grew, `s` their sessions ended, `b` their blocks changed. */
export type LiveKey = 'u' | 's' | 'b';

/**
 * The NOTIFY payloads naming `userIds` (deduplicated) under `key`: JSON `{"u":[1,2]}` (their change logs grew, the
 * default), `{"s":[1,2]}` (their sessions ended) or `{"b":[1,2]}` (a block between them was set or lifted),
 * IDS_PER_NOTIFY ids per payload.
 */
export function livePayloads(userIds: Iterable<number>, key: LiveKey = 'u'): string[] {
  const ids = [...new Set(userIds)];
  const out: string[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_NOTIFY) out.push(JSON.stringify({ [key]: ids.slice(i, i + IDS_PER_NOTIFY) }));
  return out;
}

const idsOf = (payload: string, key: LiveKey): number[] => {
  try {
    const ids = (JSON.parse(payload) as Record<string, unknown>)[key];
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
};

/** Who hears of every payload before the subscribers (the in-memory caches: server/cache/caches.ts). */
export interface LiveObserver {
  /** The change logs of `userIds` grew (a committed write). */
  changed(userIds: number[]): void;
  /** Sessions of `userIds` ended. */
  sessionsEnded(userIds: number[]): void;
  /** A block between members of `userIds` was set or lifted (either way). */
  blocksChanged(userIds: number[]): void;
  /** Notifications may have been missed (the database listener reconnected): forget everything. */
  gap(): void;
  /** The database listener was lost: until `gap`, nothing is heard (a cache must not serve). */
  lost(): void;
}

/** Who wants to hear of a member's changes. */
export interface LiveHub {
  /**
   * Calls `listener` whenever `userId`'s change log may have grown: after each committed write that logged a
   * change for them, and once after the database listener reconnected (notifications may have been missed).
   * Several changes may come as one call or as many; the listener reads the log to learn what changed.
   * Answers the unsubscribe function.
   */
  subscribe(userId: number, listener: () => void): () => void;
  /** Subscriptions open now: all, or those of `userId`. */
  size(userId?: number): number;
  /**
   * Adds an observer told of every payload and gap before the subscribers are called (so a listener that reads
   * the log after a wake-up never reads a cached head from before the change). Answers the removal function.
   */
  observe(observer: LiveObserver): () => void;
  /**
   * Whether the hub hears the database's notifications now: false from a lost listener connection until it is back
   * (readiness: server/health.ts), and after close.
   */
  listening(): boolean;
  /** Stops listening and drops every subscription. */
  close(): Promise<void>;
}

/** Starts listening on LIVE_CHANNEL through `listen` (openDatabase's); resolves once listening. */
export async function createLiveHub(listen: Listen): Promise<LiveHub> {
  const byUser = new Map<number, Set<{ fn: () => void }>>();
  const observers = new Set<LiveObserver>();
  let closed = false;
  let heard = true;

  const call = (entry: { fn: () => void }) => {
    try {
      entry.fn();
    } catch (err) {
      console.error('live listener failed:', err);
    }
  };
  const onPayload = (payload: string) => {
    const changed = idsOf(payload, 'u');
    const ended = idsOf(payload, 's');
    const blocked = idsOf(payload, 'b');
    for (const o of observers) {
      if (changed.length) o.changed(changed);
      if (ended.length) o.sessionsEnded(ended);
      if (blocked.length) o.blocksChanged(blocked);
    }
    for (const id of changed) byUser.get(id)?.forEach(call);
  };
  const onGap = () => {
    heard = true;
    for (const o of observers) o.gap();
    for (const set of byUser.values()) set.forEach(call);
  };
  const onLost = () => {
    heard = false;
    for (const o of observers) o.lost();
  };
  const stop = await listen(LIVE_CHANNEL, onPayload, onGap, onLost);

  return {
    subscribe(userId, fn) {
      if (closed) return () => {};
      const entry = { fn };
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(entry);
      return () => {
        const s = byUser.get(userId);
        if (!s?.delete(entry)) return;
        if (s.size === 0) byUser.delete(userId);
      };
    },
    observe(observer) {
      observers.add(observer);
      return () => observers.delete(observer);
    },
    listening: () => heard && !closed,
    size(userId) {
      if (userId !== undefined) return byUser.get(userId)?.size ?? 0;
      let n = 0;
      for (const s of byUser.values()) n += s.size;
      return n;
    },
    async close() {
      if (closed) return;
      closed = true;
      byUser.clear();
      // The caches fed by this hub would go stale without it.
      for (const o of observers) o.lost();
      observers.clear();
      await stop();
    },
  };
}
