// Refunds over the real server and the embedded test payment service (docs/payments.md "Refunds"): the money reaches
// the provider whichever of the member's return and the webhook settled the payment, premium ends with the last
// purchase fully refunded (and the photos lock again), free credits never come back, and a property over concurrent
// refunds and message sends: no balance below zero, nothing refunded twice, refunded money the floor share of each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { CreatePaymentResponse, MemberResponse, PaymentResponse, SyncResponse } from '../../contract/index.ts';
import type { Tx } from '../../server/db/connect.ts';
import { creditLedger, payments, profiles, users } from '../../server/db/schema.ts';
import { applyCredits } from '../../server/domain/money/credits-ledger.ts';
import { recordChanges } from '../../server/domain/sync/changes.ts';
import type { AcceptedRefund } from '../../server/services/test-psp.ts';
import { sendAuthorisation } from './psp-webhook.ts';
import { activeMember, expectShape, newId, startServer, type TestServer } from './harness.ts';

let server: TestServer;
type Member = Awaited<ReturnType<typeof activeMember>>;

/** A member in the Netherlands (EUR; bundle 1 = 100 credits for 14.99). */
async function member(): Promise<Member> {
  const m = await activeMember(server);
  await server.db.update(profiles).set({ country: 'NL' }).where(eq(profiles.userId, m.id));
  return m;
}

/** Starts paying bundle `bundle` with iDEAL; answers the payment and its checkout URL. */
async function start(m: Member, bundle = 1) {
  const res = await m.client.post('/api/payment.php', { id: newId(), bundle, method: 'ideal' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectShape(CreatePaymentResponse, res);
}

/** Pays on the hosted checkout (authorised) and comes back as the member's browser does: the return settles it. */
async function payAndReturn(m: Member, bundle = 1) {
  const { payment, redirect_url } = await start(m, bundle);
  const res = await fetch(redirect_url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=authorised',
    redirect: 'manual',
  });
  const back = new URL(res.headers.get('location')!);
  const q = new URLSearchParams({
    id: payment.id,
    sessionId: back.searchParams.get('sessionId')!,
    sessionResult: back.searchParams.get('sessionResult')!,
  });
  const answer = expectShape(PaymentResponse, await m.client.get(`/api/payment.php?${q}`));
  expect(answer.payment.status).toBe('completed');
  return answer.payment;
}

/** The provider's signed AUTHORISATION success for `p`, with `pspReference`. */
const paidWebhook = (p: { id: string; amount: number; currency: string }, pspReference = `PSP${p.id.slice(-12)}`) =>
  sendAuthorisation(server, p, pspReference);

/** A purchase of bundle 1 completed by the webhook. */
async function bought(m: Member) {
  const { payment } = await start(m);
  await paidWebhook(payment);
  return payment;
}

/** The refunds the test payment service accepted for payment `id` (GET /dev/psp/refunds). */
async function providerRefunds(id: string): Promise<AcceptedRefund[]> {
  const { refunds } = (await (await fetch(`${server.url}/dev/psp/refunds`)).json()) as { refunds: AcceptedRefund[] };
  return refunds.filter((r) => r.reference === `refund-${id}`);
}

const row = async (id: string) => (await server.db.select().from(payments).where(eq(payments.id, id)))[0];
const userRow = async (id: number) => (await server.db.select().from(users).where(eq(users.id, id)))[0];

/** Moves member `id`'s balance in the ledger as the server does (a message send, signup credits). */
async function ledger(id: number, delta: number, reason: 'message' | 'signup') {
  await server.db.transaction(async (tx) => {
    await applyCredits(tx as Tx, id, { delta, reason, idempotencyKey: `test:${newId()}` });
    await recordChanges(tx as Tx, []);
  });
}

const DATABASES: ('PGlite' | 'PostgreSQL')[] = ['PGlite', ...(process.env.TEST_DATABASE_URL ? (['PostgreSQL'] as const) : [])];

describe.each(DATABASES)('refunds on %s', (database) => {
  beforeAll(async () => {
    server = await startServer(6, { database });
  });
  afterAll(() => server.close());

  describe('the money reaches the provider', () => {
    it('a payment settled by the return, its webhook later, then refunded: the provider records the refund', async () => {
      const m = await member();
      const payment = await payAndReturn(m);
      // The return asked the provider's session result, which carries the payment's reference.
      expect((await row(payment.id)).pspReference).toMatch(/^[0-9A-F]{16}$/);
      await new Promise((r) => setTimeout(r, 500)); // the service's own webhook arrives (WEBHOOK_DELAY_MS)
      const res = await m.client.post('/api/refund.php', { payment: payment.id });
      expect(res.body).toMatchObject({ status: 'refunded', refunded_credits: 100, refunded_amount: 1499 });
      await server.jobs.idle();
      const refunds = await providerRefunds(payment.id);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({
        amount: { value: 1499, currency: 'EUR' },
        paymentPspReference: (await row(payment.id)).pspReference,
      });
      expect((await row(payment.id)).refundPspReference).toBe(refunds[0].pspReference);
    });

    it('a refund waiting for the reference goes out as soon as the webhook brings it, once however often it comes', async () => {
      const m = await member();
      const payment = await payAndReturn(m);
      await new Promise((r) => setTimeout(r, 500));
      // A payment settled without the reference (a provider whose session result lacked it).
      await server.db.update(payments).set({ pspReference: null }).where(eq(payments.id, payment.id));
      expect((await m.client.post('/api/refund.php', { payment: payment.id })).status).toBe(200);
      await server.jobs.idle(); // the first try fails: no reference; its retry waits 5 s or more
      expect(await providerRefunds(payment.id)).toEqual([]);
      await Promise.all([paidWebhook(payment, 'LATEREF0001'), paidWebhook(payment, 'LATEREF0001')]);
      await server.jobs.idle();
      const refunds = await providerRefunds(payment.id);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ paymentPspReference: 'LATEREF0001', amount: { value: 1499 } });
      const { rows } = await server.client.executeSql(
        `select count(*)::int as n from pgboss.job where name = 'refund' and data->>'paymentId' = $1`,
        [payment.id],
      );
      expect(rows).toEqual([{ n: 2 }]); // the refund's job and one fresh job for the reference
    }, 30_000);
  });

  describe('premium ends with the last purchase fully refunded (spec 1, 4)', () => {
    async function photosOf(m: Member) {
      const [hit] = await server.db
        .execute<{ user_id: number }>(sql`select user_id from photos group by user_id having count(*) >= 2 limit 1`)
        .then((r) => r.rows);
      return expectShape(MemberResponse, await m.client.get(`/api/member.php?id=${Number(hit.user_id)}`)).profile.photos;
    }

    it('the cheapest bundle refunded in full: not premium, the sync says so, and the photos are locked again', async () => {
      const m = await member();
      const payment = await bought(m);
      expect((await photosOf(m)).map((p) => p.locked)).toEqual((await photosOf(m)).map(() => false));
      const before = expectShape(SyncResponse, await m.client.get('/api/sync.php'));
      expect(before.user?.paid_user).toBe(true);
      const res = await m.client.post('/api/refund.php', { payment: payment.id });
      expect(res.body).toMatchObject({ refunded_credits: 100 });
      expect((await userRow(m.id)).paidUser).toBe(false);
      // The client learns it from the sync's 'user' change, and relocks what it synced sharp (src/sync/photo-locks.ts).
      const delta = expectShape(SyncResponse, await m.client.get(`/api/sync.php?since=${before.cursor}`));
      expect(delta.user).toMatchObject({ id: m.id, paid_user: false });
      const photos = await photosOf(m);
      expect(photos.map((p) => p.locked)).toEqual(photos.map((_, i) => i > 0));
    });

    it('a partial refund keeps premium; so does one purchase refunded in full while another stands', async () => {
      const partial = await member();
      const p = await bought(partial);
      await ledger(partial.id, -60, 'message'); // 50 free credits, then 10 bought ones
      expect((await partial.client.post('/api/refund.php', { payment: p.id })).body).toMatchObject({ refunded_credits: 90 });
      expect((await userRow(partial.id)).paidUser).toBe(true);

      const two = await member();
      const first = await bought(two);
      await bought(two);
      expect((await two.client.post('/api/refund.php', { payment: first.id })).body).toMatchObject({ refunded_credits: 100 });
      expect((await userRow(two.id)).paidUser).toBe(true);
    });
  });

  describe('only bought, unspent credits come back (free credits are spent first)', () => {
    it('free credits that arrive after a purchase whose credits were all spent are never refunded', async () => {
      const m = await member();
      const payment = await bought(m);
      await ledger(m.id, -150, 'message'); // 50 signup + 100 bought: all spent
      await ledger(m.id, 50, 'signup'); // free credits afterwards
      const res = await m.client.post('/api/refund.php', { payment: payment.id });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('nothing_to_refund');
      expect(await userRow(m.id)).toMatchObject({ credits: 50, boughtCredits: 0 });
    });

    it('50 signup + 100 bought, 100 spent: under free-first 50 bought credits are unspent, so 50 credits and EUR 7.49 come back', async () => {
      const m = await member();
      const payment = await bought(m);
      await ledger(m.id, -100, 'message');
      expect(await userRow(m.id)).toMatchObject({ credits: 50, boughtCredits: 50 });
      const res = await m.client.post('/api/refund.php', { payment: payment.id });
      expect(res.body).toMatchObject({ refunded_credits: 50, refunded_amount: 749 });
      expect(await userRow(m.id)).toMatchObject({ credits: 0, boughtCredits: 0 });
    });

    it('property: concurrent refunds of several purchases among message sends never go below zero, refund nothing twice, and pay the floor share', async () => {
      let races = 0;
      let requests = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 3 }),
          fc.array(fc.oneof(fc.integer({ min: 0, max: 2 }), fc.constant('send' as const)), { minLength: 1, maxLength: 8 }),
          async (purchases, ops) => {
            races++;
            const m = await member();
            const paid: CreatePaymentResponse['payment'][] = [];
            for (let i = 0; i < purchases; i++) paid.push(await bought(m));
            const [other] = (await m.client.get('/api/members.php?gender=female')).body.profiles as { id: number }[];
            // Everything at once, each refund asked twice.
            requests += ops.length;
            await Promise.all(
              ops.flatMap((op) =>
                op === 'send'
                  ? [m.client.post('/api/message.php', { id: newId(), profile: other.id, text: 'hello' })]
                  : paid[op % purchases]
                    ? [0, 1].map(() => m.client.post('/api/refund.php', { payment: paid[op % purchases].id }))
                    : [],
              ),
            );
            const u = await userRow(m.id);
            expect(u.credits).toBeGreaterThanOrEqual(0);
            expect(u.boughtCredits).toBeLessThanOrEqual(u.credits);
            const moves = await server.db.select().from(creditLedger).where(eq(creditLedger.userId, m.id));
            // No credit lost or doubled: the balance is the sum of the ledger.
            expect(moves.reduce((s, l) => s + l.delta, 0)).toBe(u.credits);
            const rows = await server.db.select().from(payments).where(eq(payments.userId, m.id));
            let refundedCredits = 0;
            for (const p of rows) {
              const refunds = moves.filter((l) => l.idempotencyKey === `refund:${p.id}`);
              expect(refunds.length).toBeLessThanOrEqual(1);
              if (p.status === 'refunded') {
                expect(refunds.map((l) => -l.delta)).toEqual([p.refundedCredits]);
                expect(p.refundedAmount).toBe(Math.floor((p.amount * p.refundedCredits!) / p.credits));
                refundedCredits += p.refundedCredits!;
              } else expect(refunds).toEqual([]);
            }
            expect(refundedCredits).toBeLessThanOrEqual(purchases * 100);
            expect(moves.filter((l) => l.reason === 'refund').reduce((s, l) => s - l.delta, 0)).toBe(refundedCredits);
          },
        ),
        { numRuns: 15, seed: 20261127 },
      );
      console.info(`refund races tried: ${races}, ${requests} concurrent refunds and sends`);
    }, 180_000);
  });
});
