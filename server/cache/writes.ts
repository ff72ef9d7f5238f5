// How a server instance learns of its own writes at once: a transaction notes what it changed (recordChanges does)
// and the instance's database handle tells the caches when it commits, before the writer answers. Other instances
// learn the same from the commit's NOTIFY (services/live.ts), a moment later.
import type { Db } from '../db/connect.ts';
import type { LiveObserver } from '../services/live.ts';

/** What a write did, by member: their change log grew, their sessions ended, a block between them was set or lifted. */
export interface Written {
  changed: Set<number>;
  sessionsEnded: Set<number>;
  blocksChanged: Set<number>;
}

/** Where a transaction begun through tellingCommits keeps what it wrote. */
const WRITTEN = Symbol('written in this transaction');

type Noting = { [WRITTEN]?: Written };

/**
 * Notes in transaction `tx` what it wrote, for the caches of this instance once it commits. Does nothing in a
 * transaction not begun through tellingCommits (a seed, a test's own handle): there only the NOTIFY tells.
 */
export function noteWritten(
  tx: object,
  written: { changed?: number[]; sessionsEnded?: number[]; blocksChanged?: number[] },
): void {
  const noted = (tx as Noting)[WRITTEN];
  if (!noted) return;
  for (const key of ['changed', 'sessionsEnded', 'blocksChanged'] as const)
    for (const id of written[key] ?? []) noted[key].add(id);
}

/**
 * `db`, except that what a transaction begun through it noted (noteWritten) is told to `observer` once it committed,
 * before the transaction's caller goes on. A transaction begun inside one (a savepoint) notes into the outer one: what
 * it wrote is told when the outer one commits. A transaction that fails tells nothing.
 */
export function tellingCommits(db: Db, observer: Pick<LiveObserver, 'changed' | 'sessionsEnded' | 'blocksChanged'>): Db {
  const handle = (of: Db, outer: Written | null): Db => {
    const wrapped: Db & Noting = Object.create(of);
    if (outer) wrapped[WRITTEN] = outer;
    wrapped.transaction = async (run, config) => {
      const written: Written = outer ?? { changed: new Set(), sessionsEnded: new Set(), blocksChanged: new Set() };
      const result = await of.transaction((tx) => run(handle(tx as unknown as Db, written) as unknown as typeof tx), config);
      if (!outer) {
        if (written.changed.size) observer.changed([...written.changed]);
        if (written.sessionsEnded.size) observer.sessionsEnded([...written.sessionsEnded]);
        if (written.blocksChanged.size) observer.blocksChanged([...written.blocksChanged]);
      }
      return result;
    };
    return wrapped;
  };
  return handle(db, null);
}
