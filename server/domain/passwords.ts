// Password hashing with argon2id at the parameters of DESIGN.md's security baseline.
import { hash, verify } from '@node-rs/argon2';

/** argon2id, m=19456 KiB, t=2, p=1 (OWASP minimum, DESIGN: security baseline). */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Minimum password length in characters. */
export const MIN_PASSWORD_LENGTH = 8;

/** Returns the PHC string of `password` (argon2id). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A valid hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | null = null;

/** True when `password` matches `phc`; with `phc` null verifies against a dummy hash and returns false. */
export async function verifyPassword(phc: string | null, password: string): Promise<boolean> {
  if (!phc) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(phc, password).catch(() => false);
}
