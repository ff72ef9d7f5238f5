import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBadge } from './badge.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('setBadge (spec 4: badge = unread messages + new likes; spec 8: failures ignored)', () => {
  it('sets the count, and clears the badge at 0', () => {
    const setAppBadge = vi.fn(() => Promise.resolve());
    const clearAppBadge = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { setAppBadge, clearAppBadge });
    setBadge(7);
    setBadge(0);
    expect(setAppBadge).toHaveBeenCalledWith(7);
    expect(clearAppBadge).toHaveBeenCalledTimes(1);
  });

  it('does nothing without the Badging API, and swallows refusals', async () => {
    vi.stubGlobal('navigator', {});
    expect(() => setBadge(3)).not.toThrow();
    const refused = vi.fn(() => Promise.reject(new DOMException('not allowed', 'NotAllowedError')));
    vi.stubGlobal('navigator', { setAppBadge: refused });
    expect(() => setBadge(3)).not.toThrow();
    await Promise.resolve();
    const throwing = vi.fn(() => {
      throw new Error('sync failure');
    });
    vi.stubGlobal('navigator', { setAppBadge: throwing });
    expect(() => setBadge(3)).not.toThrow();
  });
});
