// Prepared statements for the hottest queries (profiled on PostgreSQL a logged-in request spent about a
// quarter of its CPU building Drizzle queries and another quarter writing them). A prepared statement is built once
// per database handle, and PostgreSQL parses and plans it once per connection.
import { fillPlaceholders } from 'drizzle-orm';
import type { Db } from './connect.ts';

/** Where a database handle keeps its prepared statements: on the handle itself, so they live and go with it. */
const STATEMENTS = Symbol('prepared statements');

/**
 * The statement `name` of `db`, made by `build` (a Drizzle query ending in `.prepare(name)`) on first use and kept
 * for the life of the handle. `name` must be unique per statement: PostgreSQL knows it by that name.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  const handle = db as Db & { [STATEMENTS]?: Map<string, unknown> };
  const statements = (handle[STATEMENTS] ??= new Map());
  let statement = statements.get(name) as T | undefined;
  if (!statement) statements.set(name, (statement = build(db)));
  return statement;
}

/**
 * The statement `name` of `db` made from `build` (a Drizzle query with placeholders), run without the ORM's row
 * mapping: each row comes as the driver parses it, an object keyed by the statement's column names (PostgreSQL and
 * PGlite parse int, float, boolean, text and timestamptz alike; a `date` must be selected as text, which both keep).
 * The mapping took a tenth of a member search's CPU. The answer resolves to the rows; errors are the driver's.
 */
export function preparedRows<R>(
  db: Db,
  name: string,
  build: (db: Db) => { toSQL(): { sql: string; params: unknown[] } },
): (values: Record<string, unknown>) => Promise<R[]> {
  return prepared(db, name, (d) => {
    const { sql: text, params } = build(d).toSQL();
    const client = (d as unknown as { $client: RawClient }).$client;
    // node-postgres prepares a named statement once per connection; PGlite is in process and has no names.
    const run =
      'waitReady' in client
        ? (values: unknown[]) => client.query<R>(text, values)
        : (values: unknown[]) => client.query<R>({ name, text, values });
    return async (values: Record<string, unknown>) => (await run(fillPlaceholders(params, values))).rows;
  });
}

/** What preparedRows needs of a pg Pool or a PGlite instance (Drizzle's `$client`). */
type RawClient = {
  query<R>(text: string | { name: string; text: string; values: unknown[] }, values?: unknown[]): Promise<{ rows: R[] }>;
};
