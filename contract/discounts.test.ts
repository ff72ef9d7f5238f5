import { describe, expect, it } from 'vitest';
import { discountAmount, discountFits, TIME_BONUS_DURATION_SECONDS, timeBonusEnd, type DiscountCode } from './index.ts';

const now = Date.parse('2026-11-23T10:00:00Z');
const code = (over: Partial<DiscountCode> = {}): DiscountCode => ({
  code: 'X',
  country: null,
  user_id: null,
  expires: null,
  value_percentage: 25,
  currency: null,
  minimum_order_value: 0,
  status: 'active',
  validity: 'shared',
  expired: false,
  paymentmethods: null,
  ...over,
});
const order = { amount: 1499, currency: 'EUR', country: 'NL' };

describe('discountFits (docs/payments.md "Discounts")', () => {
  it('fits an open code, and not a disabled, expired or ended one', () => {
    expect(discountFits(code(), order, now)).toBe(true);
    expect(discountFits(code({ status: 'disabled' }), order, now)).toBe(false);
    expect(discountFits(code({ expired: true }), order, now)).toBe(false);
    expect(discountFits(code({ expires: new Date(now).toISOString() }), order, now)).toBe(false);
  });
  it('keeps to its country, currency, minimum order value and methods', () => {
    expect(discountFits(code({ country: 'DE' }), order, now)).toBe(false);
    expect(discountFits(code({ currency: 'GBP' }), order, now)).toBe(false);
    expect(discountFits(code({ currency: 'EUR', minimum_order_value: 1500 }), order, now)).toBe(false);
    expect(discountFits(code({ currency: 'EUR', minimum_order_value: 1499 }), order, now)).toBe(true);
    expect(discountFits(code({ minimum_order_value: 1 }), order, now)).toBe(false);
    expect(discountFits(code({ paymentmethods: ['ideal'] }), { ...order, method: 'paypal' }, now)).toBe(false);
    expect(discountFits(code({ paymentmethods: ['ideal'] }), { ...order, method: 'ideal' }, now)).toBe(true);
    expect(discountFits(code({ paymentmethods: ['ideal'] }), order, now)).toBe(true);
  });
});

describe('discountAmount', () => {
  it('rounds to a minor unit and always leaves something to pay', () => {
    expect(discountAmount(1499, 25)).toBe(375);
    expect(discountAmount(10900, 25)).toBe(2725);
    expect(discountAmount(1000, 100)).toBe(999);
  });
});

describe('the time bonus lasts 4 hours (spec 4, 9)', () => {
  it('ends 14400 s after signup', () => {
    expect(TIME_BONUS_DURATION_SECONDS).toBe(4 * 3600);
    expect(timeBonusEnd(new Date('2026-11-23T10:00:00Z')).toISOString()).toBe('2026-11-23T14:00:00.000Z');
  });
});
