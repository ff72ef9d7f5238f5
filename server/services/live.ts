// Live fan-out (DESIGN: real components): wakes the open event streams (/api/events.php) of members whose change
// log grew. Fed by database notifications, so every server instance on one database hears every write: on
// PostgreSQL through LISTEN/NOTIFY, on PGlite through its in-process notifications (same SQL, same timing).
import type { Listen } from '../db/connect.ts';

/** The NOTIFY channel recordChanges (server/domain/changes.ts) notifies on. */
export const LIVE_CHANNEL = 'sync_changes';
/** User ids per NOTIFY payload: 500 ids of at most 11 characters stay far below PostgreSQL's 8000-byte limit. */
export const IDS_PER_NOTIFY = 500;

/** The NOTIFY payloads naming `userIds` (deduplicated): JSON `{"u":[1,2]}`, IDS_PER_NOTIFY ids per payload. */
export function livePayloads(userIds: Iterable<number>): string[] {
  const ids = [...new Set(userIds)];
  const out: string[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_NOTIFY) out.push(JSON.stringify({ u: ids.slice(i, i + IDS_PER_NOTIFY) }));
  return out;
}

/** The user ids of a payload; an unreadable payload names none. */
export function parseLivePayload(payload: string): number[] {
  try {
    const { u } = JSON.parse(payload) as { u?: unknown };
    return Array.isArray(u) ? u.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
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
  /** Stops listening and drops every subscription. */
  close(): Promise<void>;
}

/** Starts listening on LIVE_CHANNEL through `listen` (openDatabase's); resolves once listening. */
export async function createLiveHub(listen: Listen): Promise<LiveHub> {
  const byUser = new Map<number, Set<{ fn: () => void }>>();
  let closed = false;

  const call = (entry: { fn: () => void }) => {
    try {
      entry.fn();
    } catch (err) {
      console.error('live listener failed:', err);
    }
  };
  const onPayload = (payload: string) => {
    for (const id of parseLivePayload(payload)) byUser.get(id)?.forEach(call);
  };
  const onGap = () => {
    for (const set of byUser.values()) set.forEach(call);
  };
  const stop = await listen(LIVE_CHANNEL, onPayload, onGap);

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
      await stop();
    },
  };
}
