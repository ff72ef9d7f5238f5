import { describe, expect, it } from 'vitest';
import { giftPrice } from './gifts.ts';

describe('giftPrice', () => {
  it('prices the gift at the smallest bundle’s price per credit, rounded to a minor unit', () => {
    const bundles = [
      { credits: 250, amount: 4999 },
      { credits: 50, amount: 1499 },
      { credits: 100, amount: 2499 },
    ];
    // 25 credits at 1499 / 50 cents each = 749.5 cents.
    expect(giftPrice(bundles, 25)).toEqual({ amount: 750, basis: { credits: 50, amount: 1499 } });
  });

  it('has no price without bundles', () => {
    expect(giftPrice([], 25)).toBeNull();
  });
});
