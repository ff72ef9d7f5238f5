// Stored cards under the member's control, over the real server and the embedded test payment service: cards stored
// at card checkouts (brand, last 4, expiry), listed, removed at the provider first (which then refuses the token) and
// here; another member's card is not found; a provider that cannot be reached keeps the card.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CreatePaymentResponse, StoredCardsResponse } from '../../contract/index.ts';
import { profiles, storedCards } from '../../server/db/schema.ts';
import { activeMember, Client, expectShape, newId, startServer, type TestServer } from './harness.ts';

let server: TestServer;

type Member = Awaited<ReturnType<typeof activeMember>>;

/** An NL member. */
async function member(): Promise<Member> {
  const m = await activeMember(server);
  await server.db.update(profiles).set({ country: 'NL' }).where(eq(profiles.userId, m.id));
  return m;
}

/** Pays bundle 1 with `method` on the hosted checkout, storing the card; waits until the webhook stored it. */
async function payAndStore(m: Member, method: 'visa' | 'mastercard') {
  const before = (await m.client.get('/api/stored-cards.php')).body.cards.length;
  const res = await m.client.post('/api/payment.php', { id: newId(), bundle: 1, method });
  const { redirect_url } = expectShape(CreatePaymentResponse, res);
  const paid = await fetch(redirect_url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=authorised&store=yes',
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  await expect.poll(async () => (await m.client.get('/api/stored-cards.php')).body.cards.length).toBe(before + 1);
}

const cardsOf = async (m: Member) => expectShape(StoredCardsResponse, await m.client.get('/api/stored-cards.php')).cards;

/** The test service's card-on-file charge with `token`, as the adapter sends it: its HTTP status. */
async function chargeAtProvider(token: string, userId: number) {
  const res = await fetch(`${server.url}/dev/psp/v72/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': server.payments.testKeys!.apiKey },
    body: JSON.stringify({
      merchantAccount: 'HeartlineTestMerchant',
      amount: { value: 100, currency: 'EUR' },
      reference: newId(),
      returnUrl: server.url,
      shopperReference: `member-${userId}`,
      paymentMethod: { type: 'scheme', storedPaymentMethodId: token },
    }),
  });
  return res.status;
}

const DATABASES: ('PGlite' | 'PostgreSQL')[] = ['PGlite', ...(process.env.TEST_DATABASE_URL ? (['PostgreSQL'] as const) : [])];

describe.each(DATABASES)('stored cards on %s', (database) => {
  beforeAll(async () => {
    server = await startServer(4, { database });
  });
  afterAll(() => server.close());

  it('lists the stored cards newest first with brand, last 4 and expiry; the repeat order charges the newest', async () => {
    const m = await member();
    expect(await cardsOf(m)).toEqual([]);
    await payAndStore(m, 'visa');
    await payAndStore(m, 'mastercard');
    const cards = await cardsOf(m);
    expect(cards).toMatchObject([
      { method: 'mastercard', last4: '1111', expiry_month: 3, expiry_year: 2030 },
      { method: 'visa', last4: '1111', expiry_month: 3, expiry_year: 2030 },
    ]);
    expect(JSON.stringify(cards)).not.toMatch(/TK[0-9A-F]{16}/); // the provider's token stays on the server
    expect((await m.client.get('/api/repeat-order.php')).body.card).toEqual({ method: 'mastercard', last4: '1111' });
    const visitor = new Client(server.url);
    expect((await visitor.get('/api/stored-cards.php')).status).toBe(403);
  });

  it('Remove deletes the token at the provider (which then refuses it) and here: a repeat order then has no card', async () => {
    const m = await member();
    await payAndStore(m, 'visa');
    const [card] = await cardsOf(m);
    const [{ token }] = await server.db.select().from(storedCards).where(eq(storedCards.id, card.id));
    expect(await chargeAtProvider(token, m.id)).toBe(200);
    const res = await m.client.post('/api/stored-card-remove.php', { id: card.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(expectShape(StoredCardsResponse, res).cards).toEqual([]);
    expect(await cardsOf(m)).toEqual([]);
    expect(await chargeAtProvider(token, m.id)).toBe(422);
    expect((await m.client.get('/api/repeat-order.php')).body.card).toBeNull();
    expect((await m.client.post('/api/repeat-order.php', { id: newId() })).status).toBe(409);
    // Removing it again: it is gone.
    expect((await m.client.post('/api/stored-card-remove.php', { id: card.id })).status).toBe(404);
  });

  it("another member's card answers 404 and stays", async () => {
    const [owner, stranger] = [await member(), await member()];
    await payAndStore(owner, 'visa');
    const [card] = await cardsOf(owner);
    const res = await stranger.client.post('/api/stored-card-remove.php', { id: card.id });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(await cardsOf(stranger)).toEqual([]);
    expect(await cardsOf(owner)).toHaveLength(1);
    expect((await stranger.client.post('/api/stored-card-remove.php', { id: 'x' })).status).toBe(400);
  });

  it('a provider that cannot be reached: 502 payment_unavailable and the card stays', async () => {
    const m = await member();
    await payAndStore(m, 'visa');
    const [card] = await cardsOf(m);
    const publicUrl = server.app.ctx.config.publicUrl;
    server.app.ctx.config.publicUrl = 'http://127.0.0.1:9'; // the provider's endpoint follows PUBLIC_URL: nothing listens there
    try {
      const res = await m.client.post('/api/stored-card-remove.php', { id: card.id });
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe('payment_unavailable');
    } finally {
      server.app.ctx.config.publicUrl = publicUrl;
    }
    expect(await cardsOf(m)).toHaveLength(1);
    expect((await m.client.post('/api/stored-card-remove.php', { id: card.id })).status).toBe(200);
  });

  it('a card the provider no longer holds is removed here all the same', async () => {
    const m = await member();
    await payAndStore(m, 'visa');
    const [card] = await cardsOf(m);
    await server.db.update(storedCards).set({ token: 'TK-UNKNOWN' }).where(eq(storedCards.id, card.id));
    expect((await m.client.post('/api/stored-card-remove.php', { id: card.id })).status).toBe(200);
    expect(await cardsOf(m)).toEqual([]);
  });
});
