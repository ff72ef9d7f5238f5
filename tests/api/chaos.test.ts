// Faults: the real server as a separate process, killed with SIGKILL during a bounded stream of message
// sends and restarted on the same data (embedded PGlite on disk, or PostgreSQL with TEST_DATABASE_URL): nothing
// acknowledged is lost, nothing is doubled, a retry of the sends in flight debits once, the ledger matches the
// balance, and the database opens cleanly. The same for a stream of payment webhooks: each payment completes once.
// Jobs written before a kill -9 run after the restart, once. And a graceful shutdown: SIGTERM ends the live streams
// and exits 0; a SIGTERM during sends answers the requests under way, says draining on /readyz, loses nothing and
// exits within DRAIN_TIMEOUT_MS.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sum } from 'drizzle-orm';
import { authorisationBody } from './psp-webhook.ts';
import { openDatabase } from '../../server/db/connect.ts';
import { creditLedger, messages, meta, payments, users } from '../../server/db/schema.ts';
import { freePort, startServerProcess } from '../server-process.ts';
import { Client, freshPostgres, newId } from './harness.ts';

const ROUNDS = 3;
/** Sends acknowledged per round before the kill (the stream goes on while it dies). */
const ACKS_BEFORE_KILL = 6;
const CONCURRENCY = 3;

/** The databases the faults run on: embedded PGlite always, PostgreSQL too when TEST_DATABASE_URL is set (CI). */
const DATABASES = ['PGlite', ...(process.env.TEST_DATABASE_URL ? ['PostgreSQL'] : [])];

/** Starts `server/main.ts` on the data (`dataDir`, or the PostgreSQL database `pg`). */
const startProcess = (dataDir: string, pg: { url: string } | null, env: Record<string, string> = {}) =>
  startServerProcess({
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DIST_DIR: '/nonexistent',
    SEED_MEMBERS: '5',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
    ...env,
  });

/** The dev-mailbox mails to `to` (the server answers the mailbox to loopback). */
async function mailsTo(url: string, to: string): Promise<{ to: string; subject: string }[]> {
  const { mails } = (await new Client(url).get('/api/dev-mailbox.php')).body as { mails: { to: string; subject: string }[] };
  return mails.filter((m) => m.to === to);
}

async function login(url: string, email: string): Promise<Client> {
  const client = new Client(url);
  const res = await client.post('/api/user.php', { email, password: 'demo-password' });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`);
  return client;
}

describe.each(DATABASES)('faults on %s', (database) => {
  let dataDir: string;
  let pg: Awaited<ReturnType<typeof freshPostgres>> = null;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'chaos-'));
    if (database === 'PostgreSQL') pg = await freshPostgres();
  });
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await pg?.drop();
  });

  it(`kill -9 during sends, ${ROUNDS} rounds: nothing acknowledged lost, nothing doubled, credits match`, async () => {
    const acknowledged = new Set<string>();
    let recipient = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const server = await startProcess(dataDir, pg);
      const sender = await login(server.url, 'sanne@demo.test');
      recipient ||= (await (await login(server.url, 'lucas@demo.test')).get('/api/user.php')).body.user.id;
      const inFlight = new Set<string>();
      let acks = 0;
      let killed = false;
      // A bounded stream: CONCURRENCY senders, each sending until the server dies.
      const sendOne = async (): Promise<void> => {
        while (!killed) {
          const id = newId();
          inFlight.add(id);
          const res = await sender
            .post('/api/message.php', { id, profile: recipient, text: `chaos ${round} ${id}` })
            .catch(() => null);
          if (res?.status === 200) {
            inFlight.delete(id);
            acknowledged.add(id);
            if (++acks === ACKS_BEFORE_KILL) {
              killed = true;
              server.child.kill('SIGKILL');
            }
          } else if (res) throw new Error(`send answered ${res.status}: ${JSON.stringify(res.body)}`);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, sendOne));
      await server.exited;

      // Restart on the same data; the app retries what was in flight (the outbox does), with the same ids.
      const again = await startProcess(dataDir, pg);
      const retry = await login(again.url, 'sanne@demo.test');
      for (const id of inFlight) {
        const res = await retry.post('/api/message.php', { id, profile: recipient, text: `chaos ${round} ${id}` });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        acknowledged.add(id);
      }
      again.child.kill('SIGTERM');
      expect(await again.exited, again.stderr()).toBe(0);
    }

    // The database opens cleanly and holds each acknowledged message once; the ledger explains the balance.
    const { db, close } = await openDatabase({ dataDir, databaseUrl: pg?.url ?? null });
    try {
      const [sanne] = await db.select().from(users).where(eq(users.email, 'sanne@demo.test'));
      const rows = await db.select({ id: messages.id }).from(messages).where(eq(messages.senderId, sanne.id));
      const ids = rows.map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(ids)).toEqual(acknowledged);
      const [{ total }] = await db
        .select({ total: sum(creditLedger.delta) })
        .from(creditLedger)
        .where(eq(creditLedger.userId, sanne.id));
      expect(Number(total)).toBe(sanne.credits);
      const debits = await db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, sanne.id), eq(creditLedger.reason, 'message')));
      expect(debits).toHaveLength(acknowledged.size);
      expect(sanne.credits).toBe(500 - 10 * acknowledged.size);
      console.log(
        `chaos on ${database}: ${ROUNDS} kill -9 rounds, ${acknowledged.size} messages acknowledged or retried, 0 lost, 0 doubled, balance ${sanne.credits} = ledger`,
      );
    } finally {
      await close();
    }
  }, 300_000);

  it('kill -9 between the commit and the send: the mails go out after the restart, once', async () => {
    // Without workers the jobs stay written and unsent, as when a server dies right after the commit.
    const server = await startProcess(dataDir, pg, { JOB_WORKERS: 'off' });
    const email = `crash.${Date.now()}@example.org`;
    const signup = await new Client(server.url).post('/api/signup.php', {
      email,
      name: `Crash${Date.now() % 1e6}`,
      password: 'a long enough password',
      date_of_birth: '1990-01-01',
      gender: 'male',
      sexuality: 'hetero',
      country: 'NL',
    });
    expect(signup.status).toBe(201);
    expect((await new Client(server.url).post('/api/password-reset.php', { email: 'lucas@demo.test' })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailsTo(server.url, email)).toEqual([]);
    server.child.kill('SIGKILL');
    await server.exited;

    const again = await startProcess(dataDir, pg);
    for (
      let i = 0;
      i < 100 && (await mailsTo(again.url, 'lucas@demo.test')).length + (await mailsTo(again.url, email)).length < 2;
      i++
    ) {
      await new Promise((r) => setTimeout(r, 100));
    }
    // A moment more for a second send that must not come.
    await new Promise((r) => setTimeout(r, 1000));
    expect((await mailsTo(again.url, email)).map((m) => m.subject)).toEqual([expect.stringContaining('Activate')]);
    expect((await mailsTo(again.url, 'lucas@demo.test')).map((m) => m.subject)).toEqual([expect.stringContaining('Reset')]);
    again.child.kill('SIGTERM');
    expect(await again.exited, again.stderr()).toBe(0);
  }, 120_000);

  it('kill -9 during a stream of payment webhooks: each payment completes once, the ledger matches', async () => {
    // The test payment service's keys, fixed before the server first makes them, so this test signs like the service.
    const keys = { apiKey: 'chaos-api-key', hmacKey: 'c0ffee'.repeat(10) + 'c0ffee01' };
    {
      const { db, close } = await openDatabase({ dataDir, databaseUrl: pg?.url ?? null });
      await db
        .insert(meta)
        .values({ key: 'test-psp-keys', value: keys })
        .onConflictDoUpdate({ target: meta.key, set: { value: keys } });
      await close();
    }
    const server = await startProcess(dataDir, pg);
    const buyer = await login(server.url, 'lucas@demo.test');
    const buyerId = (await buyer.get('/api/user.php')).body.user.id as number;
    const started: { id: string; amount: number; currency: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await buyer.post('/api/payment.php', { id: newId(), bundle: 1, method: 'visa' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      started.push(res.body.payment);
    }
    const post = (url: string, p: (typeof started)[number]) =>
      fetch(`${url}/api/payment-webhook.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: authorisationBody(p, `PSP${p.id.slice(-12)}`, keys.hmacKey),
      })
        .then(async (r) => r.ok && (await r.text()) === '[accepted]')
        .catch(() => false);
    // The provider's stream: every notification twice, concurrently; the server dies after the 6th acknowledgement.
    const accepted = new Set<string>();
    let acks = 0;
    await Promise.all(
      [...started, ...started].map(async (p) => {
        if (await post(server.url, p)) {
          accepted.add(p.id);
          if (++acks === 6) server.child.kill('SIGKILL');
        }
      }),
    );
    await server.exited;

    // Adyen sends what was not acknowledged again, and may repeat what was.
    const again = await startProcess(dataDir, pg);
    for (const p of started) expect(await post(again.url, p)).toBe(true);
    again.child.kill('SIGTERM');
    expect(await again.exited, again.stderr()).toBe(0);

    const { db, close } = await openDatabase({ dataDir, databaseUrl: pg?.url ?? null });
    try {
      const rows = await db.select().from(payments).where(eq(payments.userId, buyerId));
      expect(rows.filter((r) => started.some((p) => p.id === r.id)).map((r) => r.status)).toEqual(started.map(() => 'completed'));
      const grants = await db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, buyerId), eq(creditLedger.reason, 'purchase')));
      expect(grants.map((g) => g.idempotencyKey).sort()).toEqual(started.map((p) => `payment:${p.id}`).sort());
      const [lucas] = await db.select().from(users).where(eq(users.id, buyerId));
      const [{ total }] = await db
        .select({ total: sum(creditLedger.delta) })
        .from(creditLedger)
        .where(eq(creditLedger.userId, buyerId));
      expect(Number(total)).toBe(lucas.credits);
      expect(lucas.paidUser).toBe(true);
      console.log(
        `chaos on ${database}: kill -9 after ${acks >= 6 ? 6 : acks} of ${started.length * 2} webhooks, ${accepted.size} payments acknowledged before; all ${started.length} completed once, balance ${lucas.credits} = ledger`,
      );
    } finally {
      await close();
    }
  }, 180_000);

  it('SIGTERM during sends: running requests answered, /readyz 503 draining, nothing lost or doubled, exit within the bound', async () => {
    const drainMs = 5_000;
    const metricsPort = await freePort();
    const server = await startProcess(dataDir, pg, { DRAIN_TIMEOUT_MS: String(drainMs), METRICS_PORT: String(metricsPort) });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const sender = await login(server.url, 'sanne@demo.test');
    const recipient = (await (await login(server.url, 'lucas@demo.test')).get('/api/user.php')).body.user.id as number;
    expect(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()).toContain(
      'heartline_http_request_duration_seconds_count{route="/api/user.php",method="GET",status_class="2xx"}',
    );

    // A send under way when the signal comes, its body arriving in two parts; and /readyz, its request begun before
    // the signal on a connection of its own and finished after it (the drain accepts no new connection).
    const slowId = newId();
    const body = JSON.stringify({ id: slowId, profile: recipient, text: `drain ${slowId}` });
    const raw = connect(server.port, '127.0.0.1');
    let answers = '';
    raw.on('data', (d) => (answers += d));
    const rawEnded = new Promise((resolve) => raw.on('close', resolve));
    const probe = connect(server.port, '127.0.0.1');
    let readyAnswer = '';
    probe.on('data', (d) => (readyAnswer += d));
    const probeEnded = new Promise((resolve) => probe.on('close', resolve));
    probe.write(`GET /readyz HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`);
    raw.write(
      `POST /api/message.php HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${server.url}\r\nCookie: ${sender.cookie}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );

    const acknowledged = new Set<string>();
    const inFlight = new Set<string>();
    let signalled = 0;
    let stopped = false;
    const sendOne = async (): Promise<void> => {
      while (!stopped) {
        const id = newId();
        inFlight.add(id);
        const res = await sender.post('/api/message.php', { id, profile: recipient, text: `drain ${id}` }).catch(() => null);
        if (res?.status === 200) {
          inFlight.delete(id);
          acknowledged.add(id);
          if (acknowledged.size === ACKS_BEFORE_KILL && !signalled) {
            signalled = Date.now();
            server.child.kill('SIGTERM');
          }
        } else stopped = true;
      }
    };
    const senders = Promise.all(Array.from({ length: CONCURRENCY }, sendOne));
    while (!signalled) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 200));
    raw.write(body.slice(10));
    probe.write('\r\n');
    await senders;
    const code = await server.exited;
    const took = Date.now() - signalled;
    await Promise.all([rawEnded, probeEnded]);
    expect(code, server.stderr()).toBe(0);
    expect(took).toBeLessThan(drainMs);
    expect(answers).toMatch(/^HTTP\/1\.1 200 /);
    acknowledged.add(slowId);
    expect(readyAnswer).toMatch(/^HTTP\/1\.1 503 /);
    expect(readyAnswer).toContain('{"status":"draining"}');

    // The app retries what got no answer, with the same ids, on the next start.
    const again = await startProcess(dataDir, pg);
    const retry = await login(again.url, 'sanne@demo.test');
    for (const id of inFlight) {
      const res = await retry.post('/api/message.php', { id, profile: recipient, text: `drain ${id}` });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      acknowledged.add(id);
    }
    again.child.kill('SIGTERM');
    expect(await again.exited, again.stderr()).toBe(0);
    const { db, close } = await openDatabase({ dataDir, databaseUrl: pg?.url ?? null });
    try {
      const rows = await db
        .select({ id: messages.id })
        .from(messages)
        .where(inArray(messages.id, [...acknowledged]));
      expect(rows.map((r) => r.id).sort()).toEqual([...acknowledged].sort());
      console.log(
        `chaos on ${database}: SIGTERM after ${ACKS_BEFORE_KILL} sends, drained in ${took} ms; ${acknowledged.size} messages acknowledged or retried, 0 lost, 0 doubled`,
      );
    } finally {
      await close();
    }
  }, 180_000);

  it('SIGTERM ends the live streams, closes the database and exits 0', async () => {
    const server = await startProcess(dataDir, pg);
    const member = await login(server.url, 'lucas@demo.test');
    const stream = await fetch(`${server.url}/api/events.php`, { headers: { cookie: member.cookie } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await reader.read();
    server.child.kill('SIGTERM');
    const drained = (async () => {
      for (;;) if ((await reader.read()).done) return 'ended';
    })();
    expect(await drained).toBe('ended');
    expect(await server.exited, server.stderr()).toBe(0);
    // Closed cleanly: the next start opens the same data at once.
    const next = await startProcess(dataDir, pg);
    expect((await (await login(next.url, 'lucas@demo.test')).get('/api/user.php')).body.user.email).toBe('lucas@demo.test');
    next.child.kill('SIGTERM');
    expect(await next.exited, next.stderr()).toBe(0);
  }, 120_000);
});
