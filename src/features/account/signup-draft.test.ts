import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSignupDraft, loadSignupDraft, saveSignupDraft } from './signup-draft.ts';
import type { SignupValues } from './signup-rules.ts';

/** A Storage stand-in over a Map, so a test can look at what was written where. */
function memoryStorage(): Storage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
  };
}

const values: SignupValues = {
  email: 'ann@example.com',
  name: 'Ann',
  password: 'a secret password',
  date_of_birth: '1990-01-31',
  gender: 'female',
  lookingFor: 'men',
  country: 'NL',
  signup_message: 'Hello',
};

describe('signup draft (spec 3 signup form state survives a reload)', () => {
  let local: ReturnType<typeof memoryStorage>;
  let session: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    local = memoryStorage();
    session = memoryStorage();
    vi.stubGlobal('localStorage', local);
    vi.stubGlobal('sessionStorage', session);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('gives back the values and the step, with the password from sessionStorage only', () => {
    saveSignupDraft({ step: 4, values });
    expect(loadSignupDraft()).toEqual({ step: 4, values });
    expect([...local.map.values()].join()).not.toContain('a secret password');
    expect([...local.map.values()].join()).toContain('ann@example.com');
    expect([...session.map.values()]).toEqual(['a secret password']);
  });

  it('has no password after the tab is closed (sessionStorage gone), the rest is still there', () => {
    saveSignupDraft({ step: 3, values });
    vi.stubGlobal('sessionStorage', memoryStorage());
    expect(loadSignupDraft()).toEqual({ step: 3, values: { ...values, password: '' } });
  });

  it('forgets the draft when cleared, when older than 7 days, and when malformed', () => {
    saveSignupDraft({ step: 2, values });
    clearSignupDraft();
    expect(loadSignupDraft()).toBeNull();
    expect(session.map.size).toBe(0);

    saveSignupDraft({ step: 2, values }, 0);
    expect(loadSignupDraft(8 * 24 * 3600 * 1000)).toBeNull();
    expect(local.map.size).toBe(0);

    local.setItem('signup-draft', JSON.stringify({ step: 9, saved_at: Date.now(), values }));
    expect(loadSignupDraft()).toBeNull();
    local.setItem('signup-draft', '{not json');
    expect(loadSignupDraft()).toBeNull();
  });

  it('never throws when storage is blocked', () => {
    const blocked = () => {
      throw new Error('SecurityError');
    };
    vi.stubGlobal('localStorage', { getItem: blocked, setItem: blocked, removeItem: blocked });
    expect(() => saveSignupDraft({ step: 1, values })).not.toThrow();
    expect(loadSignupDraft()).toBeNull();
    expect(() => clearSignupDraft()).not.toThrow();
  });
});
