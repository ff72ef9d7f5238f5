import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissedAt, storeDismissal } from './dismissal.ts';

describe('alert dismissals (spec 2: stored with a timestamp)', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('answers null before and the stored time after a dismissal', () => {
    expect(dismissedAt('hide-x')).toBeNull();
    const at = storeDismissal('hide-x');
    expect(Math.abs(at - Date.now())).toBeLessThan(1000);
    expect(dismissedAt('hide-x')).toBe(at);
    expect(localStorage.getItem('hide-x')).toBe(String(at));
  });

  it('counts a value that is not a time as dismissed', () => {
    localStorage.setItem('hide-y', 'yes');
    expect(dismissedAt('hide-y')).toBe(0);
  });

  it('never throws when storage is blocked', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    });
    expect(dismissedAt('hide-x')).toBeNull();
    expect(typeof storeDismissal('hide-x')).toBe('number');
  });
});
