// Payments over the real server and the embedded test payment service (Adyen's protocol): bundles per country, the
// hosted checkout's outcomes, the return page asking the provider, HMAC-signed webhooks in any order, credits once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import adyen from '@adyen/api-library';
import { and, eq } from 'drizzle-orm';
import { CreatePaymentResponse, CreditsResponse, PaymentResponse, TransactionsResponse } from '../../contract/index.ts';
import { creditLedger, payments, profiles, users } from '../../server/db/schema.ts';
import { activeMember, Client, expectShape, newId, startServer, type TestServer } from './harness.ts';

let server: TestServer;

type Member = Awaited<ReturnType<typeof activeMember>>;

/** A member whose profile country is `country`. */
async function memberIn(country: string): Promise<Member> {
  const m = await activeMember(server);
  await server.db.update(profiles).set({ country }).where(eq(profiles.userId, m.id));
  return m;
}

/** Starts paying bundle 1 with iDEAL (an NL member) and answers the payment and its checkout URL. */
async function start(m: Member, over: Record<string, unknown> = {}) {
  const res = await m.client.post('/api/payment.php', { id: newId(), bundle: 1, method: 'ideal', ...over });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectShape(CreatePaymentResponse, res);
}

/** Picks `outcome` on the hosted checkout page as the person paying would; answers where it sends the browser back. */
async function pay(checkoutUrl: string, outcome: string): Promise<URL> {
  const page = await fetch(checkoutUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(`value="${outcome}"`);
  const res = await fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

/** The return page's call: the payment with the sessionId and sessionResult of the return URL. */
async function returned(m: Member, back: URL) {
  const q = new URLSearchParams({
    id: back.searchParams.get('payment')!,
    sessionId: back.searchParams.get('sessionId')!,
    sessionResult: back.searchParams.get('sessionResult')!,
  });
  return expectShape(PaymentResponse, await m.client.get(`/api/payment.php?${q}`));
}

/** A webhook body with one AUTHORISATION notification, signed with `key` as Adyen signs it. */
function webhook(p: { id: string; amount: number; currency: string }, success: boolean, key = server.payments.testKeys!.hmacKey) {
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
    success: String(success),
  };
  item.additionalData.hmacSignature = new adyen.hmacValidator().calculateHmac(item as never, key);
  return { live: 'false', notificationItems: [{ NotificationRequestItem: item }] };
}

const postWebhook = (body: unknown) =>
  fetch(`${server.url}/api/payment-webhook.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const purchases = (userId: number) =>
  server.db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, 'purchase')));

/** The money must hold on both databases: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set (CI). */
const DATABASES: ('PGlite' | 'PostgreSQL')[] = ['PGlite', ...(process.env.TEST_DATABASE_URL ? (['PostgreSQL'] as const) : [])];

describe.each(DATABASES)('payments on %s', (database) => {
  beforeAll(async () => {
    server = await startServer(4, { database });
  });
  afterAll(() => server.close());

  describe('GET /api/credits.php', () => {
    it("answers the bundles in the payment country's currency and its methods, local ones first", async () => {
      const cases = [
        ['NL', 'EUR', 'ideal'],
        ['PL', 'PLN', 'blik'],
        ['CH', 'CHF', 'twint'],
        ['DK', 'DKK', 'mobilepay'],
        ['SE', 'SEK', 'swish'],
        ['NO', 'NOK', 'vipps'],
        ['GB', 'GBP', 'maestro'],
        ['US', 'USD', 'visa'],
      ] as const;
      for (const [country, currency, first] of cases) {
        const m = await memberIn(country);
        const offer = expectShape(CreditsResponse, await m.client.get('/api/credits.php'));
        expect(offer).toMatchObject({ country, currency });
        expect(offer.methods[0].id).toBe(first);
        expect(offer.bundles.every((b) => b.currency === currency && Number.isInteger(b.amount))).toBe(true);
        // The price of one message at the bundle's price: amount × message_credits / credits, in minor units.
        for (const b of offer.bundles) expect(b.message_amount).toBe(Math.round((b.amount * offer.message_credits) / b.credits));
      }
    });

    it("answers a visitor the prices of the country asked for (the pricing page), NL's by default", async () => {
      const visitor = new Client(server.url);
      expect(expectShape(CreditsResponse, await visitor.get('/api/credits.php?country=SE'))).toMatchObject({
        country: 'SE',
        currency: 'SEK',
      });
      expect(expectShape(CreditsResponse, await visitor.get('/api/credits.php'))).toMatchObject({
        country: 'NL',
        currency: 'EUR',
      });
      expect((await visitor.get('/api/credits.php?country=XX')).status).toBe(400);
    });
  });

  describe('paying on the hosted checkout', () => {
    it('authorised: the return page completes it, credits are added once, the member is premium; the late webhook changes nothing', async () => {
      const m = await memberIn('NL');
      const before = (await m.client.get('/api/user.php')).body.user;
      expect(before.paid_user).toBe(false);
      const { payment, redirect_url } = await start(m);
      expect(payment).toMatchObject({ status: 'pending', amount: 1499, fee: 0, currency: 'EUR', credits: 100, method: 'ideal' });
      const back = await pay(redirect_url, 'authorised');
      expect(back.pathname).toBe('/credits/1/ideal');
      const answer = await returned(m, back);
      expect(answer).toMatchObject({ payment: { status: 'completed' }, credits: before.credits + 100, paid_user: true });
      // The provider's webhook comes after the member (WEBHOOK_DELAY_MS): acknowledged, nothing added twice.
      await new Promise((r) => setTimeout(r, 800));
      expect(await purchases(m.id)).toHaveLength(1);
      expect((await m.client.get('/api/user.php')).body.user.credits).toBe(before.credits + 100);
      const tx = expectShape(TransactionsResponse, await m.client.get('/api/transactions.php'));
      expect(tx.payments.map((p) => [p.id, p.status])).toEqual([[payment.id, 'completed']]);
      expect(tx.movements[0]).toMatchObject({ reason: 'purchase', delta: 100, payment_id: payment.id });
    });

    it.each([
      ['refused', 'failed'],
      ['cancelled', 'cancelled'],
      ['expired', 'expired'],
      ['pending', 'pending'],
    ])('%s: the payment ends %s and adds nothing', async (outcome, status) => {
      const m = await memberIn('NL');
      const { redirect_url } = await start(m);
      const answer = await returned(m, await pay(redirect_url, outcome));
      expect(answer.payment.status).toBe(status);
      expect(answer.paid_user).toBe(false);
      await new Promise((r) => setTimeout(r, 600));
      expect(await purchases(m.id)).toEqual([]);
    });

    it('a pending payment paid later at the bank completes through the webhook alone', async () => {
      const m = await memberIn('NL');
      const { payment, redirect_url } = await start(m);
      const back = await pay(redirect_url, 'pending');
      expect((await returned(m, back)).payment.status).toBe('pending');
      const settle = await fetch(redirect_url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=authorised',
      });
      expect(settle.status).toBe(200);
      await expect
        .poll(async () => expectShape(PaymentResponse, await m.client.get(`/api/payment.php?id=${payment.id}`)).payment.status)
        .toBe('completed');
      expect(await purchases(m.id)).toHaveLength(1);
    });

    it('the same id answers the same checkout; another bundle under it is a conflict; bad input is a 400', async () => {
      const m = await memberIn('NL');
      const id = newId();
      const first = await start(m, { id });
      const again = await start(m, { id });
      expect(again.redirect_url).toBe(first.redirect_url);
      expect((await m.client.post('/api/payment.php', { id, bundle: 2, method: 'ideal' })).status).toBe(409);
      const bad = [
        { id: newId(), bundle: 99, method: 'ideal' },
        { id: newId(), bundle: 1, method: 'twint' }, // not offered in NL
        { id: newId(), bundle: 1, method: 'bitcoin' },
        { id: 'not-a-uuid', bundle: 1, method: 'ideal' },
        { id: newId(), bundle: -1, method: 'ideal' },
      ];
      for (const body of bad) {
        const res = await m.client.post('/api/payment.php', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.code).toBe('bad_request');
      }
    });

    it("a member cannot read another member's payment, nor settle it with its session", async () => {
      const a = await memberIn('NL');
      const b = await memberIn('NL');
      const { payment } = await start(a);
      expect((await b.client.get(`/api/payment.php?id=${payment.id}`)).status).toBe(404);
      expect((await new Client(server.url).get(`/api/payment.php?id=${payment.id}`)).status).toBe(403);
    });

    it('a fee is added to the price of a method that has one (PayPal 3 %)', async () => {
      const m = await memberIn('NL');
      const { payment } = await start(m, { method: 'paypal' });
      expect(payment).toMatchObject({ amount: 1499 + 45, fee: 45 });
    });
  });

  describe('POST /api/payment-webhook.php', () => {
    it('answers [accepted]; a wrong signature or amount is never applied', async () => {
      const m = await memberIn('NL');
      const { payment } = await start(m);
      const forged = await postWebhook(webhook(payment, true, 'ab'.repeat(32)));
      expect(forged.status).toBe(200);
      expect(await forged.text()).toBe('[accepted]');
      const cheaper = await postWebhook(webhook({ ...payment, amount: 1 }, true));
      expect(await cheaper.text()).toBe('[accepted]');
      expect(expectShape(PaymentResponse, await m.client.get(`/api/payment.php?id=${payment.id}`)).payment.status).toBe(
        'pending',
      );
      expect(await purchases(m.id)).toEqual([]);
      const real = await postWebhook(webhook(payment, true));
      expect(await real.text()).toBe('[accepted]');
      expect(expectShape(PaymentResponse, await m.client.get(`/api/payment.php?id=${payment.id}`)).payment.status).toBe(
        'completed',
      );
    });

    it('bad bodies get a 4xx or an empty [accepted], never a 5xx', async () => {
      for (const body of [
        '{}',
        '[]',
        '{"notificationItems":"x"}',
        '{"notificationItems":[null,1,{"NotificationRequestItem":{}}]}',
        'nope',
      ]) {
        const res = await fetch(`${server.url}/api/payment-webhook.php`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        expect(res.status, body).toBeLessThan(500);
      }
    });

    it('property: any sequence of duplicated, reordered and concurrent webhooks and returns adds the credits once, and ends completed iff a success came', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom('ok', 'refused', 'return'), { minLength: 1, maxLength: 6 }),
          fc.boolean(),
          async (events, concurrent) => {
            const m = await memberIn('NL');
            const { payment, redirect_url } = await start(m);
            // The member pays (authorised) or is refused on the checkout; the webhooks and returns then race.
            const paid = events.includes('ok');
            const back = await pay(redirect_url, paid ? 'authorised' : 'refused');
            const act = (e: string) => (e === 'return' ? returned(m, back) : postWebhook(webhook(payment, e === 'ok')));
            if (concurrent) await Promise.all(events.map(act));
            else for (const e of events) await act(e);
            // The service's own webhook also arrives (WEBHOOK_DELAY_MS).
            await new Promise((r) => setTimeout(r, 450));
            const final = expectShape(PaymentResponse, await m.client.get(`/api/payment.php?id=${payment.id}`));
            expect(final.payment.status).toBe(paid ? 'completed' : 'failed');
            expect(await purchases(m.id)).toHaveLength(paid ? 1 : 0);
            expect(final.paid_user).toBe(paid);
          },
        ),
        { numRuns: 12, seed: 20261123 },
      );
    }, 120_000);

    it('20 concurrent payments of one member give 20 credit grants, never more', async () => {
      const m = await memberIn('NL');
      const started = await Promise.all(Array.from({ length: 20 }, () => start(m)));
      await Promise.all(
        started.flatMap(({ payment }) => [postWebhook(webhook(payment, true)), postWebhook(webhook(payment, true))]),
      );
      expect(await purchases(m.id)).toHaveLength(20);
      const user = (await m.client.get('/api/user.php')).body.user;
      expect(user.credits).toBe(50 + 20 * 100);
    });
  });

  describe('refunds (POST /api/refund.php)', () => {
    /** A completed purchase of bundle 1 (100 credits, €14.99) by webhook. */
    async function bought(m: Member) {
      const { payment } = await start(m);
      await postWebhook(webhook(payment, true));
      return payment;
    }

    it('takes the unused credits back once and returns their share of the price through the provider', async () => {
      const m = await memberIn('NL');
      const payment = await bought(m);
      // 50 signup + 100 bought; two messages spend 20: the newest credits stay unused, so all 100 are refundable.
      const [other] = (await m.client.get('/api/members.php?gender=female')).body.profiles as { id: number }[];
      for (let i = 0; i < 2; i++) await m.client.post('/api/message.php', { id: newId(), profile: other.id, text: `hi ${i}` });
      const res = await m.client.post('/api/refund.php', { payment: payment.id });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ status: 'refunded', refunded_credits: 100, refunded_amount: 1499 });
      expect((await m.client.get('/api/user.php')).body.user.credits).toBe(30);
      // The money goes back through the provider (a job); twice asked, one refund.
      expect((await m.client.post('/api/refund.php', { payment: payment.id })).status).toBe(409);
      await server.jobs.idle();
      const { rows } = await server.client.executeSql(
        `select state from pgboss.job where name = 'refund' and data->>'paymentId' = $1`,
        [payment.id],
      );
      expect(rows).toEqual([{ state: 'completed' }]);
      const ledger = await server.db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, m.id), eq(creditLedger.reason, 'refund')));
      expect(ledger.map((l) => l.delta)).toEqual([-100]);
      const movements = expectShape(TransactionsResponse, await m.client.get('/api/transactions.php')).movements;
      expect(movements[0]).toMatchObject({ reason: 'refund', delta: -100 });
    });

    it('refunds only the credits still on the balance, at their share of the price', async () => {
      const m = await memberIn('NL');
      const payment = await bought(m);
      await server.db.update(users).set({ credits: 40, boughtCredits: 40 }).where(eq(users.id, m.id)); // spent all but 40
      const res = await m.client.post('/api/refund.php', { payment: payment.id });
      expect(res.body).toMatchObject({ refunded_credits: 40, refunded_amount: Math.floor((1499 * 40) / 100) });
      expect((await m.client.get('/api/user.php')).body.user.credits).toBe(0);
    });

    it('refuses after refund_days, with nothing unused, for a pending payment, and for another member', async () => {
      const m = await memberIn('NL');
      const old = await bought(m);
      await server.db
        .update(payments)
        .set({ createdAt: new Date(Date.now() - 15 * 86400_000) })
        .where(eq(payments.id, old.id));
      const late = await m.client.post('/api/refund.php', { payment: old.id });
      expect(late.status).toBe(409);
      expect(late.body.error).toMatchObject({ code: 'refund_expired', message: 'The refund period of this purchase is over.' });

      const spent = await bought(m);
      await server.db.update(users).set({ credits: 0, boughtCredits: 0 }).where(eq(users.id, m.id));
      expect((await m.client.post('/api/refund.php', { payment: spent.id })).body.error.code).toBe('nothing_to_refund');

      const { payment: pending } = await start(m);
      expect((await m.client.post('/api/refund.php', { payment: pending.id })).status).toBe(409);
      const stranger = await memberIn('NL');
      expect((await stranger.client.post('/api/refund.php', { payment: spent.id })).status).toBe(404);
      expect((await stranger.client.post('/api/refund.php', { payment: 'nope' })).status).toBe(400);
    });
  });

  describe('stored card and repeat order (/api/repeat-order.php)', () => {
    /** Pays bundle 1 by Visa on the checkout, storing the card as `store` says; waits for the webhook that brings the token. */
    async function payByCard(m: Member, store: 'yes' | 'declining') {
      const { payment, redirect_url } = await start(m, { method: 'visa' });
      const page = await (await fetch(redirect_url)).text();
      expect(page).toContain('Store this card?');
      const res = await fetch(redirect_url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `outcome=authorised&store=${store}`,
        redirect: 'manual',
      });
      expect(res.status).toBe(303);
      await expect
        .poll(async () => (await m.client.get('/api/repeat-order.php')).body)
        .toEqual({ last: { bundle_id: 1, method: 'visa' }, card: { method: 'visa', last4: '1111' } });
      return payment;
    }

    it('a card paid with and stored buys the last bundle again in one step', async () => {
      const m = await memberIn('NL');
      expect((await m.client.get('/api/repeat-order.php')).body).toEqual({ last: null, card: null });
      expect((await m.client.post('/api/repeat-order.php', { id: newId() })).status).toBe(409);
      await payByCard(m, 'yes');
      expect((await m.client.get('/api/repeat-order.php')).body.last).toEqual({ bundle_id: 1, method: 'visa' });
      const id = newId();
      const res = await m.client.post('/api/repeat-order.php', { id });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ payment: { id, status: 'completed', method: 'visa', credits: 100 }, credits: 50 + 200 });
      // The same id again: the same payment, no second charge.
      expect((await m.client.post('/api/repeat-order.php', { id })).body.credits).toBe(250);
      await new Promise((r) => setTimeout(r, 500)); // the charge's webhook comes too
      expect(await purchases(m.id)).toHaveLength(2);
    });

    it('20 concurrent repeat orders give 20 payments and 20 credit grants, never more', async () => {
      const m = await memberIn('NL');
      await payByCard(m, 'yes');
      const ids = Array.from({ length: 20 }, () => newId());
      const answers = await Promise.all([...ids, ...ids].map((id) => m.client.post('/api/repeat-order.php', { id })));
      expect(answers.every((a) => a.status === 200)).toBe(true);
      await new Promise((r) => setTimeout(r, 800));
      expect(await purchases(m.id)).toHaveLength(21);
      expect((await m.client.get('/api/user.php')).body.user.credits).toBe(50 + 21 * 100);
    });

    it('a card the bank declines: the repeat order fails and adds nothing', async () => {
      const m = await memberIn('NL');
      await payByCard(m, 'declining');
      const res = await m.client.post('/api/repeat-order.php', { id: newId() });
      expect(res.status).toBe(200);
      expect(res.body.payment.status).toBe('failed');
      await new Promise((r) => setTimeout(r, 500));
      expect(await purchases(m.id)).toHaveLength(1);
    });
  });
});
