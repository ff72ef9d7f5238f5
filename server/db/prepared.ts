// Prepared statements for the hottest queries (issue 14 profiling: on PostgreSQL a logged-in request spent about a
// quarter of its CPU building Drizzle queries and another quarter writing them). A prepared statement is built once
// per database handle, and PostgreSQL parses and plans it once per connection.
import type { Db } from './connect.ts';

const cache = new WeakMap<Db, Map<string, unknown>>();

/**
 * The statement `name` of `db`, made by `build` (a Drizzle query ending in `.prepare(name)`) on first use and kept
 * for the life of the handle. `name` must be unique per statement: PostgreSQL knows it by that name.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let statements = cache.get(db);
  if (!statements) cache.set(db, (statements = new Map()));
  let statement = statements.get(name) as T | undefined;
  if (!statement) statements.set(name, (statement = build(db)));
  return statement;
}
