// SEPA direct debit over the real server (spec 4 "Direct-debit flow", spec 8; docs/payments.md "SEPA direct debit"):
// the mandate, the SMS code, the bank settling it; the amount limit counting every order of its 30 days; the SMS
// limits per member, number and address (docs/security.md "SMS limits"); numbers in E.164; SEPA IBANs only; the form
// prefilled from the last confirmed mandate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { DIRECT_DEBIT_CODE_TRIES, DirectDebitMandateResponse, PaymentResponse } from '../../contract/index.ts';
import { creditLedger, directDebits, profiles, smsOutbox, users } from '../../server/db/schema.ts';
import { SMS_CODES_PER_DAY } from '../../server/domain/money/direct-debit.ts';
import { activeMember, Client, expectShape, newId, startServer, type TestServer } from './harness.ts';

/** A server behind a reverse proxy on loopback (TRUST_PROXY=loopback): X-Forwarded-For names the client's address. */
let server: TestServer;

type Member = Awaited<ReturnType<typeof activeMember>>;

let addresses = 0;
/** A new client address (TEST-NET-3), so that each test has its own count per address. */
const newAddress = () => `203.0.113.${++addresses}`;

let numbers = 0;
/**
 * A new valid Dutch mobile number, typed in E.164 (so the SMS goes to the same string with or without the E.164
 * rule; the rule itself has its own test) as `typed` and `e164`.
 */
function newNumber(): { typed: string; e164: string } {
  const e164 = `+3161${String(++numbers).padStart(7, '0')}`;
  return { typed: e164, e164 };
}

/** A member whose profile country is `country` and whose requests come from client address `ip`. */
async function memberIn(country: string, ip = newAddress()): Promise<Member> {
  const m = await activeMember(server);
  await server.db.update(profiles).set({ country }).where(eq(profiles.userId, m.id));
  const call = m.client.call.bind(m.client);
  m.client.call = (method, path, body, headers = {}) => call(method, path, body, { 'x-forwarded-for': ip, ...headers });
  return m;
}

/** An order of bundle 1 (€14.99 in NL) with every field of spec 8, to a new number. */
const order = (over: Record<string, unknown> = {}) => ({
  id: newId(),
  bundle: 1,
  mandate: true,
  holder: 'Jan de Vries',
  iban: 'NL91 ABNA 0417 1643 00',
  street: 'Keizersgracht',
  house_number: '12a',
  postal_code: '1015 CJ',
  city: 'Amsterdam',
  phone: newNumber().typed,
  ...over,
});

/** The text messages sent (the embedded SMS service's outbox) to any of `phones` (E.164), once the jobs ran. */
async function smsTo(phones: string[]) {
  await server.jobs.idle();
  return server.db.select().from(smsOutbox).where(inArray(smsOutbox.to, phones));
}

/** The code of the newest SMS to `phone` (E.164). */
async function codeFor(phone: string): Promise<string> {
  const sent = await smsTo([phone]);
  return sent.sort((a, b) => b.id - a.id)[0].text.match(/\b\d{6}\b/)![0];
}

/** Enters DIRECT_DEBIT_CODE_TRIES wrong codes for order `id`, which cancels it. */
async function cancelByWrongCodes(m: Member, id: string, phone: string) {
  const code = await codeFor(phone);
  const wrong = code === '000000' ? '111111' : '000000';
  for (let i = 0; i < DIRECT_DEBIT_CODE_TRIES; i++)
    expect((await m.client.post('/api/directdebit-confirm.php', { id, code: wrong })).status).toBe(400);
}

const statusOf = async (m: Member, id: string) =>
  expectShape(PaymentResponse, await m.client.get(`/api/payment.php?id=${id}`)).payment.status;

/** The money must hold on both databases: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set (CI). */
const DATABASES: ('PGlite' | 'PostgreSQL')[] = ['PGlite', ...(process.env.TEST_DATABASE_URL ? (['PostgreSQL'] as const) : [])];

describe.each(DATABASES)('SEPA direct debit on %s', (database) => {
  beforeAll(async () => {
    server = await startServer(4, { database, env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(() => server.close());

  it('orders with the mandate, confirms with the SMS code, and the bank settles it: credits once, premium', async () => {
    const m = await memberIn('NL');
    const { typed, e164 } = newNumber();
    const body = order({ phone: typed });
    const res = await m.client.post('/api/directdebit.php', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      payment: { status: 'pending', method: 'sepadirectdebit', amount: 1499 },
      phone_hint: `${'•'.repeat(9)}${e164.slice(-2)}`,
    });
    // The same id again: the same order, no second SMS.
    expect((await m.client.post('/api/directdebit.php', body)).body.payment.id).toBe(body.id);
    const code = await codeFor(e164);
    expect(await smsTo([e164])).toHaveLength(1);
    const wrong = await m.client.post('/api/directdebit-confirm.php', {
      id: body.id,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'code_invalid', message: 'Code invalid' });
    const confirmed = await m.client.post('/api/directdebit-confirm.php', { id: body.id, code });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.payment.status).toBe('pending');
    await expect.poll(() => statusOf(m, body.id), { timeout: 10_000 }).toBe('completed');
    const purchases = await server.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, m.id), eq(creditLedger.reason, 'purchase')));
    expect(purchases).toHaveLength(1);
    // Confirming again changes nothing.
    expect((await m.client.post('/api/directdebit-confirm.php', { id: body.id, code })).body).toMatchObject({
      payment: { status: 'completed' },
      paid_user: true,
    });
  });

  it('keeps the mobile number in E.164, read national to the member country, and sends the code there', async () => {
    const ip = newAddress();
    const m = await memberIn('NL', ip);
    const body = order({ phone: '06 12345678' });
    const res = await m.client.post('/api/directdebit.php', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await server.db.select().from(directDebits).where(eq(directDebits.paymentId, body.id));
    expect(row.phone).toBe('+31612345678');
    expect(row.source).toBe(ip);
    expect((await smsTo(['+31612345678'])).map((s) => s.to)).toEqual(['+31612345678']);
  });

  it('refuses a wrong IBAN, an IBAN outside SEPA, a number that is no mobile, a missing field or mandate', async () => {
    const m = await memberIn('NL');
    for (const [over, field, message] of [
      [{ iban: 'NL91 ABNA 0417 1643 01' }, 'iban', 'not a valid IBAN'],
      [{ iban: 'hello' }, 'iban', 'not a valid IBAN'],
      // Valid IBANs of Brazil and Turkey: no SEPA direct debit can draw on them.
      [{ iban: 'BR18 0036 0305 0000 1000 9795 493C 1' }, 'iban', 'not a SEPA country'],
      [{ iban: 'TR33 0006 1005 1978 6457 8413 26' }, 'iban', 'not a SEPA country'],
      [{ phone: 'call me' }, 'phone', 'not a mobile number'],
      [{ phone: '020 1234567' }, 'phone', 'not a mobile number'], // an Amsterdam landline
      [{ phone: '06 01234567' }, 'phone', 'not a mobile number'], // no such mobile range
      [{ phone: '+31 6 1234' }, 'phone', 'not a mobile number'],
      [{ mandate: false }, 'mandate', undefined],
      [{ city: '' }, 'city', undefined],
      [{ bundle: 9 }, 'bundle', undefined],
    ] as const) {
      const res = await m.client.post('/api/directdebit.php', order(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.error.fields, JSON.stringify(over)).toHaveProperty(field);
      if (message) expect(res.body.error.fields[field]).toBe(message);
    }
    const us = await memberIn('US');
    expect((await us.client.post('/api/directdebit.php', order())).status).toBe(400);
  });

  it('a blocked account and the amount limit get the spec messages', async () => {
    const blocked = await memberIn('NL');
    await server.db.update(users).set({ directDebitBlocked: true }).where(eq(users.id, blocked.id));
    const res = await blocked.client.post('/api/directdebit.php', order());
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Your account is blocked for direct debit payments.');

    const m = await memberIn('NL');
    expect((await m.client.post('/api/directdebit.php', order({ bundle: 3 }))).status).toBe(200); // €59.99
    const over = await m.client.post('/api/directdebit.php', order({ bundle: 3 })); // another €59.99: over €100
    expect(over.status).toBe(429);
    expect(over.body.error.message).toBe('Direct-debit limit reached (try later, a cheaper package or another method).');
    expect(over.body.error.params).toBeUndefined();
    expect((await m.client.post('/api/directdebit.php', order({ bundle: 2 }))).status).toBe(200); // a cheaper package fits: €89.98
    expect((await m.client.post('/api/directdebit.php', order({ bundle: 1 }))).status).toBe(429); // €104.97
  });

  it(`cancels the order after ${DIRECT_DEBIT_CODE_TRIES} wrong codes`, async () => {
    const m = await memberIn('NL');
    const { typed, e164 } = newNumber();
    const body = order({ phone: typed });
    await m.client.post('/api/directdebit.php', body);
    const code = await codeFor(e164);
    await cancelByWrongCodes(m, body.id, e164);
    expect((await m.client.post('/api/directdebit-confirm.php', { id: body.id, code })).status).toBe(409);
    expect(await statusOf(m, body.id)).toBe('cancelled');
  });

  it('an order cancelled by wrong codes still counts toward the amount limit for its 30 days', async () => {
    const m = await memberIn('NL');
    const { typed, e164 } = newNumber();
    const body = order({ bundle: 3, phone: typed }); // €59.99
    await m.client.post('/api/directdebit.php', body);
    await cancelByWrongCodes(m, body.id, e164);
    expect(await statusOf(m, body.id)).toBe('cancelled');
    const again = await m.client.post('/api/directdebit.php', order({ bundle: 3 })); // €59.99 more: over €100
    expect(again.status).toBe(429);
    expect(again.body.error.code).toBe('direct_debit_limit');
  });

  it(`15 orders cancelled by wrong codes send ${SMS_CODES_PER_DAY.member} SMS, not 15 (per member a day)`, async () => {
    const m = await memberIn('NL');
    const sentTo: string[] = [];
    const answers: number[] = [];
    for (let i = 0; i < 15; i++) {
      const { typed, e164 } = newNumber();
      const body = order({ phone: typed });
      const res = await m.client.post('/api/directdebit.php', body);
      answers.push(res.status);
      if (res.status !== 200) {
        expect(res.body.error).toMatchObject({ code: 'direct_debit_limit', params: { limit: 'codes' } });
        continue;
      }
      sentTo.push(e164);
      await cancelByWrongCodes(m, body.id, e164);
    }
    expect(answers.filter((s) => s === 200)).toHaveLength(SMS_CODES_PER_DAY.member);
    expect(answers.filter((s) => s === 429)).toHaveLength(15 - SMS_CODES_PER_DAY.member);
    expect(await smsTo(sentTo)).toHaveLength(SMS_CODES_PER_DAY.member);
  });

  it(`sends at most ${SMS_CODES_PER_DAY.phone} codes a day to one number, whoever orders`, async () => {
    const { typed, e164 } = newNumber();
    const answers: number[] = [];
    for (let i = 0; i < SMS_CODES_PER_DAY.phone + 2; i++) {
      const m = await memberIn('NL');
      answers.push((await m.client.post('/api/directdebit.php', order({ phone: typed }))).status);
    }
    expect(answers).toEqual([...Array(SMS_CODES_PER_DAY.phone).fill(200), 429, 429]);
    expect(await smsTo([e164])).toHaveLength(SMS_CODES_PER_DAY.phone);
  });

  it(`sends at most ${SMS_CODES_PER_DAY.source} codes a day ordered from one address, even at once`, async () => {
    const ip = newAddress();
    const members = await Promise.all(Array.from({ length: SMS_CODES_PER_DAY.source + 3 }, () => memberIn('NL', ip)));
    const bodies = members.map(() => order());
    const answers = await Promise.all(members.map((m, i) => m.client.post('/api/directdebit.php', bodies[i])));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(SMS_CODES_PER_DAY.source);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(3);
    const phones = bodies.map((b) => b.phone as string);
    expect(await smsTo(phones)).toHaveLength(SMS_CODES_PER_DAY.source);
    // Another address still gets its code.
    expect((await (await memberIn('NL')).client.post('/api/directdebit.php', order())).status).toBe(200);
  });

  it('answers the last confirmed mandate to prefill the form, and null before', async () => {
    const m = await memberIn('NL');
    expect(expectShape(DirectDebitMandateResponse, await m.client.get('/api/directdebit.php'))).toEqual({ mandate: null });
    // An order never confirmed is no mandate to prefill.
    await m.client.post('/api/directdebit.php', order({ holder: 'Not Confirmed' }));
    expect((await m.client.get('/api/directdebit.php')).body).toEqual({ mandate: null });
    const body = order({ phone: '06 22345678', iban: 'de89 3704 0044 0532 0130 00', street: 'Hauptstraße' });
    await m.client.post('/api/directdebit.php', body);
    const confirmed = await m.client.post('/api/directdebit-confirm.php', { id: body.id, code: await codeFor('+31622345678') });
    expect(confirmed.status).toBe(200);
    expect(expectShape(DirectDebitMandateResponse, await m.client.get('/api/directdebit.php'))).toEqual({
      mandate: {
        holder: 'Jan de Vries',
        iban: 'DE89370400440532013000',
        street: 'Hauptstraße',
        house_number: '12a',
        postal_code: '1015 CJ',
        city: 'Amsterdam',
        phone: '+31622345678',
      },
    });
    // Another member's mandate stays theirs; a visitor gets none.
    expect((await (await memberIn('NL')).client.get('/api/directdebit.php')).body).toEqual({ mandate: null });
    expect((await new Client(server.url).get('/api/directdebit.php')).status).toBe(403);
  });
});
