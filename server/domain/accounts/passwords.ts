// Password hashing with argon2id at the parameters of DESIGN.md's security baseline.
import { hash, verify } from '@node-rs/argon2';
import { MIN_PASSWORD_LENGTH } from '../../../contract/index.ts';
import { ApiError } from '../../errors.ts';
import { isWeakPassword } from './password-strength.ts';

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
