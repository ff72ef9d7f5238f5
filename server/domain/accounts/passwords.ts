// Password hashing with argon2id at the parameters of DESIGN.md's security baseline, and the throttled check of a
// logged-in member's current password.
import { hash, verify } from '@node-rs/argon2';
import { MIN_PASSWORD_LENGTH } from '../../../contract/index.ts';
import type { Db } from '../../db/connect.ts';
import { ApiError } from '../../errors.ts';
import { isWeakPassword } from './password-strength.ts';
import type { UserRow } from '../types.ts';
import { claimPasswordCheck, passwordCheckSucceeded } from './throttle.ts';

/** argon2id, m=19456 KiB, t=2, p=1 (OWASP minimum, DESIGN: security baseline). */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Checks a new password (signup, reset, change). Throws ApiError 400 password_too_short (under MIN_PASSWORD_LENGTH
 * characters) or password_too_common (isWeakPassword: zxcvbn score under 3 with `userInputs`, passwordUserInputs),
 * with `fields.password`.
 */
export function checkNewPassword(password: string, userInputs: readonly string[]): void {
  const fail = (code: 'password_too_short' | 'password_too_common') => new ApiError(400, code, {}, { password: code });
  if (password.length < MIN_PASSWORD_LENGTH) throw fail('password_too_short');
  if (isWeakPassword(password, userInputs)) throw fail('password_too_common');
}

/** Returns the PHC string of `password` (argon2id). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * A valid hash (of a password nobody has, at OPTIONS) to verify against when the account does not exist, so timing
 * does not reveal it.
 */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$aOB4XndSf7lGirAkJbdJMA$Ed8074A6LcaiQK6Nr8la9Yh+ewT4/2z3nYIxpHOkfl0';

/** True when `password` matches `phc`; with `phc` null verifies against a dummy hash and returns false. */
export async function verifyPassword(phc: string | null, password: string): Promise<boolean> {
  if (!phc) {
    await verify(DUMMY_HASH, password).catch(() => false);
    return false;
  }
  return verify(phc, password).catch(() => false);
}

/**
 * Checks the current `password` of logged-in `user`, asked from `ip`, on the login throttle (claimPasswordCheck,
 * ASVS V6.3.1). `db` must not be inside a transaction the caller may roll back, or wrong guesses would not count.
 * Throws ApiError 429 login_throttled (the password is then not checked), 403 wrong_old_password ("Please check your
 * old password.", spec 8) with `fields[field]`.
 */
export async function checkCurrentPassword(
  db: Db,
  user: Pick<UserRow, 'email' | 'passwordHash'>,
  { password, ip, field }: { password: string; ip: string; field: 'password' | 'old_password' },
): Promise<void> {
  if (!(await claimPasswordCheck(db, user.email, ip))) throw new ApiError(429, 'login_throttled');
  if (!(await verifyPassword(user.passwordHash, password)))
    throw new ApiError(403, 'wrong_old_password', {}, { [field]: 'wrong_old_password' });
  await passwordCheckSucceeded(db, user.email, ip);
}
