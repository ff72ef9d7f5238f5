// Bank transfer over the real server and the embedded test payment service: no checkout, the provider's transfer
// instructions (PresentToShopper) kept on the payment and answered with it; the payment stays pending until the
// money arrives (the test service's "Transfer received": the AUTHORISATION webhook), then completes once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CreatePaymentResponse, PaymentResponse } from '../../contract/index.ts';
import { payments, profiles } from '../../server/db/schema.ts';
import { activeMember, expectShape, newId, startServer, type TestServer } from './harness.ts';

let server: TestServer;

const DATABASES: ('PGlite' | 'PostgreSQL')[] = ['PGlite', ...(process.env.TEST_DATABASE_URL ? (['PostgreSQL'] as const) : [])];

/** The test service's "Transfer received" for payment `id` (the dev call behind its button). */
const transferReceived = (id: string) =>
  fetch(`${server.url}/dev/psp/transfers/${id}/received`, { method: 'POST', redirect: 'manual' });

describe.each(DATABASES)('bank transfer on %s', (database) => {
  beforeAll(async () => {
    server = await startServer(4, { database });
  });
  afterAll(() => server.close());

  it('answers the instructions at once, keeps them, and completes the payment when the money arrives', async () => {
    const m = await activeMember(server);
    await server.db.update(profiles).set({ country: 'NL' }).where(eq(profiles.userId, m.id));
    const id = newId();
    const res = await m.client.post('/api/payment.php', { id, bundle: 1, method: 'banktransfer' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { payment, redirect_url } = expectShape(CreatePaymentResponse, res);
    expect(payment.status).toBe('pending');
    // No hosted checkout: the member goes to the payment's own page, which shows the instructions.
    expect(redirect_url).toBe(`${server.url}/credits/1/banktransfer?payment=${id}`);
    expect(payment.transfer_instructions).toEqual({
      iban: 'NL13TEST0123456789',
      bic: 'TESTNL2A',
      beneficiary: 'Heartline Test Merchant',
      reference: expect.stringMatching(/^TR-/),
      amount: payment.amount,
      currency: 'EUR',
    });
    const [row] = await server.db.select().from(payments).where(eq(payments.id, id));
    expect(row.transferInstructions).toMatchObject({ iban: 'NL13TEST0123456789', amount: payment.amount });
    expect(row.pspReference).toMatch(/^[0-9A-F]{16}$/);

    // The same id again: the same instructions, no second transfer at the provider.
    const again = expectShape(
      CreatePaymentResponse,
      await m.client.post('/api/payment.php', { id, bundle: 1, method: 'banktransfer' }),
    );
    expect(again.payment.transfer_instructions).toEqual(payment.transfer_instructions);

    // Pending, with the instructions, until the bank has the money.
    await new Promise((r) => setTimeout(r, 400));
    const waiting = expectShape(PaymentResponse, await m.client.get(`/api/payment.php?id=${id}`));
    expect(waiting.payment).toMatchObject({ status: 'pending', transfer_instructions: payment.transfer_instructions });

    const page = await fetch(`${server.url}/dev/psp/transfers`);
    expect(await page.text()).toContain(id);
    expect((await transferReceived(id)).status).toBe(303);
    await expect
      .poll(async () => expectShape(PaymentResponse, await m.client.get(`/api/payment.php?id=${id}`)).payment.status)
      .toBe('completed');
    const done = expectShape(PaymentResponse, await m.client.get(`/api/payment.php?id=${id}`));
    expect(done).toMatchObject({ credits: 50 + payment.credits, paid_user: true });
    const [settled] = await server.db.select().from(payments).where(eq(payments.id, id));
    expect(settled.pspReference).toBe(row.pspReference);
    // Received once: the bank does not pay twice.
    expect((await transferReceived(id)).status).toBe(404);
  });

  it('a provider that cannot be reached: 502 payment_unavailable, and the same id works later', async () => {
    const m = await activeMember(server);
    await server.db.update(profiles).set({ country: 'NL' }).where(eq(profiles.userId, m.id));
    const id = newId();
    const publicUrl = server.app.ctx.config.publicUrl;
    server.app.ctx.config.publicUrl = 'http://127.0.0.1:9'; // the provider's endpoint follows PUBLIC_URL: nothing listens there
    try {
      const res = await m.client.post('/api/payment.php', { id, bundle: 1, method: 'banktransfer' });
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe('payment_unavailable');
    } finally {
      server.app.ctx.config.publicUrl = publicUrl;
    }
    const retried = await m.client.post('/api/payment.php', { id, bundle: 1, method: 'banktransfer' });
    expect(retried.status).toBe(200);
    expect(retried.body.payment.transfer_instructions.iban).toBe('NL13TEST0123456789');
  });
});
