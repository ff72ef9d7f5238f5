import { describe, expect, it } from 'vitest';
import { keyBytes, pushErrorKey } from './push-state.ts';

describe('keyBytes', () => {
  it('decodes a base64url VAPID key without padding', () => {
    // 65 bytes, as an uncompressed P-256 public key is.
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37) % 256);
    const b64url = Buffer.from(bytes).toString('base64url');
    expect(b64url).not.toContain('=');
    expect([...keyBytes(b64url)]).toEqual([...bytes]);
  });
});

describe('pushErrorKey', () => {
  it('maps browser and network failures to texts a person can act on', () => {
    expect(pushErrorKey(new DOMException('no', 'NotAllowedError'))).toBe('push.errors.denied');
    expect(pushErrorKey(new DOMException('down', 'AbortError'))).toBe('push.errors.service');
    expect(pushErrorKey(new DOMException('x', 'NotSupportedError'))).toBe('push.errors.unsupported');
    expect(pushErrorKey({ status: 0, code: 'network' })).toBe('push.errors.network');
    expect(pushErrorKey(new Error('?'))).toBe('push.errors.unknown');
  });
});
