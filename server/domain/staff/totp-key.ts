// TOTP secrets at rest (docs/operations.md "Set-up"): sealed with AES-256-GCM, so a copy of the staff table alone
// does not give the second factors away. The key is OPS_TOTP_KEY (Config.opsTotpKey), else one made once per database.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { storedOnce } from '../../db/meta-value.ts';

/**
 * The key that seals TOTP secrets (32 bytes): Config.opsTotpKey when set, else one made once and kept in the
 * database's `meta` table (which then guards it no better than the secrets' own table: set OPS_TOTP_KEY in production).
 */
export async function totpKey(db: Db, config: Pick<Config, 'opsTotpKey'>): Promise<Buffer> {
  if (config.opsTotpKey) return config.opsTotpKey;
  return Buffer.from(await storedOnce(db, 'ops-totp-key', () => randomBytes(32).toString('base64')), 'base64');
}

/** `secret` sealed with `key`: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function sealTotpSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The secret of `sealed` (sealTotpSecret), or null when it is not one or was sealed with another key. */
export function openTotpSecret(key: Buffer, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
