// The invoice calls of contract/invoices.ts, typed: the list of a payment's invoice and credit note, and where each PDF is.
import { InvoicesResponse } from '../../../contract/index.ts';
import { api } from '../../api/client.ts';

/** GET /api/invoices.php: the invoice and credit note of the member's payment `payment`, oldest first. */
export const fetchInvoices = (payment: string) => api('/api/invoices.php', InvoicesResponse, { query: { payment } });

/** The address of the PDF of invoice or credit note `number` (GET /api/invoice.php, an attachment). */
export const invoicePdfUrl = (number: string) => `/api/invoice.php?id=${encodeURIComponent(number)}`;
