import { describe, expect, it } from 'vitest';
import { isEmailAddress } from './common.ts';

describe('isEmailAddress (spec 5 "Invalid email")', () => {
  it('accepts an address and refuses what is not one, or longer than 254 characters', () => {
    expect(isEmailAddress('ann@example.org')).toBe(true);
    expect(isEmailAddress('ann@')).toBe(false);
    expect(isEmailAddress('ann example.org')).toBe(false);
    expect(isEmailAddress(`${'a'.repeat(64)}@${'b'.repeat(185)}.org`)).toBe(true);
    expect(isEmailAddress(`${'a'.repeat(64)}@${'b'.repeat(186)}.org`)).toBe(false);
  });
});
