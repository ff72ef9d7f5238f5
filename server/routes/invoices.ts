// The member's invoices and credit notes (docs/payments.md "Invoices and receipts"): the list of a payment's, and
// each one's PDF, in the member's language.
import type { FastifyInstance } from 'fastify';
import { InvoiceQuery, InvoicesQuery, type InvoicesResponse } from '../../contract/index.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { invoiceByNumber, invoicesOfPayment, numberOf } from '../domain/money/invoices.ts';
import { invoicePdf } from '../domain/money/invoice-pdf.ts';
import { parse } from '../validate.ts';

export default async function invoiceRoutes(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  app.get('/api/invoices.php', async (req, reply): Promise<InvoicesResponse> => {
    const user = await req.viewer.requireUser();
    const { payment } = parse(InvoicesQuery, req.query);
    reply.header('cache-control', 'no-store');
    return { invoices: await invoicesOfPayment(db, user.id, payment) };
  });

  app.get('/api/invoice.php', async (req, reply) => {
    const user = await req.viewer.requireUser();
    const { id } = parse(InvoiceQuery, req.query);
    const row = await invoiceByNumber(db, user.id, id);
    if (!row) throw new ApiError(404, 'not_found');
    const pdf = await invoicePdf(db, row, user.language);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${numberOf(row)}.pdf"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(pdf));
  });
}
