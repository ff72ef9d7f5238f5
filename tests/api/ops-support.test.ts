// The back office's support part (docs/operations.md "Support", "Dead jobs", "Dashboard"): member lookup, each
// account and money action with its audit row, a refund that reaches the provider once when clicked twice at once,
// goodwill credits in the member's transactions, dead letters sent back to their queue, the dashboard's figures, and
// the roles that may call each.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatePaymentResponse, TransactionsResponse } from '../../contract/index.ts';
import type { StaffRole } from '../../contract/ops.ts';
import {
  OpsDashboardResponse,
  OpsDeadJobsResponse,
  OpsMemberResponse,
  OpsMemberSearchResponse,
  OpsRefundResponse,
} from '../../contract/ops-support.ts';
import { auditLog, profiles, pushSubscriptions, staff, staffSessions, storedCards, users } from '../../server/db/schema.ts';
import { hashToken } from '../../server/domain/accounts/sessions.ts';
import { runStaffCommand } from '../../server/domain/staff/staff-command.ts';
import type { AcceptedRefund } from '../../server/services/test-psp.ts';
import { activeMember, Client, expectShape, newId, signupInput, startServer, type TestServer } from './harness.ts';
import { sendAuthorisation } from './psp-webhook.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(12);
});
afterAll(() => server.close());

let counter = 0;
/** A staff member of `role` with a live session (set-up and sign-in are ops-staff.test.ts's): their client and id. */
async function staffClient(role: StaffRole): Promise<{ client: Client; id: number }> {
  const email = `support${++counter}.${Date.now()}@heartline.example`;
  await runStaffCommand(server.db, server.url, ['add', '--email', email, '--role', role]);
  const [row] = await server.db.select({ id: staff.id }).from(staff).where(eq(staff.email, email));
  const token = randomBytes(32).toString('base64url');
  await server.db.insert(staffSessions).values({ tokenHash: hashToken(token), staffId: row.id });
  const client = new Client(server.url);
  client.cookie = `ops_sid=${token}`;
  return { client, id: row.id };
}

/** The audit rows of `action` on target `targetId`. */
const auditRows = (action: string, targetId: string | number) =>
  server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))));

/** A member in the Netherlands (EUR; bundle 1 = 100 credits for 14.99). */
async function member() {
  const m = await activeMember(server);
  await server.db.update(profiles).set({ country: 'NL' }).where(eq(profiles.userId, m.id));
  return m;
}

/** A purchase of bundle 1 by `m`, completed by the provider's webhook (with its reference). */
async function bought(m: Awaited<ReturnType<typeof member>>) {
  const res = await m.client.post('/api/payment.php', { id: newId(), bundle: 1, method: 'ideal' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { payment } = expectShape(CreatePaymentResponse, res);
  await sendAuthorisation(server, payment, `PSP${payment.id.slice(-12)}`);
  return payment;
}

/** The refunds the test payment service accepted for payment `id`. */
async function providerRefunds(id: string): Promise<AcceptedRefund[]> {
  const { refunds } = (await (await fetch(`${server.url}/dev/psp/refunds`)).json()) as { refunds: AcceptedRefund[] };
  return refunds.filter((r) => r.reference === `refund-${id}`);
}

let support: Client;
beforeAll(async () => {
  support = (await staffClient('support')).client;
});

describe('lookup', () => {
  it('finds a member by address, prefix, id and name, and shows their page without secrets', async () => {
    const m = await member();
    const [{ name }] = await server.db.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, m.id));
    for (const q of [m.email, m.email.slice(0, 12), String(m.id), name.toLowerCase()]) {
      const found = expectShape(OpsMemberSearchResponse, await support.get(`/api/ops/members?q=${encodeURIComponent(q)}`));
      expect(
        found.members.map((h) => h.id),
        q,
      ).toContain(m.id);
    }
    const none = expectShape(OpsMemberSearchResponse, await support.get('/api/ops/members?q=nobody%25here%40x'));
    expect(none).toEqual({ members: [], more: false });

    await server.db
      .insert(storedCards)
      .values({ userId: m.id, token: 'tok-secret-1', method: 'visa', last4: '4242', expiryMonth: 3, expiryYear: 2030 });
    await server.db
      .insert(pushSubscriptions)
      .values({ userId: m.id, endpoint: 'https://push.example.net/send/abc-secret', p256dh: 'p-key', auth: 'a-key' });
    // Two wrong passwords: the member's login counters show.
    for (let i = 0; i < 2; i++)
      await new Client(server.url).post('/api/user.php', { email: m.email, password: 'wrong one here' });

    const res = await support.get(`/api/ops/members/${m.id}`);
    const page = expectShape(OpsMemberResponse, res);
    expect(page.member).toMatchObject({ id: m.id, email: m.email, status: 'confirmed', deleted_at: null, premium: false });
    expect(page.ledger[0]).toMatchObject({ reason: 'signup' });
    expect(page.cards).toEqual([{ id: expect.any(Number), method: 'visa', last4: '4242', expiry_month: 3, expiry_year: 2030 }]);
    expect(page.devices).toEqual([expect.objectContaining({ host: 'push.example.net' })]);
    expect(page.sessions.length).toBeGreaterThan(0);
    expect(page.throttles.map((t) => t.kind).sort()).toEqual(['login from everywhere', 'login from one source']);
    const text = JSON.stringify(res.body);
    for (const secret of ['tok-secret-1', 'abc-secret', 'p-key', 'password']) expect(text).not.toContain(secret);
    expect((await support.get('/api/ops/members/999999')).status).toBe(404);
  });
});

describe('account actions', () => {
  it('resends the activation mail to a member who has not activated, audited', async () => {
    const visitor = new Client(server.url);
    const input = signupInput();
    const signup = await visitor.post('/api/signup.php', input);
    const id = signup.body.user.id as number;
    await server.jobs.idle();
    expect((await support.post(`/api/ops/members/${id}/resend-activation`)).body).toEqual({ done: true });
    await server.jobs.idle();
    const { mails } = (await visitor.get('/api/dev-mailbox.php')).body as { mails: { to: string }[] };
    expect(mails.filter((x) => x.to === input.email)).toHaveLength(2);
    expect(await auditRows('support.resend_activation', id)).toHaveLength(1);
    // An active member has nothing to activate.
    const active = await member();
    expect((await support.post(`/api/ops/members/${active.id}/resend-activation`)).status).toBe(409);
  });

  it('unlocks a member locked out of login, audited with the counters before', async () => {
    const m = await member();
    const guess = () => new Client(server.url).post('/api/user.php', { email: m.email, password: 'correct horse battery' });
    for (let i = 0; i < 6; i++) await new Client(server.url).post('/api/user.php', { email: m.email, password: 'not it at all' });
    expect((await guess()).status).toBe(429);
    const res = await support.post(`/api/ops/members/${m.id}/unlock-login`);
    expect(res.body).toMatchObject({ done: true });
    expect((await guess()).status).toBe(200);
    const [row] = await auditRows('support.unlock_login', m.id);
    expect((row.before as { throttles: unknown[] }).throttles.length).toBeGreaterThan(0);
  });

  it('ends every session of a member, audited', async () => {
    const m = await member();
    expect((await m.client.get('/api/user.php')).body.user).not.toBeNull();
    expect((await support.post(`/api/ops/members/${m.id}/end-sessions`)).body).toEqual({ done: true, count: 1 });
    expect((await m.client.get('/api/user.php')).body.user).toBeNull();
    expect((await auditRows('support.end_sessions', m.id))[0]).toMatchObject({ before: { sessions: 1 }, after: { sessions: 0 } });
  });

  it('restores an account deleted within 14 days and refuses one deleted earlier', async () => {
    const m = await member();
    const del = await m.client.post('/api/account-delete.php', { password: 'correct horse battery' });
    expect(del.status).toBe(200);
    expect((await support.post(`/api/ops/members/${m.id}/restore`)).body).toEqual({ done: true });
    const [row] = await server.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, m.id));
    expect(row.deletedAt).toBeNull();
    expect((await server.db.select({ s: profiles.status }).from(profiles).where(eq(profiles.userId, m.id)))[0].s).toBe('active');
    expect(await auditRows('support.restore', m.id)).toHaveLength(1);
    // Not deleted: nothing to restore.
    expect((await support.post(`/api/ops/members/${m.id}/restore`)).status).toBe(409);

    const late = await member();
    await server.db
      .update(users)
      .set({ deletedAt: new Date(Date.now() - 14 * 86400_000 - 60_000) })
      .where(eq(users.id, late.id));
    const refused = await support.post(`/api/ops/members/${late.id}/restore`);
    expect(refused.status).toBe(409);
    expect(await auditRows('support.restore', late.id)).toHaveLength(0);
  });
});

describe('money', () => {
  it('refunds a payment through the provider once, even clicked twice at once, audited once', async () => {
    const m = await member();
    const payment = await bought(m);
    const page = expectShape(OpsMemberResponse, await support.get(`/api/ops/members/${m.id}`));
    const shown = page.payments.find((p) => p.id === payment.id)!;
    expect(shown).toMatchObject({
      status: 'completed',
      psp_reference: expect.stringMatching(/^PSP/),
      refundable: { credits: 100 },
    });

    const path = `/api/ops/members/${m.id}/payments/${payment.id}/refund`;
    const answers = await Promise.all([support.post(path), support.post(path)]);
    const bodies = answers.map((a) => expectShape(OpsRefundResponse, a));
    expect(bodies.map((b) => b.repeated).sort()).toEqual([false, true]);
    expect(bodies[0].payment).toMatchObject({
      status: 'refunded',
      refunded_credits: 100,
      refunded_amount: shown.refundable!.amount,
    });
    await server.jobs.idle();
    expect(await providerRefunds(payment.id)).toHaveLength(1);
    expect(await auditRows('support.refund', payment.id)).toHaveLength(1);
    // Later: still once, and the refund's provider reference shows.
    const again = expectShape(OpsRefundResponse, await support.post(path));
    expect(again.repeated).toBe(true);
    expect(again.payment.refund_psp_reference).toBeTruthy();
    expect(await providerRefunds(payment.id)).toHaveLength(1);
    const tx = expectShape(TransactionsResponse, await m.client.get('/api/transactions.php'));
    expect(tx.movements[0]).toMatchObject({ reason: 'refund', delta: -100 });
    // Another member's payment is not found under this member.
    const other = await member();
    expect((await support.post(`/api/ops/members/${other.id}/payments/${payment.id}/refund`)).status).toBe(404);
  });

  it('grants goodwill credits through the ledger once per key, seen in the member transactions, within bounds', async () => {
    const m = await member();
    const before = expectShape(OpsMemberResponse, await support.get(`/api/ops/members/${m.id}`)).member.credits;
    const grant = { credits: 25, reason: 'Sorry for the trouble with your payment', key: newId() };
    const path = `/api/ops/members/${m.id}/goodwill`;
    const [a, b] = await Promise.all([support.post(path, grant), support.post(path, grant)]);
    expect([a.body.repeated, b.body.repeated].sort()).toEqual([false, true]);
    expect(a.body.credits).toBe(before + 25);
    const tx = expectShape(TransactionsResponse, await m.client.get('/api/transactions.php'));
    expect(tx.movements.filter((x) => x.reason === 'goodwill')).toEqual([
      expect.objectContaining({ delta: 25, balance_after: before + 25 }),
    ]);
    const rows = await auditRows('support.goodwill', m.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].after).toMatchObject({ granted: 25, reason: grant.reason });
    for (const credits of [0, -5, 501, 2.5])
      expect((await support.post(path, { ...grant, credits, key: newId() })).status, String(credits)).toBe(400);
    expect((await support.post(path, { ...grant, reason: '', key: newId() })).status).toBe(400);
  });
});

describe('dead jobs', () => {
  /** A dead letter of `queue` as pg-boss writes it on a job's last failed try (docs/jobs.md "Dead letters"). */
  async function deadLetter(queue: string, data: unknown, error: string): Promise<string> {
    const { rows } = await server.db.execute<{ id: string }>(
      sql`insert into pgboss.job (name, data, output) values (${`${queue}-dead`}, ${JSON.stringify(data)}::jsonb, ${JSON.stringify({ message: error })}::jsonb) returning id::text`,
    );
    return rows[0].id;
  }

  it('lists dead letters without personal data, sends one back to its queue and discards another, audited', async () => {
    const to = `dead${Date.now()}@example.org`;
    const mailId = await deadLetter('mail', { to, subject: 'Hello', text: 'a link with a token', html: '' }, 'smtp said no');
    const refundId = await deadLetter('refund', { paymentId: newId() }, 'no provider reference yet');
    const listed = expectShape(OpsDeadJobsResponse, await support.get('/api/ops/dead-jobs'));
    const mail = listed.jobs.find((j) => j.id === mailId)!;
    expect(mail).toMatchObject({ queue: 'mail', data: {}, error: 'smtp said no' });
    expect(mail.fields.sort()).toEqual(['html', 'subject', 'text', 'to']);
    expect(JSON.stringify(listed)).not.toContain(to);
    expect(listed.jobs.find((j) => j.id === refundId)).toMatchObject({
      queue: 'refund',
      data: { paymentId: expect.any(String) },
    });
    const dash = expectShape(OpsDashboardResponse, await support.get('/api/ops/dashboard'));
    expect(dash.dead_jobs).toBeGreaterThanOrEqual(2);

    expect((await support.post(`/api/ops/dead-jobs/${mailId}/retry`)).body).toEqual({ done: true });
    await server.jobs.idle();
    const { mails } = (await new Client(server.url).get('/api/dev-mailbox.php')).body as { mails: { to: string }[] };
    expect(mails.filter((x) => x.to === to)).toHaveLength(1);
    expect((await support.post(`/api/ops/dead-jobs/${mailId}/retry`)).status).toBe(404);
    expect(await auditRows('jobs.retry', mailId)).toHaveLength(1);

    expect((await support.post(`/api/ops/dead-jobs/${refundId}/discard`)).body).toEqual({ done: true });
    const after = expectShape(OpsDeadJobsResponse, await support.get('/api/ops/dead-jobs'));
    expect(after.jobs.map((j) => j.id)).not.toContain(refundId);
    expect(after.jobs.map((j) => j.id)).not.toContain(mailId);
    expect(await auditRows('jobs.discard', refundId)).toHaveLength(1);
  });
});

describe('dashboard', () => {
  it('counts today’s signups, activations, payers, money, messages, and the oldest waiting fictional conversation', async () => {
    const read = async () => {
      const res = await support.get('/api/ops/dashboard');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const d = expectShape(OpsDashboardResponse, res);
      expect(d.days).toHaveLength(15);
      expect(d.days[14].day).toBe(new Date().toISOString().slice(0, 10));
      return d;
    };
    const start = await read();
    const m = await member();
    await new Client(server.url).post('/api/signup.php', signupInput());
    const payment = await bought(m);
    const [fictional] = await server.db.select({ id: users.id }).from(users).where(eq(users.fictional, true)).limit(1);
    const sent = await m.client.post('/api/message.php', { id: newId(), profile: fictional.id, text: 'Hello there' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await support.post(`/api/ops/members/${m.id}/payments/${payment.id}/refund`);
    const end = await read();
    const [s, e] = [start.days[14], end.days[14]];
    expect(e.signups - s.signups).toBe(2);
    expect(e.activations - s.activations).toBe(1);
    expect(e.paying_members - s.paying_members).toBe(1);
    expect(e.messages - s.messages).toBe(1);
    const eur = (d: typeof s) => d.money.find((x) => x.currency === 'EUR') ?? { payments: 0, paid: 0, refunds: 0, refunded: 0 };
    expect(eur(e).payments - eur(s).payments).toBe(1);
    expect(eur(e).paid - eur(s).paid).toBe(payment.amount);
    expect(eur(e).refunds - eur(s).refunds).toBe(1);
    expect(eur(e).refunded - eur(s).refunded).toBeGreaterThan(0);
    expect(end.oldest_waiting).not.toBeNull();
    expect(end.open_complaints).toBeGreaterThanOrEqual(0);
  });
});

describe('roles', () => {
  it('lets support and admin in, refuses moderators and operators (403), members and visitors (401); dashboard for all', async () => {
    const m = await member();
    const calls: { method: 'GET' | 'POST'; path: string; all?: boolean }[] = [
      { method: 'GET', path: '/api/ops/members?q=a' },
      { method: 'GET', path: `/api/ops/members/${m.id}` },
      { method: 'GET', path: `/api/ops/members/${m.id}/ledger` },
      { method: 'POST', path: `/api/ops/members/${m.id}/resend-activation` },
      { method: 'POST', path: `/api/ops/members/${m.id}/unlock-login` },
      { method: 'POST', path: `/api/ops/members/${m.id}/end-sessions` },
      { method: 'POST', path: `/api/ops/members/${m.id}/restore` },
      { method: 'POST', path: `/api/ops/members/${m.id}/payments/${newId()}/refund` },
      { method: 'POST', path: `/api/ops/members/${m.id}/goodwill` },
      { method: 'GET', path: '/api/ops/dead-jobs' },
      { method: 'POST', path: `/api/ops/dead-jobs/${newId()}/retry` },
      { method: 'POST', path: `/api/ops/dead-jobs/${newId()}/discard` },
      { method: 'GET', path: '/api/ops/dashboard', all: true },
    ];
    const clients: Record<string, Client> = {
      admin: (await staffClient('admin')).client,
      support: (await staffClient('support')).client,
      moderator: (await staffClient('moderator')).client,
      operator: (await staffClient('operator')).client,
      member: m.client,
      visitor: new Client(server.url),
    };
    const wrong: string[] = [];
    for (const call of calls)
      for (const [who, client] of Object.entries(clients)) {
        const res = await client.call(call.method, call.path, call.method === 'POST' ? {} : undefined);
        const refused =
          who === 'member' || who === 'visitor' ? 401 : !call.all && (who === 'moderator' || who === 'operator') ? 403 : null;
        if (refused ? res.status !== refused : res.status === 401 || res.status === 403)
          wrong.push(`${call.method} ${call.path} ${who}: ${res.status}`);
      }
    expect(wrong).toEqual([]);
  });
});
