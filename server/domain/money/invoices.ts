// Invoices and credit notes (docs/payments.md "Invoices and receipts"): issued in the transaction that completes or
// refunds a payment, numbered without gaps per site and kind, with the seller and buyer as they were that day and
// the VAT of the buyer's country, and their receipt mail written in the same transaction.
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  formatInvoiceNumber,
  parseInvoiceNumber,
  type CompanyInfo,
  type InvoiceKind,
  type InvoiceSummary,
} from '../../../contract/index.ts';
import type { Db, Tx } from '../../db/connect.ts';
import { invoiceCounters, invoices, payments, profiles, sites, users } from '../../db/schema.ts';
import type { ServerContext } from '../../context.ts';
import { paymentCountry } from './payment-catalog.ts';
import { receiptMail } from './receipts.ts';
import { splitGross, vatPercent } from './vat-rates.ts';

type PaymentRow = typeof payments.$inferSelect;
/** A stored invoice or credit note. */
export type InvoiceRow = typeof invoices.$inferSelect;

/** What issuing needs beyond the transaction: the queue of the receipt mail and the site's address for its link. */
export type InvoiceContext = Pick<ServerContext, 'jobs' | 'config'>;

/** The seller block as printed: the site's company info of the day of issue. */
export type Seller = Pick<CompanyInfo, 'name' | 'address' | 'city' | 'country' | 'kvk' | 'vat_numbers'>;
/** The buyer block as printed: the member's name (the profile's, there being no other), e-mail and payment country. */
export interface Buyer {
  name: string;
  email: string;
  country: string;
}

/** The printed number of a stored invoice or credit note. */
export const numberOf = (row: Pick<InvoiceRow, 'kind' | 'siteId' | 'number'>) =>
  formatInvoiceNumber(row.kind, row.siteId, row.number);

/**
 * The next number of `kind` on site `siteId`: the counter row incremented and so locked until the transaction ends,
 * so two issues at once take consecutive numbers and a rolled-back one gives its number back (no gaps).
 */
async function nextNumber(tx: Tx, siteId: number, kind: InvoiceKind): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ siteId, kind, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.siteId, invoiceCounters.kind],
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  return row.last;
}

/** The member's site, company info, language and buyer block for payment `payment`. */
async function partiesOf(tx: Tx, payment: PaymentRow) {
  const [row] = await tx
    .select({ siteId: users.siteId, email: users.email, language: users.language, name: profiles.name, site: sites })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, payment.userId));
  const c = row.site.company;
  const seller: Seller = {
    name: c.name,
    address: c.address,
    city: c.city,
    country: c.country,
    kvk: c.kvk,
    vat_numbers: c.vat_numbers,
  };
  const buyer: Buyer = { name: row.name ?? '', email: row.email, country: payment.country };
  return { siteId: row.siteId, siteName: row.site.settings.name, language: row.language, seller, buyer };
}

/**
 * Issues document `kind` of `gross` (minor units) for `payment`, once: numbered (nextNumber), split at the VAT rate
 * of `percent`, the receipt mail written as a `mail` job in `tx`. Answers the stored row; an existing one as it is.
 */
async function issue(
  tx: Tx,
  { jobs, config }: InvoiceContext,
  payment: PaymentRow,
  doc: { kind: InvoiceKind; gross: number; percent: number; credits: number },
): Promise<InvoiceRow> {
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.paymentId, payment.id), eq(invoices.kind, doc.kind)));
  if (existing) return existing;
  const parties = await partiesOf(tx, payment);
  const number = await nextNumber(tx, parties.siteId, doc.kind);
  const [row] = await tx
    .insert(invoices)
    .values({
      siteId: parties.siteId,
      kind: doc.kind,
      number,
      paymentId: payment.id,
      userId: payment.userId,
      seller: { ...parties.seller },
      buyer: { ...parties.buyer },
      country: payment.country,
      currency: payment.currency,
      vatRate: doc.percent,
      gross: doc.gross,
      ...splitGross(doc.gross, doc.percent),
    })
    .returning();
  await jobs.enqueue(
    tx as Db,
    'mail',
    receiptMail({
      kind: doc.kind,
      to: parties.buyer.email,
      language: parties.language,
      name: parties.buyer.name,
      siteName: parties.siteName,
      number: numberOf(row),
      credits: doc.credits,
      gross: row.gross,
      vat: row.vat,
      vatPercent: row.vatRate,
      currency: row.currency,
      method: payment.method,
      link: `${config.publicUrl}/transactions/${payment.id}`,
    }),
  );
  return row;
}

/**
 * The invoice of completed payment `payment` (call inside the completing transaction, after its status update): gross
 * = the amount paid (prices include VAT), VAT at the rate of the payment's country (vat-rates.ts), the purchase
 * receipt mailed. Once per payment; answers the stored row.
 */
export function issueInvoice(tx: Tx, ctx: InvoiceContext, payment: PaymentRow): Promise<InvoiceRow> {
  return issue(tx, ctx, payment, {
    kind: 'invoice',
    gross: payment.amount,
    percent: vatPercent(paymentCountry(payment.country)),
    credits: payment.credits,
  });
}

/**
 * The credit note of refunded payment `payment` (call inside the refund's transaction, after its update): gross = the
 * amount refunded, split at the rate of the payment's invoice (that of its country when it has none), the refund
 * receipt mailed. Nothing when no money is refunded. Once per payment; answers the stored row or null.
 */
export async function issueCreditNote(tx: Tx, ctx: InvoiceContext, payment: PaymentRow): Promise<InvoiceRow | null> {
  if (!payment.refundedAmount) return null;
  const [invoice] = await tx
    .select({ vatRate: invoices.vatRate })
    .from(invoices)
    .where(and(eq(invoices.paymentId, payment.id), eq(invoices.kind, 'invoice')));
  return issue(tx, ctx, payment, {
    kind: 'credit_note',
    gross: payment.refundedAmount,
    percent: invoice?.vatRate ?? vatPercent(paymentCountry(payment.country)),
    credits: payment.refundedCredits ?? 0,
  });
}

/** The invoice and credit note of payment `paymentId` of member `userId`, oldest first (GET /api/invoices.php). */
export async function invoicesOfPayment(db: Db, userId: number, paymentId: string): Promise<InvoiceSummary[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.paymentId, paymentId), eq(invoices.userId, userId)))
    .orderBy(asc(invoices.id));
  return rows.map((r) => ({ kind: r.kind, number: numberOf(r), issued_at: r.issuedAt.toISOString() }));
}

/** Every invoice and credit note of member `userId`, oldest first (the data export). */
export function invoicesOfMember(db: Db, userId: number): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(asc(invoices.id));
}

/** Member `userId`'s invoice or credit note printed as `text` (numberOf), or undefined (not one, or another's). */
export async function invoiceByNumber(db: Db, userId: number, text: string): Promise<InvoiceRow | undefined> {
  const parsed = parseInvoiceNumber(text);
  if (!parsed) return undefined;
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.siteId, parsed.siteId),
        eq(invoices.kind, parsed.kind),
        eq(invoices.number, parsed.number),
        eq(invoices.userId, userId),
      ),
    );
  return row;
}
