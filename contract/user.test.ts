import { describe, expect, it } from 'vitest';
import { signupsOpen } from './user.ts';

describe('signupsOpen (spec 5)', () => {
  it('lets everyone sign up when signups is all, nobody when none', () => {
    expect(signupsOpen({ signups: 'all' }, null)).toBe(true);
    expect(signupsOpen({ signups: 'none' }, 'ads')).toBe(false);
  });
  it('with_trafficsource: only a visit from a traffic source', () => {
    expect(signupsOpen({ signups: 'with_trafficsource' }, 'ads')).toBe(true);
    expect(signupsOpen({ signups: 'with_trafficsource' }, '')).toBe(false);
    expect(signupsOpen({ signups: 'with_trafficsource' }, undefined)).toBe(false);
  });
});
