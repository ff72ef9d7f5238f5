// TOTP second factor of staff sign-in (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps), on node:crypto. A small
// interface of its own so that a library (otplib) can stand behind it without touching its callers.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Seconds per TOTP step (RFC 6238 default; what authenticator apps assume). */
const TOTP_STEP_SECONDS = 30;
/** Digits per code. */
const DIGITS = 6;
/** Steps either side of now that a code may come from: one, for clocks a few seconds apart. */
const WINDOW = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 of `bytes`, without padding (as otpauth URIs carry secrets). */
function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** The bytes of base32 text `text` (case and padding ignored); throws on a character outside the alphabet. */
function fromBase32(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.toUpperCase().replace(/=+$/, '')) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('totp: secret is not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new TOTP secret: 160 random bits (RFC 4226's recommended length) in base32, 32 characters. */
export const newTotpSecret = (): string => base32(randomBytes(20));

/** The 6-digit code of base32 `secret` for step `counter` (RFC 4226 HOTP). */
function hotp(secret: string, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', fromBase32(secret)).update(message).digest();
  const offset = mac[mac.length - 1] & 15;
  const number = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(number % 10 ** DIGITS).padStart(DIGITS, '0');
}

/** The code of base32 `secret` at `at` (default now). */
export const totpCode = (secret: string, at = Date.now()): string => hotp(secret, Math.floor(at / 1000 / TOTP_STEP_SECONDS));

/**
 * The step of `code` when it is a code of `secret` at `at` or one step either side (WINDOW), else null. The caller
 * keeps the last step used so that a code is accepted once.
 */
export function totpStep(secret: string, code: string, at = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = Math.floor(at / 1000 / TOTP_STEP_SECONDS);
  for (let step = now - WINDOW; step <= now + WINDOW; step++) {
    if (timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(code))) return step;
  }
  return null;
}

/**
 * The otpauth URI of `secret` for `account` (an e-mail address) at `issuer` (the site's name), which an authenticator
 * app reads from a QR code (Key Uri Format: otpauth://totp/Issuer:account?secret=…&issuer=…).
 */
export function totpUri(secret: string, account: string, issuer: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
