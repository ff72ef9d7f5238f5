// Runs the purge of accounts deleted more than 14 days ago (spec 4, 9) at start and then every hour, apart from the
// rule itself (domain/account-life.ts) so that tests call the rule with a moved clock.
import type { Db } from '../db/connect.ts';
import { purgeDeletedAccounts } from '../domain/account-life.ts';
import type { ImageService } from './images.ts';

/** Milliseconds between two purges. */
export const PURGE_INTERVAL_MS = 3600_000;

/** Starts the hourly purge; answers the function that stops it (server shutdown). Failures go to `log` and are retried next hour. */
export function startAccountPurge(db: Db, images: ImageService, log: (message: string, detail: Record<string, unknown>) => void): () => void {
  const run = () =>
    purgeDeletedAccounts(db, images).then(
      (n) => n && log('purged deleted accounts', { count: n }),
      (e: unknown) => log('account purge failed', { error: (e as Error).message }),
    );
  void run();
  const timer = setInterval(run, PURGE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
