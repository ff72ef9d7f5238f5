// The per-user change log of the sync protocol (DESIGN: sync protocol): what GET /api/sync.php reads after a cursor,
// and the one way a write tells every server instance what it changed (docs/architecture.md "The cache layer").
import { sql } from 'drizzle-orm';
import { noteWritten } from '../../cache/writes.ts';
import type { Tx } from '../../db/connect.ts';
import { syncChanges, type ChangeKind } from '../../db/schema.ts';
import { LIVE_CHANNEL, livePayloads } from '../../services/live.ts';

/**
 * One change: entity `entityId` of `kind` changed for `userId`. `entityId` is a conversation id ('chat'), a
 * message seq ('message'), a member id ('like': a member the user liked; 'liked_by': a member who liked the user)
 * or the user's own id ('user').
 */
export interface Change {
  userId: number;
  kind: ChangeKind;
  entityId: number;
}

/** First key of the two-key advisory locks of the change log (int4; 'sync' in ASCII). Second key: the user id. */
const CHANGE_LOCK_SPACE = 0x73796e63;

/** What a transaction keeps for its recordChanges, on the transaction itself. */
const LOG = Symbol('change log of this transaction');

/**
 * The change-log state of `tx`: the changes noted by noteChanges (written by its recordChanges) and the user ids whose
 * change-log lock it holds (to refuse an out-of-order second call).
 */
function logOf(tx: Tx): { noted: Change[]; locked: Set<number> } {
  const holder = tx as Tx & { [LOG]?: { noted: Change[]; locked: Set<number> } };
  return (holder[LOG] ??= { noted: [], locked: new Set() });
}

/**
 * Notes changes for the end of the transaction without touching the database (no lock taken): for helpers that
 * run mid-transaction, such as applyCredits. The transaction must end with recordChanges, which writes them.
 */
export function noteChanges(tx: Tx, rows: Change[]): void {
  logOf(tx).noted.push(...rows);
}

/** What a write did besides its change-log rows, for the caches of every instance (recordChanges' `also`). */
export interface AlsoChanged {
  /** Members whose sessions the transaction deleted: every instance forgets their cached sessions. */
  sessionsEnded?: number[];
  /** Members between whom the transaction set or lifted a block (both of each pair): their searches change. */
  blocksChanged?: number[];
}

/**
 * Writes `rows` and the changes noted earlier in `tx` (noteChanges) to `sync_changes`, each at a new seq from
 * `sync_changes_seq`; an entity already in the log moves to the new seq (`on conflict ... do update`), so the log
 * holds one row per entity. Duplicates are merged; nothing to write (no rows, nothing `also`) is a no-op.
 *
 * The one call through which a write tells the server instances what it changed: the rows' members (their change
 * logs grew), and `also` the members whose sessions it ended or between whom it set or lifted a block. Each instance's
 * caches forget what they held of them (server/cache/caches.ts): the instance that wrote when the transaction commits
 * (its database handle tells them, before the writer answers), every other one when the commit's NOTIFY arrives.
 *
 * Why the locks: seqs come from one sequence, so two transactions writing for the same user may take seqs N and
 * N+1 and commit in the other order. A reader between the two commits would see N+1 without N, move its
 * cursor past N and never see it. So before inserting, this takes `pg_advisory_xact_lock(CHANGE_LOCK_SPACE,
 * user id)` for every user concerned, in ascending user id order: writers of the same user are serialized, a
 * writer takes its seqs only after the previous one committed (a transaction is visible before its locks are
 * released), and a user's seqs become visible in seq order. The ascending order rules out deadlocks between
 * these locks.
 *
 * Call it LAST in the writer's transaction, after every row lock the transaction needs: a transaction that held
 * a user's change-log lock while waiting on a row lock could deadlock with one that holds the row and waits on
 * the change-log lock. A second call in the same transaction may only add users above those already locked
 * (else it throws: a programming error). On PGlite (one connection) the locks are granted at once.
 *
 * Last, it notifies LIVE_CHANNEL with the users concerned (`pg_notify`, payloads of services/live.ts): the
 * database delivers a NOTIFY only when the transaction commits, and not at all when it rolls back, so the live
 * channel (/api/events.php) of every server instance wakes exactly when the new rows are visible. This is the only
 * writer of the log.
 */
export async function recordChanges(tx: Tx, rows: Change[], also: AlsoChanged = {}): Promise<void> {
  const log = logOf(tx);
  const all = [...log.noted.splice(0), ...rows];
  const unique = new Map<string, Change>();
  for (const c of all) unique.set(`${c.userId}:${c.kind}:${c.entityId}`, c);
  const { sessionsEnded = [], blocksChanged = [] } = also;
  const others = [...livePayloads(sessionsEnded, 's'), ...livePayloads(blocksChanged, 'b')];
  noteWritten(tx, { sessionsEnded, blocksChanged });
  if (unique.size === 0) {
    for (const payload of others) await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
    return;
  }
  const held = log.locked;
  const maxHeld = Math.max(0, ...held);
  const users = [...new Set([...unique.values()].map((c) => c.userId))].filter((id) => !held.has(id)).sort((a, b) => a - b);
  if (users.length && users[0] < maxHeld)
    throw new Error(`recordChanges: user ${users[0]} would be locked after user ${maxHeld}`);
  // One statement takes the locks, writes the rows and the notifications (delivered at commit, whatever their order
  // here). The locks, in ascending order (the rows of an ordered VALUES list, one after another), are all taken
  // before the first row gets its seq: each row to insert is joined to the count of the locks taken, which exists only
  // once every lock is held (one round trip less inside every writer's transaction).
  const list = [...unique.values()].sort((a, b) => a.userId - b.userId);
  const values = sql.join(
    list.map((c) => sql`(${c.userId}::int, ${c.kind}::text, ${c.entityId}::bigint)`),
    sql`, `,
  );
  const locks = users.length
    ? sql`(select count(*) from (select pg_advisory_xact_lock(${CHANGE_LOCK_SPACE}::int, u.id) from (values ${sql.join(
        users.map((id) => sql`(${id}::int)`),
        sql`, `,
      )}) as u(id) order by u.id) as taken)`
    : sql`(select 0)`;
  const payloads = [...livePayloads(list.map((c) => c.userId)), ...others];
  noteWritten(tx, { changed: list.map((c) => c.userId) });
  await tx.execute(sql`with written as (
      insert into ${syncChanges} (user_id, kind, entity_id)
      select c.user_id, c.kind, c.entity_id from (values ${values}) as c(user_id, kind, entity_id) cross join ${locks} as locked(n)
      on conflict (user_id, kind, entity_id) do update set seq = nextval('sync_changes_seq')
      returning seq
    )
    select pg_notify(${LIVE_CHANNEL}, p.payload) from (values ${sql.join(
      payloads.map((p) => sql`(${p}::text)`),
      sql`, `,
    )}) as p(payload)`);
  for (const id of users) held.add(id);
}
