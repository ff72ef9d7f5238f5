// An invoice or credit note as a PDF (pdf-lib, the standard Helvetica font), in the member's language: labels from
// locales/<lng>/payments.json `invoice`, amounts and dates by Intl. Apart from invoices.ts because only the download
// and the data export draw.
import { and, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatMoney } from '../../../contract/index.ts';
import { countries, countryOfText } from '../../../contract/countries.ts';
import type { Db } from '../../db/connect.ts';
import { invoices, payments } from '../../db/schema.ts';
import { serverText } from '../../texts.ts';
import { numberOf, type Buyer, type InvoiceRow, type Seller } from './invoices.ts';
import { formatPercent } from './receipts.ts';

/** Characters outside the standard fonts' WinAnsi set that have a close stand-in (Polish ł, Intl's narrow spaces, minus). */
const STAND_IN: Record<string, string> = { ł: 'l', Ł: 'L', '\u202f': ' ', '\u2009': ' ', '\u2212': '-', '\u2011': '-' };

/**
 * `text` drawable in a font of character set `known` (code points): a character the standard font cannot encode
 * becomes its stand-in, its base letter (ś -> s), or "?", since a standard font has no glyphs beyond WinAnsi and
 * pdf-lib refuses to draw them.
 */
function drawable(known: Set<number>, text: string): string {
  return [...text]
    .map((c) => {
      if (known.has(c.codePointAt(0)!)) return c;
      const alt = STAND_IN[c] ?? c.normalize('NFD').replace(/\p{M}/gu, '');
      return [...alt].every((a) => known.has(a.codePointAt(0)!)) && alt ? alt : '?';
    })
    .join('');
}

/** The line of the document: what was bought or credited, and how it was paid. */
interface Line {
  credits: number;
  method: string;
  /** The invoice a credit note corrects (its printed number), null on an invoice. */
  refersTo: string | null;
}

/** Draws invoice or credit note `row` in language `lng`; answers the PDF's bytes (object streams off: plain to read). */
async function drawInvoicePdf(row: InvoiceRow, lng: string, line: Line): Promise<Uint8Array> {
  const t = (key: string, values: Record<string, string> = {}) => serverText(lng, 'payments', `invoice.${key}`, values);
  const money = (amount: number) => formatMoney(amount, row.currency, lng);
  const seller = row.seller as unknown as Seller;
  const buyer = row.buyer as unknown as Buyer;
  const number = numberOf(row);
  const title = t(row.kind === 'invoice' ? 'title' : 'creditNoteTitle');

  const doc = await PDFDocument.create();
  doc.setTitle(`${title} ${number}`);
  doc.setAuthor(seller.name);
  doc.setLanguage(lng);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  // Both standard fonts share the WinAnsi set.
  const known = new Set(regular.getCharacterSet());
  const page: PDFPage = doc.addPage([595.28, 841.89]);
  const grey = rgb(0.42, 0.46, 0.49);
  const left = 56;
  const right = 539;
  const text = (s: string, x: number, y: number, o: { font?: PDFFont; size?: number; color?: typeof grey } = {}) => {
    const font = o.font ?? regular;
    page.drawText(drawable(known, s), { x, y, font, size: o.size ?? 10, color: o.color ?? rgb(0.13, 0.15, 0.16) });
  };
  const textRight = (s: string, y: number, o: { font?: PDFFont; size?: number } = {}) => {
    const font = o.font ?? regular;
    const size = o.size ?? 10;
    text(s, right - font.widthOfTextAtSize(drawable(known, s), size), y, o);
  };

  // Seller block, top left; title and number, top right.
  let y = 780;
  text(seller.name, left, y, { font: bold, size: 12 });
  const names = new Intl.DisplayNames([lng], { type: 'region' });
  const english = new Intl.DisplayNames(['en'], { type: 'region' });
  const sellerCode = countryOfText(seller.country, countries, (c) => english.of(c) ?? c);
  for (const s of [
    seller.address,
    seller.city,
    sellerCode ? (names.of(sellerCode) ?? seller.country) : seller.country,
    `${t('registration')}: ${seller.kvk}`,
    ...seller.vat_numbers.map((v) => `${t('vatNumber')}: ${v}`),
  ])
    text(s, left, (y -= 14), { color: grey });
  textRight(title, 780, { font: bold, size: 20 });
  const dated = new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeZone: 'UTC' }).format(row.issuedAt);
  const facts = [`${t('number')}: ${number}`, `${t('date')}: ${dated}`];
  if (line.refersTo) facts.push(t('refersTo', { number: line.refersTo }));
  facts.forEach((s, i) => textRight(s, 756 - i * 14));

  // Buyer block.
  y = Math.min(y, 756 - facts.length * 14) - 36;
  text(t('buyer'), left, y, { font: bold });
  const countryName = names.of(buyer.country) ?? buyer.country;
  for (const s of [buyer.name, buyer.email, countryName].filter(Boolean)) text(s, left, (y -= 14));

  // The line and the amounts.
  y -= 40;
  text(t('description'), left, y, { font: bold });
  textRight(t('amount'), y, { font: bold });
  page.drawLine({ start: { x: left, y: y - 6 }, end: { x: right, y: y - 6 }, thickness: 0.5, color: grey });
  y -= 24;
  text(t('credits', { credits: new Intl.NumberFormat(lng).format(line.credits) }), left, y);
  textRight(money(row.gross), y);
  text(`${t('method')}: ${serverText(lng, 'payments', `methods.${line.method}`)}`, left, (y -= 14), { color: grey });
  y -= 30;
  const totals: [string, string, PDFFont][] = [
    [t('net'), money(row.net), regular],
    [t('vat', { rate: formatPercent(row.vatRate, lng) }), money(row.vat), regular],
    [t(row.kind === 'invoice' ? 'gross' : 'credited'), money(row.gross), bold],
  ];
  for (const [label, amount, font] of totals) {
    text(label, 340, y, { font });
    textRight(amount, y, { font });
    y -= 16;
  }
  page.drawLine({ start: { x: 340, y: y + 28 }, end: { x: right, y: y + 28 }, thickness: 0.5, color: grey });
  text(t('pricesInclude'), left, (y -= 30), { color: grey, size: 9 });
  return doc.save({ useObjectStreams: false });
}

/** The PDF of stored invoice or credit note `row` in language `lng`, with its payment's line and referenced invoice. */
export async function invoicePdf(db: Db, row: InvoiceRow, lng: string): Promise<Uint8Array> {
  const [paid] = row.paymentId ? await db.select().from(payments).where(eq(payments.id, row.paymentId)) : [];
  const [invoice] =
    row.kind === 'credit_note' && row.paymentId
      ? await db
          .select()
          .from(invoices)
          .where(and(eq(invoices.paymentId, row.paymentId), eq(invoices.kind, 'invoice')))
      : [];
  return drawInvoicePdf(row, lng, {
    credits: (row.kind === 'invoice' ? paid?.credits : paid?.refundedCredits) ?? 0,
    method: paid?.method ?? 'creditcard',
    refersTo: invoice ? numberOf(invoice) : null,
  });
}
