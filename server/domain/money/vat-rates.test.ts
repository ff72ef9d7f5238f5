import { describe, expect, it } from 'vitest';
import { countries } from '../../../contract/index.ts';
import { splitGross, vatPercent } from './vat-rates.ts';

describe('VAT', () => {
  it('has a rate for every payment country', () => {
    for (const c of countries) expect(vatPercent(c)).toBeGreaterThanOrEqual(0);
    expect([vatPercent('NL'), vatPercent('DE'), vatPercent('FI'), vatPercent('CH'), vatPercent('US')]).toEqual([
      21, 19, 25.5, 8.1, 0,
    ]);
  });

  it('splits a gross price into net = round(gross / (1 + rate)) and the rest as VAT', () => {
    expect(splitGross(1499, 21)).toEqual({ net: 1239, vat: 260 });
    expect(splitGross(1499, 8.1)).toEqual({ net: 1387, vat: 112 });
    expect(splitGross(16900, 25.5)).toEqual({ net: 13466, vat: 3434 });
    expect(splitGross(1599, 0)).toEqual({ net: 1599, vat: 0 });
    for (let gross = 1; gross < 3000; gross += 7) {
      const { net, vat } = splitGross(gross, 23);
      expect(net + vat).toBe(gross);
      expect(Math.abs(net - gross / 1.23)).toBeLessThanOrEqual(0.5);
    }
  });
});
