import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkPush, keyBytes, pushErrorKey, pushState } from './push-state.ts';

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

describe('checkPush', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A browser with push whose service worker becomes ready when `ready` is resolved, and no subscription. */
  function browserWithPush(permission: { value: NotificationPermission }) {
    let resolveReady!: (reg: unknown) => void;
    const ready = new Promise((r) => (resolveReady = r));
    const Notification = {
      get permission() {
        return permission.value;
      },
    };
    vi.stubGlobal('Notification', Notification);
    vi.stubGlobal('window', { PushManager: class {}, Notification });
    vi.stubGlobal('navigator', { serviceWorker: { ready } });
    return () => resolveReady({ pushManager: { getSubscription: async () => null } });
  }

  it('lets the newest check decide when an older one finishes later (blocked while the worker was starting)', async () => {
    const permission = { value: 'default' as NotificationPermission };
    const workerReady = browserWithPush(permission);
    const first = checkPush('BKey');
    permission.value = 'denied';
    await checkPush('BKey');
    expect(pushState.status).toBe('denied');
    workerReady();
    await first;
    expect(pushState.status).toBe('denied');
  });

  it('says unsubscribed once the worker is ready and nothing is subscribed', async () => {
    const workerReady = browserWithPush({ value: 'default' });
    const check = checkPush('BKey');
    workerReady();
    await check;
    expect(pushState.status).toBe('unsubscribed');
  });

  it('says unsupported after 10 s without a worker, and checks again when a slow first install becomes ready', async () => {
    vi.useFakeTimers();
    try {
      const workerReady = browserWithPush({ value: 'default' });
      const check = checkPush('BKey');
      await vi.advanceTimersByTimeAsync(10_000);
      await check;
      expect(pushState.status).toBe('unsupported');
      workerReady();
      await vi.waitFor(() => expect(pushState.status).toBe('unsubscribed'));
    } finally {
      vi.useRealTimers();
    }
  });
});
