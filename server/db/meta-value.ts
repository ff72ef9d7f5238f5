// A value made once and kept in the `meta` table (server secrets such as the VAPID keys or the unsubscribe-token
// secret), the same for every server instance on the database.
import { eq } from 'drizzle-orm';
import type { Db } from './connect.ts';
import { meta } from './schema.ts';

/**
 * The `meta` value under `key`: read, or made by `make` and stored when missing. Instances racing on one database
 * agree: the first insert wins and each reads it back. Never replaces a stored value.
 */
export async function storedOnce<T>(db: Db, key: string, make: () => T): Promise<T> {
  const read = async () => {
    const [row] = await db.select().from(meta).where(eq(meta.key, key));
    return row ? (row.value as T) : null;
  };
  const stored = await read();
  if (stored !== null) return stored;
  await db.insert(meta).values({ key, value: make() }).onConflictDoNothing();
  return (await read())!;
}
