import { describe, expect, it } from 'vitest';
import { cardMethod, parseExpiry } from './stored-cards.ts';

describe('stored card fields from the AUTHORISATION webhook', () => {
  it('reads Adyen expiryDate "M/YYYY" and "MM/YYYY", and nothing from a malformed one', () => {
    expect(parseExpiry('03/2030')).toEqual({ expiryMonth: 3, expiryYear: 2030 });
    expect(parseExpiry('8/2028')).toEqual({ expiryMonth: 8, expiryYear: 2028 });
    for (const bad of [undefined, '', '13/2030', '0/2030', '03/30', '2030-03', 'x'])
      expect(parseExpiry(bad)).toEqual({ expiryMonth: null, expiryYear: null });
  });

  it('names the brand by our card method, else by the method paid with', () => {
    expect(cardMethod('visa', 'creditcard')).toBe('visa');
    expect(cardMethod('mc', 'creditcard')).toBe('mastercard');
    expect(cardMethod('amex', 'creditcard')).toBe('creditcard');
    expect(cardMethod(undefined, 'visa')).toBe('visa');
  });
});
