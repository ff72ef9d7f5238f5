import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTotpSecret, sealTotpSecret } from './totp-key.ts';

describe('sealed TOTP secrets', () => {
  it('open with their key only, and a tampered one opens with none', () => {
    const key = randomBytes(32);
    const sealed = sealTotpSecret(key, 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(sealed).not.toContain('GEZDGNBV');
    expect(openTotpSecret(key, sealed)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(openTotpSecret(randomBytes(32), sealed)).toBeNull();
    const [v, iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] ^= 1;
    expect(openTotpSecret(key, [v, iv, tag, flipped.toString('base64url')].join('.'))).toBeNull();
    expect(openTotpSecret(key, 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')).toBeNull();
  });
});
