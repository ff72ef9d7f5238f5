// Tokens of the one-click unsubscribe link (RFC 8058) in every notification mail, apart from the mail itself because
// the unsubscribe call checks them without a session: an HMAC names the member and the kind, so no table is needed.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { EmailKind } from '../../../contract/index.ts';
import type { Db } from '../../db/connect.ts';
import { storedOnce } from '../../db/meta-value.ts';

/** The `meta` row that holds the signing secret (32 random bytes, base64url), made at first use. */
const MAIL_TOKEN_META_KEY = 'mail_token_secret';

/**
 * The server's secret for unsubscribe tokens: read from `meta` (one statement; only mails and the unsubscribe call
 * need it), or made and stored on first use (storedOnce: the same for every instance on the database).
 * Replacing the row invalidates the links of every mail already sent.
 */
export async function mailTokenSecret(db: Db): Promise<Buffer> {
  const value = await storedOnce(db, MAIL_TOKEN_META_KEY, () => randomBytes(32).toString('base64url'));
  if (typeof value !== 'string') throw new Error(`meta ${MAIL_TOKEN_META_KEY} is not a string`);
  return Buffer.from(value, 'base64url');
}

/** HMAC-SHA256 (base64url, 43 characters) of `unsubscribe:<userId>:<kind>` under `secret`. */
function mac(secret: Buffer, userId: number, kind: EmailKind): string {
  return createHmac('sha256', secret).update(`unsubscribe:${userId}:${kind}`).digest('base64url');
}

/** The token of `userId`'s unsubscribe link for `kind`: `<userId>.<kind>.<mac>` (URL-safe; it does not expire). */
export function unsubscribeToken(secret: Buffer, userId: number, kind: EmailKind): string {
  return `${userId}.${kind}.${mac(secret, userId, kind)}`;
}

/** The member and kind a token names, or null when it is malformed or its MAC does not match (compared in constant time). */
export function verifyUnsubscribeToken(secret: Buffer, token: string): { userId: number; kind: EmailKind } | null {
  const m = /^([1-9]\d{0,9})\.([a-z]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const kind = EmailKind.safeParse(m[2]);
  if (!kind.success || userId > 2_147_483_647) return null;
  const given = Buffer.from(m[3], 'base64url');
  const expected = Buffer.from(mac(secret, userId, kind.data), 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, kind: kind.data } : null;
}
