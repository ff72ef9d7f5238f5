import { describe, expect, it } from 'vitest';
import { formatInvoiceNumber, parseInvoiceNumber } from './invoices.ts';

describe('invoice numbers', () => {
  it('prints each kind with its prefix, the site and six digits, and reads them back', () => {
    expect(formatInvoiceNumber('invoice', 1, 42)).toBe('INV-1-000042');
    expect(formatInvoiceNumber('credit_note', 12, 1234567)).toBe('CN-12-1234567');
    expect(parseInvoiceNumber('INV-1-000042')).toEqual({ kind: 'invoice', siteId: 1, number: 42 });
    expect(parseInvoiceNumber('CN-12-1234567')).toEqual({ kind: 'credit_note', siteId: 12, number: 1234567 });
  });

  it('reads nothing else', () => {
    for (const text of ['INV-1-42', 'inv-1-000042', 'INV-0-000001', 'XX-1-000001', 'INV-1-000042.pdf', '', 'INV-1-0000000001'])
      expect(parseInvoiceNumber(text)).toBeNull();
  });
});
