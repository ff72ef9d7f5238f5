import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('shows minor units in the currency and language', () => {
    expect(formatMoney(1499, 'EUR', 'en')).toBe('€14.99');
    expect(formatMoney(1499, 'EUR', 'de')).toBe('14,99\u00a0€');
    expect(formatMoney(16900, 'SEK', 'sv')).toBe('169,00\u00a0kr');
    expect(formatMoney(15, 'EUR', 'en')).toBe('€0.15');
  });
});
