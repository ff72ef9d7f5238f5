// Invoices, credit notes and receipts over the real server and the embedded test payment service: a gapless number
// series per site and kind under concurrent completions, VAT by the buyer's country, the PDF download (only the
// member's own), the receipt mails in the member's language, and the PDFs in the data export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adyen from '@adyen/api-library';
import { and, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import {
  CreatePaymentResponse,
  formatMoney,
  InvoicesResponse,
  Payment,
  PaymentResponse,
  type CompanyInfo,
} from '../../contract/index.ts';
import { invoices, profiles, sites, users } from '../../server/db/schema.ts';
import { activeMember, Client, expectShape, newId, startServer, type TestServer } from './harness.ts';
import { pdfText } from '../pdf-text.ts';

let server: TestServer;

type Member = Awaited<ReturnType<typeof activeMember>>;

/** A member whose profile country is `country` and language `language`. */
async function memberIn(country: string, language = 'en'): Promise<Member> {
  const m = await activeMember(server);
  await server.db.update(profiles).set({ country }).where(eq(profiles.userId, m.id));
  expect((await m.client.put('/api/user.php', { language })).status).toBe(200);
  return m;
}

/** Starts paying bundle 1 with `method`; answers the pending payment and its checkout URL. */
async function start(m: Member, method: string) {
  const res = await m.client.post('/api/payment.php', { id: newId(), bundle: 1, method });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectShape(CreatePaymentResponse, res);
}

/** Pays bundle 1 with `method` on the hosted checkout and comes back: the completed payment. */
async function buy(m: Member, method: string): Promise<Payment> {
  const { redirect_url } = await start(m, method);
  const res = await fetch(redirect_url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=authorised',
    redirect: 'manual',
  });
  const back = new URL(res.headers.get('location')!);
  const q = new URLSearchParams({
    id: back.searchParams.get('payment')!,
    sessionId: back.searchParams.get('sessionId')!,
    sessionResult: back.searchParams.get('sessionResult')!,
  });
  const { payment } = expectShape(PaymentResponse, await m.client.get(`/api/payment.php?${q}`));
  expect(payment.status).toBe('completed');
  return payment;
}

/** The provider's AUTHORISATION success for payment `p`, signed as Adyen signs it. */
function authorised(p: { id: string; amount: number; currency: string }) {
  const item = {
    additionalData: {} as Record<string, string>,
    amount: { value: p.amount, currency: p.currency },
    eventCode: 'AUTHORISATION',
    eventDate: new Date().toISOString(),
    merchantAccountCode: 'HeartlineTestMerchant',
    merchantReference: p.id,
    paymentMethod: 'ideal',
    pspReference: `PSP${p.id.slice(0, 8)}`,
    reason: '',
    success: 'true',
  };
  item.additionalData.hmacSignature = new adyen.hmacValidator().calculateHmac(item as never, server.payments.testKeys!.hmacKey);
  return fetch(`${server.url}/api/payment-webhook.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem: item }] }),
  });
}

/** The payment's invoice and credit note as listed for the member. */
async function papersOf(m: Member, paymentId: string) {
  return expectShape(InvoicesResponse, await m.client.get(`/api/invoices.php?payment=${paymentId}`)).invoices;
}

/** GET /api/invoice.php?id=`number` as member `m`. */
const download = (m: Member, number: string) =>
  fetch(`${server.url}/api/invoice.php?id=${encodeURIComponent(number)}`, { headers: { cookie: m.client.cookie } });

/** `s` with every run of white space (no-break spaces too) as one space, as pdfText gives it. */
const spaced = (s: string) => s.replace(/\s+/g, ' ');

/** The dev mailbox's mails to `to` once every job has run, newest first. */
async function mailsTo(to: string) {
  await server.jobs.idle();
  const { mails } = (await new Client(server.url).get('/api/dev-mailbox.php')).body as {
    mails: { to: string; subject: string; text: string; html: string }[];
  };
  return mails.filter((m) => m.to === to);
}

const DATABASES: ('PGlite' | 'PostgreSQL')[] = ['PGlite', ...(process.env.TEST_DATABASE_URL ? (['PostgreSQL'] as const) : [])];

describe.each(DATABASES)('invoices on %s', (database) => {
  beforeAll(async () => {
    server = await startServer(0, { database });
  });
  afterAll(() => server.close());

  it.each([
    // Country, method, currency, VAT rate, net and VAT of the 14.99 bundle (net = round(gross / (1 + rate))).
    ['NL', 'ideal', 'EUR', 21, 1239, 260],
    ['DE', 'sofort', 'EUR', 19, 1260, 239],
    ['CH', 'twint', 'CHF', 8.1, 1387, 112],
  ] as const)(
    'a completed payment of a %s buyer has its invoice: %s, VAT %s %%',
    async (country, method, currency, rate, net, vat) => {
      const m = await memberIn(country);
      const payment = await buy(m, method);
      const [row] = await server.db.select().from(invoices).where(eq(invoices.paymentId, payment.id));
      const [site] = await server.db.select().from(sites).where(eq(sites.domain, 'localhost'));
      const company: CompanyInfo = site.company;
      const [profile] = await server.db.select().from(profiles).where(eq(profiles.userId, m.id));
      expect(row).toMatchObject({ kind: 'invoice', currency, country, vatRate: rate, net, vat, gross: 1499, userId: m.id });
      expect(row.net + row.vat).toBe(payment.amount);
      expect(row.seller).toEqual({
        name: company.name,
        address: company.address,
        city: company.city,
        country: company.country,
        kvk: company.kvk,
        vat_numbers: company.vat_numbers,
      });
      expect(row.buyer).toEqual({ name: profile.name, email: m.email, country });
      const listed = await papersOf(m, payment.id);
      expect(listed).toEqual([
        { kind: 'invoice', number: `INV-${site.id}-${String(row.number).padStart(6, '0')}`, issued_at: expect.any(String) },
      ]);
    },
  );

  it('numbers invoices without gaps per site under 20 concurrent completions, each payment once', async () => {
    const [second] = await server.db.select({ id: sites.id }).from(sites).where(eq(sites.domain, 'de.localhost'));
    const members = await Promise.all(Array.from({ length: 20 }, () => memberIn('NL')));
    const started = [];
    for (const m of members) started.push((await start(m, 'ideal')).payment);
    // Half the members belong to another site: its own series.
    for (const m of members.slice(10)) await server.db.update(users).set({ siteId: second.id }).where(eq(users.id, m.id));
    // Every completion twice at once: the webhook applied concurrently with its duplicate.
    const answers = await Promise.all([...started, ...started].map((p) => authorised(p)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const rows = await server.db.select().from(invoices).where(eq(invoices.kind, 'invoice'));
    for (const p of started) expect(rows.filter((r) => r.paymentId === p.id)).toHaveLength(1);
    expect(rows.filter((r) => r.siteId === second.id)).toHaveLength(10);
    for (const siteId of new Set(rows.map((r) => r.siteId))) {
      const numbers = rows
        .filter((r) => r.siteId === siteId)
        .map((r) => r.number)
        .sort((x, y) => x - y);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    }
    const [{ last }] = await server.db
      .execute<{ last: number }>(sql`select last from invoice_counters where site_id = ${second.id} and kind = 'invoice'`)
      .then((r) => r.rows);
    expect(last).toBe(10);
  });

  it('mails the receipt in the member’s language, and on a refund the credit note and its receipt', async () => {
    const m = await memberIn('DE', 'de');
    await server.db.update(profiles).set({ name: 'Anna <b>' }).where(eq(profiles.userId, m.id));
    const payment = await buy(m, 'sofort');
    const [invoice] = await papersOf(m, payment.id);
    const [receipt] = await mailsTo(m.email);
    expect(receipt.subject).toBe(`Deine Quittung ${invoice.number} von Heartline`);
    expect(spaced(receipt.text)).toContain(spaced(`Bezahlter Betrag: ${formatMoney(1499, 'EUR', 'de')}`));
    expect(spaced(receipt.text)).toContain(spaced(`Darin enthaltene MwSt. (19 %): ${formatMoney(239, 'EUR', 'de')}`));
    expect(receipt.text).toContain('Zahlungsart: Sofort');
    expect(receipt.text).toMatch(new RegExp(`https?://\\S+/transactions/${payment.id}`));
    expect(receipt.html).toContain(`/transactions/${payment.id}"`);
    expect(receipt.text).toContain('Hallo Anna <b>');
    expect(receipt.html).toContain('Anna &#60;b&#62;');
    expect(receipt.html).not.toContain('<b>');

    const refund = await m.client.post('/api/refund.php', { payment: payment.id });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const refunded = refund.body as Payment;
    const papers = await papersOf(m, payment.id);
    expect(papers.map((p) => p.kind)).toEqual(['invoice', 'credit_note']);
    const note = papers[1].number;
    expect(note).toMatch(/^CN-\d+-\d{6}$/);
    const [row] = await server.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.kind, 'credit_note'), eq(invoices.paymentId, payment.id)));
    expect(row).toMatchObject({ gross: refunded.refunded_amount, vatRate: 19, currency: 'EUR' });
    expect(row.net + row.vat).toBe(refunded.refunded_amount);
    const [refundReceipt] = await mailsTo(m.email);
    expect(refundReceipt.subject).toBe(`Deine Erstattung ${note} von Heartline`);
    expect(spaced(refundReceipt.text)).toContain(
      spaced(`Erstatteter Betrag: ${formatMoney(refunded.refunded_amount!, 'EUR', 'de')}`),
    );
    expect(refundReceipt.text).toContain(`Zurückgenommene Credits: ${refunded.refunded_credits}`);

    const pdf = await download(m, note);
    expect(pdf.status).toBe(200);
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Gutschrift');
    // The seller's country (the company info's "Netherlands") in the reader's language, as the buyer's.
    expect(text).toContain('Niederlande');
    expect(text).not.toContain('Netherlands');
    expect(text).toContain(`Korrigiert Rechnung ${invoice.number}`);
  });

  it('downloads the invoice as a PDF with its number, net, VAT and gross; another member gets 404', async () => {
    const m = await memberIn('NL');
    const payment = await buy(m, 'ideal');
    const [{ number }] = await papersOf(m, payment.id);
    const res = await download(m, number);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${number}.pdf"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(strFromU8(bytes.slice(0, 5))).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain(`Number: ${number}`);
    for (const line of [
      `Net amount\n${formatMoney(1239, 'EUR', 'en')}`,
      `VAT 21%\n${formatMoney(260, 'EUR', 'en')}`,
      `Total paid\n${formatMoney(1499, 'EUR', 'en')}`,
    ])
      expect(text).toContain(line);
    expect(text).toContain('Heartline Media B.V.');
    expect(text).toContain(m.email);

    const other = await memberIn('NL');
    expect((await download(other, number)).status).toBe(404);
    expect((await other.client.get(`/api/invoices.php?payment=${payment.id}`)).body).toEqual({ invoices: [] });
    expect((await download(m, 'INV-1-999999')).status).toBe(404);
    expect((await download(m, '../etc')).status).toBe(404);
    expect((await new Client(server.url).get(`/api/invoice.php?id=${number}`)).status).toBe(403);
  });

  it('draws a name and labels beyond the standard font’s characters with stand-ins instead of failing', async () => {
    const m = await memberIn('PL', 'pl');
    await server.db.update(profiles).set({ name: 'Łukasz 😀 Źdźbło' }).where(eq(profiles.userId, m.id));
    const payment = await buy(m, 'blik');
    const [{ number }] = await papersOf(m, payment.id);
    const res = await download(m, number);
    expect(res.status).toBe(200);
    const text = pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain('Lukasz ? Zdzblo');
    expect(text).toContain(`Numer: ${number}`);
    expect(text).toContain('Faktura');
  });

  it('puts the member’s invoice and credit note PDFs in the data export', async () => {
    const m = await memberIn('NL', 'nl');
    const payment = await buy(m, 'ideal');
    expect((await m.client.post('/api/refund.php', { payment: payment.id })).status).toBe(200);
    const numbers = (await papersOf(m, payment.id)).map((p) => p.number);
    const res = await fetch(`${server.url}/api/export.php`, { headers: { cookie: m.client.cookie } });
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(
      Object.keys(files)
        .filter((f) => f.startsWith('invoices/'))
        .sort(),
    ).toEqual(numbers.map((n) => `invoices/${n}.pdf`).sort());
    expect(pdfText(files[`invoices/${numbers[0]}.pdf`])).toContain(`Nummer: ${numbers[0]}`);
    expect(pdfText(files[`invoices/${numbers[1]}.pdf`])).toContain('Creditnota');
  });
});
