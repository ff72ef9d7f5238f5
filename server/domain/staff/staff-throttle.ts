// Staff sign-in throttles (DESIGN: security baseline), on the members' attempt counters (accounts/throttle.ts) with
// keys of their own: per address and IP, per IP, per address from everywhere, and wrong TOTP codes per staff member.
import type { Db } from '../../db/connect.ts';
import { countAttempt, LOGIN_LIMITS, refundAttempt, type Limit } from '../accounts/throttle.ts';

/**
 * Wrong TOTP codes allowed per staff member in 15 minutes, from everywhere (one more blocks codes for 15 minutes):
 * someone who has the password gets 5 guesses of a million, not a brute force of the code.
 */
export const TOTP_LIMIT: Limit = { max: 5, windowMinutes: 15, blockMinutes: 15 };

/** The throttle keys of a sign-in of `email` from `ip`. */
function keys(email: string, ip: string) {
  const address = email.trim().toLowerCase();
  return { source: `ops-login:${address}|ip:${ip}`, ip: `ops-login-ip:${ip}`, account: `ops-login:${address}` };
}

/**
 * Claims one sign-in attempt before anything is checked, on the members' LOGIN_LIMITS (source, IP, account-wide):
 * true when within every limit (the caller answers 429 login_throttled otherwise, checking nothing).
 */
export async function claimStaffLogin(db: Db, email: string, ip: string, now = new Date()): Promise<boolean> {
  const k = keys(email, ip);
  const source = await countAttempt(db, k.source, LOGIN_LIMITS.source, now);
  const perIp = await countAttempt(db, k.ip, LOGIN_LIMITS.ip, now);
  const account = await countAttempt(db, k.account, LOGIN_LIMITS.account, now);
  return source <= LOGIN_LIMITS.source.max && perIp <= LOGIN_LIMITS.ip.max && account <= LOGIN_LIMITS.account.max;
}

/** After a sign-in with the right password and code: each counter gets this attempt back. */
export async function staffLoginSucceeded(db: Db, email: string, ip: string): Promise<void> {
  const k = keys(email, ip);
  for (const key of [k.source, k.ip, k.account]) await refundAttempt(db, key);
}

/**
 * Claims one TOTP code check of staff member `staffId` (sign-in, set-up confirmation) on TOTP_LIMIT: true when within
 * it. A right code gives its attempt back (totpSucceeded).
 */
export async function claimTotpAttempt(db: Db, staffId: number, now = new Date()): Promise<boolean> {
  return (await countAttempt(db, `ops-totp:${staffId}`, TOTP_LIMIT, now)) <= TOTP_LIMIT.max;
}

/** After a right TOTP code: its attempt is given back. */
export const totpSucceeded = (db: Db, staffId: number): Promise<void> => refundAttempt(db, `ops-totp:${staffId}`);
