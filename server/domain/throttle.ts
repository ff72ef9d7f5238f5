// Login throttling per account and per IP (DESIGN: security baseline; spec 8 message login_throttled).
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { loginFailures } from '../db/schema.ts';

/** Failures allowed per window before a block: per e-mail address and per IP address. */
export const LOGIN_LIMITS = { account: 5, ip: 30 } as const;
/** Window in which failures count, and how long a block lasts, in minutes. */
export const LOGIN_WINDOW_MINUTES = 15;
export const LOGIN_BLOCK_MINUTES = 15;

const keysOf = (email: string, ip: string) => [`account:${email.trim().toLowerCase()}`, `ip:${ip}`];

/** True when the e-mail address or the IP is blocked at `now`. */
export async function isLoginBlocked(db: Db, email: string, ip: string, now = new Date()): Promise<boolean> {
  const rows = await db.select().from(loginFailures).where(inArray(loginFailures.key, keysOf(email, ip)));
  return rows.some((r) => r.blockedUntil && r.blockedUntil > now);
}

/** Counts a failed login for both keys; a key over its limit is blocked for LOGIN_BLOCK_MINUTES. */
export async function recordLoginFailure(db: Db, email: string, ip: string, now = new Date()): Promise<void> {
  const [accountKey, ipKey] = keysOf(email, ip);
  for (const [key, limit] of [[accountKey, LOGIN_LIMITS.account], [ipKey, LOGIN_LIMITS.ip]] as const) {
    const [row] = await db.select().from(loginFailures).where(eq(loginFailures.key, key));
    const fresh = !row || now.getTime() - row.windowStart.getTime() > LOGIN_WINDOW_MINUTES * 60_000;
    const count = fresh ? 1 : row.count + 1;
    const blockedUntil = count >= limit ? new Date(now.getTime() + LOGIN_BLOCK_MINUTES * 60_000) : null;
    const values = { key, count, windowStart: fresh ? now : row.windowStart, blockedUntil };
    await db.insert(loginFailures).values(values).onConflictDoUpdate({ target: loginFailures.key, set: values });
  }
}

/** Forgets the failures of an e-mail address after a successful login. */
export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, keysOf(email, '')[0]));
}
