import { describe, expect, it } from 'vitest';
import { newTotpSecret, totpCode, totpQr, totpStep, totpUri } from './totp.ts';

// RFC 6238 appendix B, SHA-1: the ASCII secret "12345678901234567890" (base32 below), 8-digit codes cut to 6.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP (RFC 6238)', () => {
  it('answers the RFC test vectors', () => {
    expect(totpCode(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpCode(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(RFC_SECRET, 1_234_567_890_000)).toBe('005924');
    expect(totpCode(RFC_SECRET, 20_000_000_000_000)).toBe('353130');
  });

  it('accepts a code one step either side and nothing further', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const at = 1_700_000_000_000;
    expect(totpStep(secret, totpCode(secret, at), at)).toBe(Math.floor(at / 30_000));
    expect(totpStep(secret, totpCode(secret, at - 30_000), at)).not.toBeNull();
    expect(totpStep(secret, totpCode(secret, at + 30_000), at)).not.toBeNull();
    expect(totpStep(secret, totpCode(secret, at - 90_000), at)).toBeNull();
    expect(totpStep(secret, 'abcdef', at)).toBeNull();
  });

  it('writes an otpauth URI (defaults SHA1, 6 digits, 30 s left out, as the Key Uri Format allows)', () => {
    expect(totpUri(RFC_SECRET, 'ann@example.org', 'Heartline')).toBe(
      `otpauth://totp/Heartline:ann%40example.org?secret=${RFC_SECRET}&issuer=Heartline`,
    );
  });

  it('draws the URI as an SVG QR code data URL', async () => {
    const qr = await totpQr(totpUri(RFC_SECRET, 'ann@example.org', 'Heartline'));
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1], 'base64').toString()).toContain('<svg');
  });
});
