import { describe, expect, it } from 'vitest';
import { refundShare } from './refunds.ts';

describe('refundShare (spec 3 refund_days; free credits are spent first)', () => {
  it('takes back the bought, unspent credits, at most the purchase, at their share of the amount rounded down', () => {
    expect(refundShare({ credits: 100, amount: 1499 }, 150)).toEqual({ credits: 100, amount: 1499 });
    expect(refundShare({ credits: 100, amount: 1499 }, 63)).toEqual({ credits: 63, amount: 944 });
    expect(refundShare({ credits: 100, amount: 1124 }, 90)).toEqual({ credits: 90, amount: 1011 });
  });
  it('returns nothing when no bought credit is left', () => {
    expect(refundShare({ credits: 100, amount: 1499 }, 0)).toEqual({ credits: 0, amount: 0 });
  });
});
