// Discount codes, the welcome discount, the time bonus and the premium page's reply rates over the real server
// (spec 3 "Discount code", 4, 5, 9; docs/payments.md "Discounts"): the fields, the errors, the price charged, a code
// consumed once even under concurrent payments, and a reply-rate figure computed from data the test creates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import {
  CreatePaymentResponse,
  DiscountCodeResponse,
  PaymentResponse,
  PremiumResponse,
  UserResponse,
} from '../../contract/index.ts';
import {
  conversations,
  creditLedger,
  discountCodes,
  discountRedemptions,
  messages,
  payments,
  profiles,
  sites,
  users,
} from '../../server/db/schema.ts';
import { sendAuthorisation } from './psp-webhook.ts';
import { activeMember, Client, expectShape, newId, startServer, type TestServer } from './harness.ts';

let server: TestServer;
let siteId: number;
type Member = Awaited<ReturnType<typeof activeMember>>;

beforeAll(async () => {
  server = await startServer(10);
  [{ id: siteId }] = await server.db.select({ id: sites.id }).from(sites).where(eq(sites.domain, 'localhost'));
}, 60_000);
afterAll(() => server?.close());

/** A member in the Netherlands (EUR; bundle 1 = 100 credits for 14.99, bundle 2 = 250 for 29.99). */
async function member(): Promise<Member> {
  const m = await activeMember(server);
  await server.db.update(profiles).set({ country: 'NL' }).where(eq(profiles.userId, m.id));
  return m;
}

const discountOf = async (m: Member, query = '') =>
  expectShape(DiscountCodeResponse, await m.client.get(`/api/discountcode.php${query}`));

async function addCode(over: Partial<typeof discountCodes.$inferInsert> & { code: string }) {
  await server.db.insert(discountCodes).values({ siteId, valuePercentage: 10, validity: 'once_per_user', ...over });
}

async function startPayment(m: Member, body: Record<string, unknown>) {
  return m.client.post('/api/payment.php', { id: newId(), bundle: 1, method: 'ideal', ...body });
}

/** The provider's signed AUTHORISATION success for payment `p` (as the embedded test service signs it). */
const paidWebhook = (p: { id: string; amount: number; currency: string }) =>
  sendAuthorisation(server, p, `PSP${p.id.slice(0, 8)}`);

/**
 * Member `m`'s `paid` paid payments as the once-per-member rule wants them: at most one completed at a discount, each
 * other one returned in full through the provider (refunded, no credits, refunded_amount = amount), the balance the
 * signup credits plus the completed payments' credits (one ledger row each). Answers the payments.
 */
async function expectOneDiscounted(m: Member, paid: number) {
  await server.jobs.idle();
  const rows = await server.db.select().from(payments).where(eq(payments.userId, m.id));
  const settled = rows.filter((r) => r.status === 'completed' || r.status === 'refunded');
  expect(settled).toHaveLength(paid);
  const completed = rows.filter((r) => r.status === 'completed');
  expect(completed.filter((r) => r.discount > 0).length).toBeLessThanOrEqual(1);
  const returned = rows.filter((r) => r.status === 'refunded');
  for (const r of returned) expect(r).toMatchObject({ refundedCredits: 0, refundedAmount: r.amount });
  const ledger = await server.db.select().from(creditLedger).where(eq(creditLedger.userId, m.id));
  expect(
    ledger
      .filter((l) => l.reason === 'purchase')
      .map((l) => l.idempotencyKey)
      .sort(),
  ).toEqual(completed.map((r) => `payment:${r.id}`).sort());
  const [u] = await server.db.select().from(users).where(eq(users.id, m.id));
  expect(u.credits).toBe((await signupCredits(m)) + completed.reduce((s, r) => s + r.credits, 0));
  expect(u.paidUser).toBe(completed.length > 0);
  // The provider got every returned payment's money back, once.
  const { refunds } = (await (await fetch(`${server.url}/dev/psp/refunds`)).json()) as {
    refunds: { reference: string; amount: { value: number } }[];
  };
  for (const r of returned)
    expect(refunds.filter((x) => x.reference === `refund-${r.id}`).map((x) => x.amount.value)).toEqual([r.amount]);
  return rows;
}

const consumedCount = async (userId: number) =>
  (
    await server.db
      .select()
      .from(discountRedemptions)
      .where(and(eq(discountRedemptions.userId, userId), isNotNull(discountRedemptions.consumedAt)))
  ).length;

describe('the time bonus and the welcome discount (spec 4, 9)', () => {
  it('gives a new member TIMEBONUS25 until 4 hours after signup, with the spec fields and the server time', async () => {
    const m = await member();
    const { user } = expectShape(UserResponse, await m.client.get('/api/user.php'));
    const { discount_code, server_time } = await discountOf(m);
    expect(discount_code).toEqual({
      code: 'TIMEBONUS25',
      country: null,
      user_id: null,
      expires: new Date(Date.parse(user!.signup_date) + 4 * 3600_000).toISOString(),
      value_percentage: 25,
      currency: null,
      minimum_order_value: 0,
      status: 'active',
      validity: 'once_per_user',
      expired: false,
      paymentmethods: null,
    });
    expect(Math.abs(Date.parse(server_time) - Date.now())).toBeLessThan(5000);
  });

  it('is over 14400 s after signup, and the welcome discount goes on', async () => {
    const m = await member();
    await server.db
      .update(users)
      .set({ signupDate: sql`now() - interval '14401 seconds'` })
      .where(eq(users.id, m.id));
    expect((await discountOf(m)).discount_code).toBeNull();
    const welcome = (await discountOf(m, '?welcome=true')).discount_code!;
    expect(welcome).toMatchObject({ code: 'WELCOME25', value_percentage: 25, validity: 'once_per_user', expired: false });
    expect(Date.parse(welcome.expires!)).toBeGreaterThan(Date.now());
  });

  it('is charged 25 percent less, consumed with the completion, and gone once the member paid', async () => {
    const m = await member();
    const res = await startPayment(m, { discount_code: 'timebonus25' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { payment } = expectShape(CreatePaymentResponse, res);
    expect(payment).toMatchObject({ amount: 1499 - 375, discount: 375, discount_code: 'TIMEBONUS25', fee: 0 });
    expect(await consumedCount(m.id)).toBe(0);
    await paidWebhook(payment);
    await paidWebhook(payment);
    const after = expectShape(PaymentResponse, await m.client.get(`/api/payment.php?id=${payment.id}`));
    expect(after).toMatchObject({ credits: 100 + (await signupCredits(m)), paid_user: true });
    expect(await consumedCount(m.id)).toBe(1);
    expect((await discountOf(m)).discount_code).toBeNull();
    expect((await discountOf(m, '?welcome=true')).discount_code).toBeNull();
    // Typed again: "Code already used" (spec 5), not "Code not found".
    const again = await m.client.get('/api/discountcode.php?code=TIMEBONUS25');
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'code_used', message: 'Code already used' });
    // A first-purchase code the member never used: not theirs to have any more.
    expect((await m.client.get('/api/discountcode.php?code=WELCOME25')).body.error).toMatchObject({ code: 'code_not_found' });
  });

  it('takes the method fee on the discounted price', async () => {
    const m = await member();
    const { payment } = expectShape(
      CreatePaymentResponse,
      await startPayment(m, { discount_code: 'TIMEBONUS25', method: 'paypal' }),
    );
    const price = 1499 - 375;
    expect(payment).toMatchObject({
      discount: 375,
      fee: Math.ceil((price * 3) / 100),
      amount: price + Math.ceil((price * 3) / 100),
    });
  });
});

/** The credits a new member got at signup (the ledger's signup row). */
async function signupCredits(m: Member): Promise<number> {
  const rows = await server.db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, m.id), eq(creditLedger.reason, 'signup')));
  return rows.reduce((s, r) => s + r.delta, 0);
}

describe('discount codes typed on /credits (spec 5, 8)', () => {
  it('answers "Code not found" for unknown, disabled, expired and other members\' codes', async () => {
    const m = await member();
    const other = await member();
    await addCode({ code: 'OFF1', status: 'disabled' });
    await addCode({ code: 'OLD1', expires: new Date(Date.now() - 1000) });
    await addCode({ code: 'MINE1', userId: other.id });
    for (const code of ['NOPE', 'OFF1', 'OLD1', 'MINE1']) {
      const res = await m.client.get(`/api/discountcode.php?code=${code}`);
      expect(res.status, code).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'code_not_found', message: 'Code not found' });
    }
    expect((await discountOf(other, '?code=mine1')).discount_code).toMatchObject({ code: 'MINE1', user_id: other.id });
  });

  it('applies only to orders over its minimum value and with its payment methods', async () => {
    const m = await member();
    await addCode({
      code: 'BIG10',
      validity: 'shared',
      currency: 'EUR',
      minimumOrderValue: 2000,
      paymentMethods: ['ideal', 'bancontact'],
      country: 'NL',
    });
    const code = (await discountOf(m, '?code=big10')).discount_code!;
    expect(code).toMatchObject({
      code: 'BIG10',
      currency: 'EUR',
      minimum_order_value: 2000,
      paymentmethods: ['ideal', 'bancontact'],
      country: 'NL',
      validity: 'shared',
    });
    const small = await startPayment(m, { bundle: 1, discount_code: 'BIG10' });
    expect(small.status).toBe(400);
    expect(small.body.error.fields).toHaveProperty('discount_code');
    const paypal = await startPayment(m, { bundle: 2, method: 'paypal', discount_code: 'BIG10' });
    expect(paypal.status).toBe(400);
    const ok = expectShape(CreatePaymentResponse, await startPayment(m, { bundle: 2, discount_code: 'BIG10' }));
    expect(ok.payment).toMatchObject({ amount: 2999 - 300, discount: 300 });
  });

  it('lets a shared code be used again, a once-per-user code once ("Code already used")', async () => {
    const m = await member();
    await addCode({ code: 'SHARE5', validity: 'shared', valuePercentage: 5 });
    await addCode({ code: 'ONCE20', validity: 'once_per_user', valuePercentage: 20 });
    for (let i = 0; i < 2; i++)
      await paidWebhook(expectShape(CreatePaymentResponse, await startPayment(m, { discount_code: 'SHARE5' })).payment);
    expect((await discountOf(m, '?code=SHARE5')).discount_code?.code).toBe('SHARE5');
    await paidWebhook(expectShape(CreatePaymentResponse, await startPayment(m, { discount_code: 'ONCE20' })).payment);
    const used = await m.client.get('/api/discountcode.php?code=once20');
    expect(used.status).toBe(409);
    expect(used.body.error).toMatchObject({ code: 'code_used', message: 'Code already used' });
    expect((await startPayment(m, { discount_code: 'ONCE20' })).status).toBe(409);
  });

  it('under 20 concurrent payments a once-per-user code rides on one payment, is consumed once, and every other paid one is returned in full', async () => {
    const m = await member();
    await addCode({ code: 'RACE20', validity: 'once_per_user', valuePercentage: 20 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => startPayment(m, { discount_code: 'RACE20' })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const rows = await server.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, m.id), eq(payments.discountCode, 'RACE20')));
    expect(rows).toHaveLength(20);
    const pending = rows.filter((r) => r.status === 'pending');
    expect(pending).toHaveLength(1);
    // The webhook twice and the return page at once, for the payment that holds the code, and every other checkout
    // paid after all: one payment completed at the discount, the code consumed once, the other 19 returned in full.
    await Promise.all([
      ...rows.map((r) => paidWebhook(r)),
      paidWebhook(pending[0]),
      m.client.get(`/api/payment.php?id=${pending[0].id}`),
    ]);
    expect(await consumedCount(m.id)).toBe(1);
    await expectOneDiscounted(m, 20);
    expect((await startPayment(m, { discount_code: 'RACE20' })).status).toBe(409);
  });

  it('replays the same payment id with its code, and refuses the id with another code', async () => {
    const m = await member();
    const id = newId();
    const first = expectShape(CreatePaymentResponse, await startPayment(m, { id, discount_code: 'TIMEBONUS25' }));
    const again = expectShape(CreatePaymentResponse, await startPayment(m, { id, discount_code: 'TIMEBONUS25' }));
    expect({ ...again.payment, updated_at: '' }).toEqual({ ...first.payment, updated_at: '' });
    expect((await startPayment(m, { id })).status).toBe(409);
  });
});

describe('once-per-member codes whatever the order of checkouts, returns and webhooks', () => {
  beforeAll(() => addCode({ code: 'ONCE15', validity: 'once_per_user', valuePercentage: 15 }));

  /** Pays checkout `url` (authorised) on the test service's page; answers the return URL. */
  async function payAtProvider(url: string): Promise<URL> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=authorised',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location')!);
  }
  /** The member's browser back on the return URL: the server asks the provider. */
  const comeBack = (m: Member, back: URL) =>
    m.client.get(
      `/api/payment.php?${new URLSearchParams({
        id: back.searchParams.get('payment')!,
        sessionId: back.searchParams.get('sessionId')!,
        sessionResult: back.searchParams.get('sessionResult')!,
      })}`,
    );

  it('TIMEBONUS25 three times and WELCOME25 once, all paid: one purchase at 25 % off, the other three returned in full', async () => {
    const m = await member();
    const started = [];
    for (const code of ['TIMEBONUS25', 'TIMEBONUS25', 'TIMEBONUS25', 'WELCOME25'])
      started.push(expectShape(CreatePaymentResponse, await startPayment(m, { discount_code: code })));
    // The first two checkouts were left (cancelled here) but stay payable at the provider: all four are paid.
    const backs = [];
    for (const s of started) backs.push(await payAtProvider(s.redirect_url));
    await Promise.all(backs.map((b) => comeBack(m, b)));
    await new Promise((r) => setTimeout(r, 500)); // the provider's webhooks
    const rows = await expectOneDiscounted(m, 4);
    expect(rows.filter((r) => r.status === 'completed')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'refunded')).toHaveLength(3);
    // The screen of a returned payment: refunded, no credits taken back, all its money returned.
    const returned = rows.find((r) => r.status === 'refunded')!;
    expect(expectShape(PaymentResponse, await m.client.get(`/api/payment.php?id=${returned.id}`)).payment).toMatchObject({
      status: 'refunded',
      refunded_credits: 0,
      refunded_amount: returned.amount,
    });
    // The returns race: whichever code's payment completed first is the one used ("Code already used"); the other,
    // a first-purchase code of a member who has bought, is no longer hers ("Code not found").
    const used = rows.find((r) => r.status === 'completed')!.discountCode;
    for (const code of ['TIMEBONUS25', 'WELCOME25']) {
      const res = await m.client.get(`/api/discountcode.php?code=${code}`);
      expect(res.status, code).toBe(code === used ? 409 : 404);
    }
  });

  it('20 concurrent checkouts with TIMEBONUS25, all paid and returned: one discounted purchase', async () => {
    const m = await member();
    const started = await Promise.all(
      Array.from({ length: 20 }, async () =>
        expectShape(CreatePaymentResponse, await startPayment(m, { discount_code: 'TIMEBONUS25' })),
      ),
    );
    const backs = await Promise.all(started.map((s) => payAtProvider(s.redirect_url)));
    await Promise.all(backs.flatMap((b) => [comeBack(m, b), comeBack(m, b)]));
    await new Promise((r) => setTimeout(r, 800));
    const rows = await expectOneDiscounted(m, 20);
    expect(rows.filter((r) => r.status === 'completed')).toHaveLength(1);
    expect(await consumedCount(m.id)).toBe(1);
  }, 60_000);

  it('property: N concurrent checkouts with one code, paid or not, returned and webhooked in any order and twice: at most one discounted purchase, every other paid one returned in full', async () => {
    let races = 0;
    let checkoutsTried = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            paid: fc.boolean(),
            events: fc.array(fc.constantFrom('return', 'webhook'), { minLength: 1, maxLength: 3 }),
          }),
          { minLength: 2, maxLength: 5 },
        ),
        fc.constantFrom('TIMEBONUS25', 'WELCOME25', 'ONCE15'),
        fc.boolean(),
        fc.array(fc.nat(), { minLength: 30, maxLength: 30 }),
        async (checkouts, code, concurrent, order) => {
          races++;
          checkoutsTried += checkouts.length;
          const m = await member();
          const started = await Promise.all(
            checkouts.map(async () => expectShape(CreatePaymentResponse, await startPayment(m, { discount_code: code }))),
          );
          const paid = await Promise.all(
            started.map(async (s, i) => (checkouts[i].paid ? { s, back: await payAtProvider(s.redirect_url) } : null)),
          );
          const acts = paid.flatMap((p, i) =>
            p
              ? [...checkouts[i].events, ...checkouts[i].events].map(
                  (e) => () => (e === 'return' ? comeBack(m, p.back) : paidWebhook(p.s.payment)),
                )
              : [],
          );
          if (concurrent) await Promise.all(acts.map((a) => a()));
          else for (const i of acts.map((_, i) => i).sort((a, b) => order[a] - order[b] || a - b)) await acts[i]();
          await new Promise((r) => setTimeout(r, 500)); // the provider's own webhooks
          const count = checkouts.filter((c) => c.paid).length;
          const rows = await expectOneDiscounted(m, count);
          expect(await consumedCount(m.id)).toBe(rows.some((r) => r.status === 'completed' && r.discount > 0) ? 1 : 0);
          if (count) expect(rows.filter((r) => r.status === 'completed')).toHaveLength(1);
        },
      ),
      { numRuns: 10, seed: 20261127 },
    );
    console.info(`once-per-member code races tried: ${races}, ${checkoutsTried} checkouts`);
  }, 240_000);
});

describe('the premium reply-rate figure (spec 1)', () => {
  /** A conversation a member started with a real member, its first message, and an answer or not. */
  async function conversation(starter: number, other: number, replied: boolean) {
    const [c] = await server.db
      .insert(conversations)
      .values({ userLow: Math.min(starter, other), userHigh: Math.max(starter, other), startedBy: starter })
      .returning();
    const at = Date.now() - 86400_000;
    await server.db
      .insert(messages)
      .values({ id: newId(), conversationId: c.id, senderId: starter, text: 'Hi', cost: 0, createdAt: new Date(at) });
    if (replied)
      await server.db
        .insert(messages)
        .values({ id: newId(), conversationId: c.id, senderId: other, text: 'Hey', cost: 0, createdAt: new Date(at + 60_000) });
  }

  async function plainUser(name: string, premiumSince?: Date) {
    const [u] = await server.db
      .insert(users)
      .values({ siteId, email: `${name}-${newId()}@stats.test`, paidUser: premiumSince !== undefined })
      .returning();
    if (premiumSince)
      await server.db.insert(creditLedger).values({
        userId: u.id,
        delta: 100,
        balanceAfter: 100,
        reason: 'purchase',
        idempotencyKey: `stats:${u.id}`,
        createdAt: premiumSince,
      });
    return u.id;
  }

  it('shows no figure with too few conversations, then the one the data gives', async () => {
    const premium = async () => expectShape(PremiumResponse, await new Client(server.url).get('/api/premium.php'));
    expect((await premium()).reply_rates).toBeNull();
    const twoDaysAgo = new Date(Date.now() - 2 * 86400_000);
    // 30 premium starters, 18 answered (60 %); 30 free starters, 12 answered (40 %), of them 5 who bought only later.
    for (let i = 0; i < 30; i++) await conversation(await plainUser('p', twoDaysAgo), await plainUser('r'), i < 18);
    for (let i = 0; i < 30; i++)
      await conversation(await plainUser('f', i < 5 ? new Date() : undefined), await plainUser('r'), i < 12);
    // Answers from fictional profiles say nothing about members: not counted.
    const fictional = await plainUser('x');
    await server.db.update(users).set({ fictional: true }).where(eq(users.id, fictional));
    await conversation(await plainUser('f'), fictional, true);
    expect((await premium()).reply_rates).toEqual({
      days: 90,
      premium: { conversations: 30, replied: 18 },
      free: { conversations: 30, replied: 12 },
      higher_percent: 50,
    });
  });
});
