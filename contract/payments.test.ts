import { describe, expect, it } from 'vitest';
import { refundWindowOpen } from './payments.ts';

describe('refundWindowOpen (spec 3 settings refund_days)', () => {
  const bought = Date.parse('2026-11-01T10:00:00Z');
  it('is open until refund_days days after the purchase, that moment included', () => {
    expect(refundWindowOpen(bought, 14, Date.parse('2026-11-15T10:00:00Z'))).toBe(true);
    expect(refundWindowOpen(bought, 14, Date.parse('2026-11-15T10:00:00.001Z'))).toBe(false);
    expect(refundWindowOpen(bought, 0, bought + 1)).toBe(false);
  });
});
