// Invoices and credit notes of a member's payments (docs/payments.md "Invoices and receipts"): their numbers and the
// calls that list and download them.
import { z } from 'zod';

/** An invoice (a completed payment) or a credit note (a refund of one). */
export const InvoiceKind = z.enum(['invoice', 'credit_note']);
export type InvoiceKind = z.infer<typeof InvoiceKind>;

const PREFIX: Record<InvoiceKind, string> = { invoice: 'INV', credit_note: 'CN' };

/**
 * The printed number of the `number`th invoice or credit note of site `siteId`: `INV-<site>-<6 digits>` or
 * `CN-<site>-<6 digits>` (more digits past 999999), e.g. INV-1-000042. Each kind is its own gapless series per site.
 */
export function formatInvoiceNumber(kind: InvoiceKind, siteId: number, number: number): string {
  return `${PREFIX[kind]}-${siteId}-${String(number).padStart(6, '0')}`;
}

/** The kind, site and sequence number of a printed number (formatInvoiceNumber), or null when it is not one. */
export function parseInvoiceNumber(text: string): { kind: InvoiceKind; siteId: number; number: number } | null {
  const m = /^(INV|CN)-([1-9]\d{0,8})-(\d{6,9})$/.exec(text);
  if (!m) return null;
  return { kind: m[1] === 'INV' ? 'invoice' : 'credit_note', siteId: Number(m[2]), number: Number(m[3]) };
}

/** An issued invoice or credit note as the member's lists show it. `issued_at` is ISO. */
export const InvoiceSummary = z.object({ kind: InvoiceKind, number: z.string(), issued_at: z.string() });
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

/** GET /api/invoices.php?payment=<uuid> (*member*): the invoice and credit note of the member's payment, oldest first. */
export const InvoicesQuery = z.object({ payment: z.uuid() });
export const InvoicesResponse = z.object({ invoices: z.array(InvoiceSummary) });
export type InvoicesResponse = z.infer<typeof InvoicesResponse>;

/**
 * GET /api/invoice.php?id=<number> (*member*): the PDF of the member's own invoice or credit note (application/pdf,
 * an attachment named `<number>.pdf`, not stored by caches). Errors: 404 not_found (no such number, or another
 * member's).
 */
export const InvoiceQuery = z.object({ id: z.string().max(30) });
