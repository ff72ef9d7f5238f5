import { describe, expect, it } from 'vitest';
import type { Bundle, DiscountCode } from '../../../contract/index.ts';
import { cheapestTotal, methodPrice, perMessage } from './method-price.ts';

const bundle: Bundle = { id: 1, credits: 100, amount: 1499, currency: 'EUR', message_amount: 150, popular: false };
const code = (over: Partial<DiscountCode> = {}): DiscountCode => ({
  code: 'TIMEBONUS25',
  country: null,
  user_id: null,
  expires: null,
  value_percentage: 25,
  currency: null,
  minimum_order_value: 0,
  status: 'active',
  validity: 'once_per_user',
  expired: false,
  paymentmethods: null,
  ...over,
});
const ideal = { id: 'ideal', fee_percent: 0 } as const;
const paypal = { id: 'paypal', fee_percent: 3 } as const;
const paysafecard = { id: 'paysafecard', fee_percent: 10 } as const;

describe('methodPrice: what the checkout charges with each method', () => {
  it('takes the discount off, then the fee on what is left (rounded up)', () => {
    expect(methodPrice(bundle, ideal, null, 'NL')).toEqual({ discount: 0, fee: 0, total: 1499 });
    expect(methodPrice(bundle, ideal, code(), 'NL')).toEqual({ discount: 375, fee: 0, total: 1124 });
    expect(methodPrice(bundle, paypal, code(), 'NL')).toEqual({ discount: 375, fee: 34, total: 1158 });
    expect(methodPrice(bundle, paysafecard, null, 'NL')).toEqual({ discount: 0, fee: 150, total: 1649 });
  });

  it('gives no discount with a method the code does not allow', () => {
    const idealOnly = code({ paymentmethods: ['ideal'] });
    expect(methodPrice(bundle, paypal, idealOnly, 'NL')).toEqual({ discount: 0, fee: 45, total: 1544 });
    expect(methodPrice(bundle, ideal, idealOnly, 'NL').total).toBe(1124);
  });
});

describe('cheapestTotal and perMessage: "1 message ≈" at the price paid now', () => {
  it('takes the cheapest method and the message cost of the country', () => {
    expect(cheapestTotal(bundle, [paypal, paysafecard, ideal], code(), 'NL')).toBe(1124);
    expect(cheapestTotal(bundle, [paypal, paysafecard], null, 'NL')).toBe(1544);
    expect(cheapestTotal(bundle, [], null, 'NL')).toBe(1499);
    expect(perMessage(1124, 100, 10)).toBe(112);
    expect(perMessage(1499, 100, 12)).toBe(180);
  });
});
