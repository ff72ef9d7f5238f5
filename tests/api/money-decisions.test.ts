// What the member's screens show before a money decision is what the server then does: the country's message cost
// in the offer (the pricing page, "1 message ≈"), and the refund the confirmation names (refundShare of the user
// call's bought_credits) against the refund itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendAuthorisation } from './psp-webhook.ts';
import { eq } from 'drizzle-orm';
import { CreatePaymentResponse, CreditsResponse, refundShare, UserResponse } from '../../contract/index.ts';
import { profiles, users } from '../../server/db/schema.ts';
import { activeMember, Client, expectShape, newId, startServer, type TestServer } from './harness.ts';

let server: TestServer;

/** A member whose profile country is `country`. */
async function memberIn(country: string) {
  const m = await activeMember(server);
  await server.db.update(profiles).set({ country }).where(eq(profiles.userId, m.id));
  return m;
}

/** A completed purchase of bundle 1 with iDEAL by `m`, settled by a signed AUTHORISATION webhook. */
async function bought(m: Awaited<ReturnType<typeof activeMember>>) {
  const { payment } = expectShape(
    CreatePaymentResponse,
    await m.client.post('/api/payment.php', { id: newId(), bundle: 1, method: 'ideal' }),
  );
  await sendAuthorisation(server, payment, `PSP${payment.id.slice(0, 8)}`);
  return payment;
}

const DATABASES: ('PGlite' | 'PostgreSQL')[] = ['PGlite', ...(process.env.TEST_DATABASE_URL ? (['PostgreSQL'] as const) : [])];

describe.each(DATABASES)('money decisions on %s', (database) => {
  beforeAll(async () => {
    server = await startServer(4, { database });
  });
  afterAll(() => server.close());

  it("answers the message cost of the member's country, the one the send debits (CH and NO: 12, not 10)", async () => {
    for (const [country, cost] of [
      ['CH', 12],
      ['NO', 12],
      ['NL', 10],
      ['US', 10],
    ] as const) {
      const m = await memberIn(country);
      const offer = expectShape(CreditsResponse, await m.client.get('/api/credits.php'));
      expect(offer.message_credits, country).toBe(cost);
      for (const b of offer.bundles) expect(b.message_amount).toBe(Math.round((b.amount * cost) / b.credits));
    }
    const ch = await memberIn('CH');
    const [other] = (await ch.client.get('/api/members.php?gender=female')).body.profiles as { id: number }[];
    const before = expectShape(UserResponse, await ch.client.get('/api/user.php')).user!.credits;
    const sent = await ch.client.post('/api/message.php', { id: newId(), profile: other.id, text: 'Grüezi' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(before - sent.body.credits).toBe(12);
  });

  it('answers a visitor the message cost of the country asked for (the pricing page)', async () => {
    const visitor = new Client(server.url);
    expect(expectShape(CreditsResponse, await visitor.get('/api/credits.php?country=CH')).message_credits).toBe(12);
    expect(expectShape(CreditsResponse, await visitor.get('/api/credits.php?country=NO')).message_credits).toBe(12);
    expect(expectShape(CreditsResponse, await visitor.get('/api/credits.php')).message_credits).toBe(10);
  });

  it('the refund the confirmation names (refundShare of bought_credits) is the refund made', async () => {
    const m = await memberIn('NL');
    const payment = await bought(m);
    expect(expectShape(UserResponse, await m.client.get('/api/user.php')).user).toMatchObject({
      credits: 150,
      bought_credits: 100,
    });
    // 50 signup credits and 37 bought ones spent: 63 bought left.
    await server.db.update(users).set({ credits: 63, boughtCredits: 63 }).where(eq(users.id, m.id));
    const { user } = expectShape(UserResponse, await m.client.get('/api/user.php'));
    const shown = refundShare(payment, user!.bought_credits);
    expect(shown).toEqual({ credits: 63, amount: 944 });
    const res = await m.client.post('/api/refund.php', { payment: payment.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ refunded_credits: shown.credits, refunded_amount: shown.amount });
    expect(expectShape(UserResponse, await m.client.get('/api/user.php')).user).toMatchObject({ credits: 0, bought_credits: 0 });
  });
});
