import { describe, expect, it } from 'vitest';
import { becomesPremium, LEDGER_REASONS } from './membership.ts';

describe('becomesPremium (spec 1, 4: the first purchase makes a member premium)', () => {
  it('makes a member premium by a purchase and by no other movement of credits', () => {
    expect(becomesPremium('purchase')).toBe(true);
    expect(LEDGER_REASONS.filter((r) => r !== 'purchase').some(becomesPremium)).toBe(false);
  });
});
