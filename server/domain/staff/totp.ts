// TOTP second factor of staff sign-in (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps) on otplib, behind a small
// interface of its own so that callers never see the library. The enrolment QR code is made here too (qrcode).
import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';

/** Seconds per TOTP step (RFC 6238 default; what authenticator apps assume). */
const TOTP_STEP_SECONDS = 30;
/** Digits per code. */
const DIGITS = 6;
/** Steps either side of now that a code may come from: one, for clocks a few seconds apart. */
const WINDOW = 1;

/** A new TOTP secret: 160 random bits (RFC 4226's recommended length) in base32, 32 characters. */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The 6-digit code of base32 `secret` at `at` (ms since the epoch, default now). */
export const totpCode = (secret: string, at = Date.now()): string =>
  generateSync({ secret, digits: DIGITS, period: TOTP_STEP_SECONDS, epoch: Math.floor(at / 1000) });

/**
 * The step (seconds since the epoch / 30) of `code` when it is a code of base32 `secret` at `at` (ms) or one step
 * either side (WINDOW), else null; also null for anything but six digits. The caller keeps the last step used so
 * that a code is accepted once.
 */
export function totpStep(secret: string, code: string, at = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const epoch = Math.floor(at / 1000);
  const result = verifySync({
    secret,
    token: code,
    digits: DIGITS,
    period: TOTP_STEP_SECONDS,
    epoch,
    epochTolerance: WINDOW * TOTP_STEP_SECONDS,
  });
  // delta: the matching step's distance from now's step (the functional API's result type has no step of its own)
  return result.valid ? Math.floor(epoch / TOTP_STEP_SECONDS) + result.delta : null;
}

/**
 * The otpauth URI of `secret` for `account` (an e-mail address) at `issuer` (the site's name), which an authenticator
 * app reads from a QR code (Key Uri Format: otpauth://totp/Issuer:account?secret=…&issuer=…).
 */
export const totpUri = (secret: string, account: string, issuer: string): string =>
  generateURI({ issuer, label: account, secret, algorithm: 'sha1', digits: DIGITS, period: TOTP_STEP_SECONDS });

/** The QR code of otpauth `uri` as an SVG data URL (`data:image/svg+xml;base64,…`), for an <img> at set-up. */
export async function totpQr(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
