// Keeps the query planner's statistics fresh on the embedded database. PostgreSQL's autovacuum analyzes tables as
// they change; PGlite runs PostgreSQL in single-user mode, without autovacuum, so without this its statistics would
// stay as the seed left them while messages, likes and members grow (docs/perf.md: stale statistics turned the
// member search into nested loops).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';

/** Milliseconds between two ANALYZE runs on PGlite. */
export const ANALYZE_INTERVAL_MS = 6 * 3600_000;

/**
 * On PGlite (`embedded`), runs ANALYZE every ANALYZE_INTERVAL_MS; answers the function that stops it (server
 * shutdown). Does nothing on PostgreSQL. Failures go to `log` and are retried at the next interval.
 */
export function startPlannerStatistics(
  db: Db,
  embedded: boolean,
  log: (message: string, detail: Record<string, unknown>) => void,
): () => void {
  if (!embedded) return () => {};
  const timer = setInterval(() => {
    db.execute(sql`analyze`).catch((e: unknown) => log('analyze failed', { error: (e as Error).message }));
  }, ANALYZE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
