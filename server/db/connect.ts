// Opens the database (PGlite by default, PostgreSQL via DATABASE_URL) and applies migrations.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema.ts';

/** The database handle used by all domain code; both drivers share this query API. */
export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle (same query API as Db). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Listens to NOTIFY on `channel`: `onPayload` gets each payload, delivered when the notifying transaction
 * commits (never for a rolled-back one); `onGap` is called when notifications may have been missed (the
 * PostgreSQL listener connection was lost and is back); `onLost` when that connection is lost (notifications are
 * missed until `onGap`; never on PGlite). Resolves once listening, to a stop function.
 */
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  onGap: () => void,
  onLost?: () => void,
) => Promise<() => Promise<void>>;

/**
 * Plain SQL on the database for libraries that bring their own (pg-boss): `text` with $1.. placeholders and their
 * `values`; without values `text` may hold several statements, and the last one's rows are answered.
 */
export interface SqlClient {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the database and applies pending migrations.
 * `databaseUrl` set: PostgreSQL through node-postgres. Else PGlite: in memory for ':memory:', else a file
 * database under `dataDir/db`. Returns the handle, a close function and `listen` (LISTEN/NOTIFY: on PostgreSQL a
 * dedicated connection outside the pool, reconnecting; on PGlite the instance's own in-process notifications), and
 * `client`: plain SQL for the job queue (SqlClient), and `poolWaiting`: the queries waiting for a pooled connection
 * now (PostgreSQL; null on PGlite, which has one connection and no pool).
 */
export async function openDatabase(opts: {
  databaseUrl: string | null;
  dataDir: string;
}): Promise<{ db: Db; client: SqlClient; close: () => Promise<void>; listen: Listen; poolWaiting: (() => number) | null }> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client's error (server restart, terminated backend) must not crash the process; the pool replaces it.
    pool.on('error', (err) => console.warn('database pool:', err.message));
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    const { listenPg } = await import('./listen-pg.ts');
    const url = opts.databaseUrl;
    const client: SqlClient = { executeSql: (text, values) => pool.query(text, values) };
    return {
      db,
      client,
      close: () => pool.end(),
      poolWaiting: () => pool.waitingCount,
      listen: (channel, onPayload, onGap, onLost) => listenPg(url, channel, { onPayload, onGap, onLost }),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dir = 'memory://';
  if (opts.dataDir !== ':memory:') {
    dir = path.join(opts.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create(dir);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  const listen: Listen = async (channel, onPayload) => {
    const unlisten = await client.listen(channel, onPayload);
    return async () => {
      if (!client.closed) await unlisten();
    };
  };
  const sqlClient: SqlClient = {
    async executeSql(text, values) {
      if (values?.length) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
  return { db: db as unknown as Db, client: sqlClient, close: () => client.close(), listen, poolWaiting: null };
}
