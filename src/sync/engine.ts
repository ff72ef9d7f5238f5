// The sync engine (DESIGN: sync protocol): one run drains the outbox, then pulls deltas until the server has
// nothing more. Runs never overlap: within a tab a request during a run schedules one more run; across tabs a
// Web Lock serializes them. After an error the next run resumes from the saved cursor.
import { SyncResponse, type LikedBy, type User } from '../../contract/index.ts';
import { conditionalGet } from '../api/client.ts';
import type { AppDB } from '../data/db.ts';
import { withSyncLock } from '../data/sync-names.ts';
import { applyDelta } from './apply-delta.ts';
import { readCursor } from './cursor.ts';
import { drainOutbox, type OutboxHooks } from './outbox.ts';

/** What the page learns from a run: the user when it changed, new likes, plus the outbox's news. */
export interface SyncHooks extends OutboxHooks {
  onUser(user: User): void;
  /** Likes (or matches) a delta brought that Dexie did not hold, newest first (applyDelta; spec 2: new-like modal). */
  onNewLikes(cards: LikedBy[]): void;
  /** A run ended without error (after its outbox drain and pull). */
  onRunDone?(): void;
  /**
   * A drain stopped with writes still queued (offline, or a 5xx): the page asks for Background Sync, so the
   * service worker sends them when the network is back even if the app is closed by then (sw/sync-relay.ts).
   */
  onOutboxWaiting?(): void;
}

/** Pulls answers of GET /api/sync.php into `db` until `more` is false or nothing changed (304). Throws ApiCallError. */
export async function pull(db: AppDB, hooks: Pick<SyncHooks, 'onUser' | 'onNewLikes'>): Promise<void> {
  for (;;) {
    const { cursor, etag } = await readCursor(db);
    const answer = await conditionalGet('/api/sync.php', SyncResponse, cursor === null ? null : etag, {
      query: { since: cursor ?? undefined },
    });
    if (!answer) return;
    const newLikes = new Set(await applyDelta(db, answer.data, answer.etag));
    if (answer.data.user) hooks.onUser(answer.data.user);
    if (newLikes.size) hooks.onNewLikes(answer.data.liked_by.filter((c) => newLikes.has(c.id)));
    if (!answer.data.more) return;
  }
}

/** A running engine: `request` asks for a run (resolves when one that started after the request ends). */
export interface SyncEngine {
  request(reason: string): Promise<void>;
  /** The last run's error (null after a good run). */
  readonly lastError: unknown;
}

/**
 * The engine of member `userId` over `db`. A run's failure is kept in lastError and never thrown out of
 * request(): the scheduler tries again at its next trigger.
 */
export function createSyncEngine(db: AppDB, userId: number, hooks: SyncHooks): SyncEngine {
  let running: Promise<void> | null = null;
  let again: Promise<void> | null = null;
  let lastError: unknown = null;

  const once = async () => {
    try {
      if (!(await drainOutbox(db, hooks))) hooks.onOutboxWaiting?.();
      await pull(db, hooks);
      // A write queued during the pull goes out now rather than at the next trigger.
      await drainOutbox(db, hooks);
      lastError = null;
      hooks.onRunDone?.();
    } catch (e) {
      lastError = e;
    }
  };
  const start = (): Promise<void> => {
    running = withSyncLock(userId, once).finally(() => {
      running = null;
    });
    return running;
  };

  return {
    get lastError() {
      return lastError;
    },
    request() {
      if (!running) return start();
      // One follow-up run covers every request made during this run.
      const follow: Promise<void> =
        again ??
        running.then(() => {
          again = null;
          return start();
        });
      again = follow;
      return follow;
    },
  };
}
