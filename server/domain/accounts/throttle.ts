// Attempt counters in the database (table login_failures): login throttling per account and source, per IP, and per
// account from everywhere, shared by the current-password checks; signups, signup and reset probing per IP; location
// changes per member (DESIGN: security baseline; spec 8 message login_throttled).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import type { Db } from '../../db/connect.ts';
import { storedOnce } from '../../db/meta-value.ts';
import { loginFailures } from '../../db/schema.ts';

/** A counter's limit: attempts allowed per `windowMinutes`; one more blocks its key for `blockMinutes`. */
export interface Limit {
  max: number;
  windowMinutes: number;
  blockMinutes: number;
}

/**
 * Login limits (ASVS V6.3.1). `source`: one address from one source (the known device, else the IP): the spec's
 * "account blocked for a number of minutes" as its owner sees it from an attacker's own source. `ip`: every address
 * from one IP. `account`: one address from everywhere (a distributed guess); a known device is let through it.
 */
export const LOGIN_LIMITS = {
  source: { max: 5, windowMinutes: 15, blockMinutes: 15 },
  ip: { max: 30, windowMinutes: 15, blockMinutes: 15 },
  account: { max: 100, windowMinutes: 60, blockMinutes: 60 },
} as const satisfies Record<string, Limit>;

/**
 * Signups refused as "e-mail taken" allowed per IP an hour (address probing); past it a taken address answers 429
 * signup_throttled instead of 409, while a signup with a free address still goes through up to SIGNUP_LIMIT.
 */
export const SIGNUP_PROBE_LIMIT: Limit = { max: 10, windowMinutes: 60, blockMinutes: 60 };

/**
 * Accounts created per IP an hour; one more answers 429 signup_throttled. A household or an office behind one address
 * signs up a few members a day, not 20 in an hour; a script creating accounts (each mails a link and grants the
 * signup credits) is held to that pace.
 */
export const SIGNUP_LIMIT: Limit = { max: 20, windowMinutes: 60, blockMinutes: 60 };

/**
 * Password reset requests answered "E-mail address not found." allowed per IP a day (address probing, spec 8 text
 * kept); one more, and every reset request from that IP for the day, answers 429 reset_throttled.
 */
export const RESET_PROBE_LIMIT: Limit = { max: 10, windowMinutes: 1440, blockMinutes: 1440 };

/**
 * Location changes (a profile save carrying `location`) allowed per member an hour; one more answers 429
 * too_many_requests. Moving one's own location many times against the distance bands would narrow down where
 * another member is; a member moves it a few times a day.
 */
export const LOCATION_LIMIT: Limit = { max: 10, windowMinutes: 60, blockMinutes: 60 };

/**
 * Counts one attempt on `key` in one atomic statement (concurrent attempts each get their own count) and answers
 * the count in the current window, which restarts once the window and any block have passed. A count over
 * `limit.max` blocks the key for `limit.blockMinutes` from that attempt.
 */
export async function countAttempt(db: Db, key: string, limit: Limit, now = new Date()): Promise<number> {
  const windowStart = new Date(now.getTime() - limit.windowMinutes * 60_000);
  const blockEnd = new Date(now.getTime() + limit.blockMinutes * 60_000);
  const fresh = sql`(${loginFailures.windowStart} <= ${windowStart} and coalesce(${loginFailures.blockedUntil} <= ${now}, true))`;
  const [row] = await db
    .insert(loginFailures)
    .values({ key, count: 1, windowStart: now, blockedUntil: null })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        count: sql`case when ${fresh} then 1 else ${loginFailures.count} + 1 end`,
        windowStart: sql`case when ${fresh} then ${now} else ${loginFailures.windowStart} end`,
        blockedUntil: sql`case when ${fresh} then null when ${loginFailures.count} + 1 > ${limit.max} then coalesce(${loginFailures.blockedUntil}, ${blockEnd}) else ${loginFailures.blockedUntil} end`,
      },
    })
    .returning({ count: loginFailures.count });
  return row.count;
}

/** True when `key` is blocked at `now` (its count went over its limit and the block has not passed). */
export async function isBlocked(db: Db, key: string, now = new Date()): Promise<boolean> {
  const [row] = await db.select({ until: loginFailures.blockedUntil }).from(loginFailures).where(eq(loginFailures.key, key));
  return !!row?.until && row.until > now;
}

/** Takes one attempt back from `key` (a login that succeeded is not a guess). */
export async function refundAttempt(db: Db, key: string): Promise<void> {
  await db
    .update(loginFailures)
    .set({ count: sql`greatest(${loginFailures.count} - 1, 0)` })
    .where(eq(loginFailures.key, key));
}

/** Forgets `key`. */
async function forgetAttempts(db: Db, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

/** The throttle keys of one login attempt: `deviceId` is the known-device id when the browser sent a valid one. */
function loginKeys(email: string, ip: string, deviceId: string | null) {
  const address = email.trim().toLowerCase();
  return {
    source: deviceId ? `login:${address}|device:${deviceId}` : `login:${address}|ip:${ip}`,
    ip: `login-ip:${ip}`,
    account: `login:${address}`,
  };
}

/**
 * Claims one login attempt before the password is checked, so concurrent guesses cannot pass the limit. A known
 * device (`deviceId` set) is counted on its own and is let through the IP and account-wide limits. Answers null when
 * the attempt is within every limit, else the first limit it passed (LOGIN_LIMITS key): the caller answers 429
 * login_throttled without checking the password.
 */
export async function claimLoginAttempt(
  db: Db,
  { email, ip, deviceId }: { email: string; ip: string; deviceId: string | null },
  now = new Date(),
): Promise<keyof typeof LOGIN_LIMITS | null> {
  const keys = loginKeys(email, ip, deviceId);
  const source = await countAttempt(db, keys.source, LOGIN_LIMITS.source, now);
  if (deviceId) return source <= LOGIN_LIMITS.source.max ? null : 'source';
  const perIp = await countAttempt(db, keys.ip, LOGIN_LIMITS.ip, now);
  const account = await countAttempt(db, keys.account, LOGIN_LIMITS.account, now);
  if (source > LOGIN_LIMITS.source.max) return 'source';
  if (perIp > LOGIN_LIMITS.ip.max) return 'ip';
  return account > LOGIN_LIMITS.account.max ? 'account' : null;
}

/**
 * Claims one current-password check (password change, e-mail change, deletion) of the member of `email` at `ip` on
 * the login counters of that address from that IP and of that IP, so wrong current passwords and wrong logins share
 * one budget. The account-wide counter is left out: the session already stands for a device that logged in. Answers
 * false when over a limit (the caller answers 429 login_throttled without checking the password).
 */
export async function claimPasswordCheck(db: Db, email: string, ip: string): Promise<boolean> {
  const keys = loginKeys(email, ip, null);
  const source = await countAttempt(db, keys.source, LOGIN_LIMITS.source);
  const perIp = await countAttempt(db, keys.ip, LOGIN_LIMITS.ip);
  return source <= LOGIN_LIMITS.source.max && perIp <= LOGIN_LIMITS.ip.max;
}

/** After a correct current password (claimPasswordCheck): the source's attempts are forgotten, the IP's gets this one back. */
export async function passwordCheckSucceeded(db: Db, email: string, ip: string): Promise<void> {
  const keys = loginKeys(email, ip, null);
  await forgetAttempts(db, keys.source);
  await refundAttempt(db, keys.ip);
}

/**
 * True when `ip` is a loopback address: the server's own machine (development, tests, a health check), or every
 * client at once behind a proxy that TRUST_PROXY does not name. Per-IP volume limits (SIGNUP_LIMIT) skip it, since
 * there it would count the whole site as one source.
 */
export const isLoopbackIp = (ip: string): boolean => ipaddr.isValid(ip) && ipaddr.process(ip).range() === 'loopback';

/** After a correct password: the source's attempts are forgotten, the IP and account-wide ones get this one back. */
export async function loginSucceeded(db: Db, email: string, ip: string, deviceId: string | null): Promise<void> {
  const keys = loginKeys(email, ip, deviceId);
  await forgetAttempts(db, keys.source);
  if (!deviceId) {
    await refundAttempt(db, keys.ip);
    await refundAttempt(db, keys.account);
  }
}

/** Name of the known-device cookie (see knownDeviceId). */
export const DEVICE_COOKIE = 'device';

/**
 * Known devices (OWASP "device cookie" against account lockout): after a login the browser keeps
 * `<userId>.<nonce>.<hmac>` in an httpOnly cookie signed with a server secret. Answers the nonce (the device id) when
 * `cookie` is a valid device cookie of `userId`, else null.
 */
export function knownDeviceId(secret: string, cookie: string | undefined, userId: number | undefined): string | null {
  const [id, nonce, mac] = (cookie ?? '').split('.');
  if (userId === undefined || id !== String(userId) || !nonce || !mac) return null;
  const a = Buffer.from(mac);
  const b = Buffer.from(deviceMac(secret, userId, nonce));
  return a.length === b.length && timingSafeEqual(a, b) ? nonce : null;
}

/** The server secret that signs device cookies (made once per database). */
export const deviceCookieSecret = (db: Db): Promise<string> =>
  storedOnce(db, 'device-cookie-secret', () => randomBytes(32).toString('base64url'));

/** A new device cookie value for `userId` (see knownDeviceId). */
export function newDeviceCookie(secret: string, userId: number): string {
  const nonce = randomBytes(12).toString('base64url');
  return `${userId}.${nonce}.${deviceMac(secret, userId, nonce)}`;
}

const deviceMac = (secret: string, userId: number, nonce: string) =>
  createHmac('sha256', secret).update(`device:${userId}.${nonce}`).digest('base64url');
