// Server benchmark (part of `npm run bench`): autocannon on loopback against a bare node:http route and,
// in the same run, the real server's calls, each as a ratio of the bare route's requests per second (this machine is
// noisy: ratios of one run compare, absolute numbers do not). Runs on in-memory PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set. Options (environment): BENCH_SERVER_SECONDS per run (default 3), BENCH_SERVER_ROUNDS
// (default 3; the median counts), BENCH_SERVER_CONNECTIONS (default 10), BENCH_SERVER_ONLY (words: only the calls
// whose label holds one), BENCH_SERVER_DATABASES (PGlite, PostgreSQL or both; default both when TEST_DATABASE_URL).
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import adyen from '@adyen/api-library';
import autocannon from 'autocannon';
import { v7 } from 'uuid';

/**
 * One measured call: its label, and the request autocannon repeats; `each` makes each request's body and any
 * headers of its own (a fresh message id, another sender's session).
 */
interface Case {
  label: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  each?: () => { body: string; headers?: Record<string, string> };
  /**
   * The call writes jobs (a send's push and mail): their work is part of its cost, so its rate is the requests over
   * the run and the time the job workers then take to finish them (the queue empty again), not over the run alone.
   */
  jobs?: true;
}

/**
 * The throughput goals on PostgreSQL, as a share of the bare route's requests per second. The send's is for sends from
 * many members at once (the server's capacity); one member's sends queue behind that member's row lock.
 */
const GOALS: Record<string, number> = {
  'sync.php 304': 0.4,
  'chats.php': 0.15,
  'members.php search': 0.15,
  'message send (many members)': 0.08,
};

/** Sender and recipient pairs of the many-member send: with 10 connections, two sends of one member rarely overlap. */
const SEND_PAIRS = 20;

/**
 * Requests per second (median of the rounds) of each case, each as a ratio of the bare route's, and the statements
 * sent to PostgreSQL per request (all rounds; null on PGlite, whose statements are not counted).
 */
export interface ServerBenchResult {
  database: string;
  rows: { label: string; rps: number; ratio: number; statements: number | null }[];
  /** Time of one request (ms, one at a time, median of 5) of the chat list and the snapshot by number of conversations. */
  growth: { conversations: number; chatsMs: number; snapshotMs: number }[];
}

/** Resolves once the app process's job queue is empty and no job runs (its IPC answer). */
function jobsDone(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('message', () => resolve());
    child.send({ idle: true });
  });
}

/** The statements the app process sent to PostgreSQL so far (its IPC answer). */
function statementsOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve((m as { statements: number }).statements));
    child.send('count');
  });
}

const num = (v: string | undefined, d: number) => (v && Number(v) > 0 ? Number(v) : d);

/**
 * Starts a bench target process (server-bench-target.ts: `bare` or `app`) with `nodeArgs` (e.g. `--cpu-prof`) and
 * resolves once it listens, with its URL and (app) the test payment service's HMAC key.
 */
export async function startTarget(
  mode: 'bare' | 'app',
  env: NodeJS.ProcessEnv,
  nodeArgs: string[] = [],
): Promise<{ url: string; hmacKey?: string; child: ChildProcess }> {
  // Its stderr is shown only when it fails to start (at the end, deferred pushes of aborted sends log noise).
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'tests/perf/server-bench-target.ts', mode], {
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith('{')) return { ...(JSON.parse(line) as { url: string; hmacKey?: string }), child };
  }
  throw new Error(`bench target ${mode} did not start: ${stderr}`);
}

/** Logs a demo member in (password `demo-password`): its session cookie (`sid=…`) and id. */
export async function login(url: string, email: string): Promise<{ cookie: string; id: number }> {
  const res = await fetch(`${url}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: 'demo-password' }),
  });
  const body = (await res.json()) as { user: { id: number } };
  return {
    cookie: res.headers
      .getSetCookie()
      .find((c) => c.startsWith('sid='))!
      .split(';')[0],
    id: body.user.id,
  };
}

/**
 * A signed AUTHORISATION notification (HMAC as Adyen and the test service sign it) of a payment the member started
 * and that this notification settled: the body the bench posts again and again.
 */
async function settledPaymentWebhook(
  url: string,
  json: Record<string, string>,
  cookie: string,
  hmacKey: string,
): Promise<string> {
  const res = await fetch(`${url}/api/payment.php`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ id: v7(), bundle: 1, method: 'visa' }),
  });
  const { payment } = (await res.json()) as { payment: { id: string; amount: number; currency: string } };
  const item = {
    additionalData: {} as Record<string, string>,
    amount: { value: payment.amount, currency: payment.currency },
    eventCode: 'AUTHORISATION',
    merchantAccountCode: 'HeartlineTestMerchant',
    merchantReference: payment.id,
    pspReference: 'BENCH0000000001',
    success: 'true',
  };
  item.additionalData.hmacSignature = new adyen.hmacValidator().calculateHmac(item as never, hmacKey);
  const body = JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem: item }] });
  await fetch(`${url}/api/payment-webhook.php`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return body;
}

/** The member's current sync cursor and its ETag: the sync followed page by page until `more` is false. */
async function syncHead(url: string, cookie: string, since?: number): Promise<{ etag: string; cursor: number }> {
  for (;;) {
    const res = await fetch(`${url}/api/sync.php${since === undefined ? '' : `?since=${since}`}`, { headers: { cookie } });
    const body = (await res.json()) as { cursor: number; more: boolean };
    if (!body.more) return { etag: res.headers.get('etag')!, cursor: body.cursor };
    since = body.cursor;
  }
}

function run(
  url: string,
  c: Case,
  seconds: number,
  connections: number,
): Promise<{ rps: number; total: number; latency: number }> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: url + c.path,
        method: c.method ?? 'GET',
        headers: c.headers,
        connections,
        duration: seconds,
        requests: c.each
          ? [
              {
                setupRequest: (req) => {
                  const { body, headers } = c.each!();
                  return { ...req, body, headers: { ...req.headers, ...headers } };
                },
              },
            ]
          : undefined,
      },
      (err, result) => {
        if (err) return reject(err);
        // The conditional sync must answer 304 every time (else it measured snapshots), every other call 2xx.
        const good = c.label.includes('304') ? result['3xx'] : result['2xx'];
        if (good !== result.requests.total || result.errors)
          return reject(
            new Error(
              `${c.label}: ${result.requests.total - good} unexpected answers of ${result.requests.total}: ${JSON.stringify(result.statusCodeStats)}`,
            ),
          );
        resolve({ rps: result.requests.average, total: result.requests.total, latency: result.latency.average });
      },
    );
  });
}

/** Runs the benchmark on one database (`env` carries TEST_DATABASE_URL for PostgreSQL). */
export async function benchServer(
  database: string,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void = () => {},
): Promise<ServerBenchResult> {
  const seconds = num(process.env.BENCH_SERVER_SECONDS, 3);
  const rounds = num(process.env.BENCH_SERVER_ROUNDS, 3);
  const connections = num(process.env.BENCH_SERVER_CONNECTIONS, 10);
  const bare = await startTarget('bare', env);
  const app = await startTarget('app', env);
  try {
    const sender = await login(app.url, 'sanne@demo.test');
    const recipient = await login(app.url, 'lucas@demo.test');
    const json = { 'content-type': 'application/json', origin: app.url };
    await fetch(`${app.url}/api/message.php`, {
      method: 'POST',
      headers: { ...json, cookie: sender.cookie },
      body: JSON.stringify({ id: v7(), profile: recipient.id, text: 'hello' }),
    });
    const member = { cookie: sender.cookie };
    const webhook = await settledPaymentWebhook(app.url, json, member.cookie, app.hmacKey!);
    // The many-member send: each request from the next of SEND_PAIRS senders to their own recipient, in a conversation
    // their first message started (as the one-member send's).
    const pairs = await new Promise<{ email: string; recipient: number }[]>((resolve) => {
      app.child.once('message', (m) => resolve((m as { pairs: { email: string; recipient: number }[] }).pairs));
      app.child.send({ pairs: SEND_PAIRS });
    });
    const senders = await Promise.all(
      pairs.map(async ({ email, recipient }) => {
        const { cookie } = await login(app.url, email);
        await fetch(`${app.url}/api/message.php`, {
          method: 'POST',
          headers: { ...json, cookie },
          body: JSON.stringify({ id: v7(), profile: recipient, text: 'hello' }),
        });
        return { cookie, recipient };
      }),
    );
    let nextSender = 0;
    let { etag, cursor } = await syncHead(app.url, member.cookie);
    const cases: Case[] = [
      { label: 'bare node:http', path: '/' },
      { label: 'settings.php', path: '/api/settings.php' },
      { label: 'user.php (logged in)', path: '/api/user.php', headers: member },
      { label: 'sync.php 304', path: '/api/sync.php', headers: { ...member, 'if-none-match': etag } },
      // The delta of the last change (the common case of a page that was up to date).
      { label: 'sync.php delta', path: `/api/sync.php?since=${Math.max(cursor - 1, 0)}`, headers: member },
      { label: 'sync.php snapshot', path: '/api/sync.php', headers: member },
      { label: 'chats.php', path: '/api/chats.php', headers: member },
      { label: 'members.php search', path: '/api/members.php', headers: member },
      // Adyen resends notifications; each is verified (HMAC) and applied idempotently (the payment is settled already).
      {
        label: 'payment webhook',
        path: '/api/payment-webhook.php',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        each: () => ({ body: webhook }),
      },
      // All from one member to one member: they queue behind the sender's row lock (its rate is round trips in a row).
      {
        label: 'message send (one member)',
        path: '/api/message.php',
        method: 'POST',
        headers: { ...json, ...member },
        jobs: true,
        each: () => ({ body: JSON.stringify({ id: v7(), profile: recipient.id, text: 'Benchmark message' }) }),
      },
      {
        label: 'message send (many members)',
        path: '/api/message.php',
        method: 'POST',
        headers: json,
        jobs: true,
        each: () => {
          const { cookie, recipient } = senders[nextSender++ % senders.length];
          return { body: JSON.stringify({ id: v7(), profile: recipient, text: 'Benchmark message' }), headers: { cookie } };
        },
      },
    ];
    // BENCH_SERVER_ONLY=sync,chats: only the calls whose label contains one of these words (and the bare route).
    const only = process.env.BENCH_SERVER_ONLY?.split(',').filter(Boolean);
    if (only) cases.splice(0, cases.length, ...cases.filter((c, i) => i === 0 || only.some((w) => c.label.includes(w))));
    const conditional = cases.find((c) => c.label === 'sync.php 304');
    const delta = cases.find((c) => c.label === 'sync.php delta');
    const samples = new Map<string, number[]>(cases.map((c) => [c.label, []]));
    const counted = new Map<string, { statements: number; requests: number }>(
      cases.map((c) => [c.label, { statements: 0, requests: 0 }]),
    );
    for (let round = 0; round < rounds; round++) {
      for (const c of cases) {
        // The send changes the log, so it runs last in a round; the conditional sync uses the etag of its round.
        const before = await statementsOf(app.child);
        const started = performance.now();
        const { rps: served, total } = await run(c === cases[0] ? bare.url : app.url, c, seconds, connections);
        if (c.jobs) await jobsDone(app.child);
        const rps = c.jobs ? total / ((performance.now() - started) / 1000) : served;
        const count = counted.get(c.label)!;
        count.statements += (await statementsOf(app.child)) - before;
        count.requests += total;
        samples.get(c.label)!.push(rps);
      }
      log(`${database}: round ${round + 1} of ${rounds} done`);
      // The sends moved the log: the next round's conditional sync names the new etag, once the sends autocannon
      // left in flight have all landed (the cursor stands still).
      for (let previous = -1; previous !== cursor; await new Promise((r) => setTimeout(r, 300))) {
        previous = cursor;
        ({ etag, cursor } = await syncHead(app.url, member.cookie, cursor));
      }
      if (conditional) conditional.headers = { ...member, 'if-none-match': etag };
      if (delta) delta.path = `/api/sync.php?since=${Math.max(cursor - 1, 0)}`;
    }
    const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
    const base = median(samples.get(cases[0].label)!);
    // Growth: a member with 10, 100 and 1,000 conversations; the mean time of the chat list and the sync snapshot.
    const growth: ServerBenchResult['growth'] = [];
    if (!only || only.some((w) => 'growth'.includes(w))) {
      for (const n of [10, 100, 1000]) {
        const { email } = await new Promise<{ email: string }>((resolve) => {
          app.child.once('message', (m) => resolve(m as { email: string }));
          app.child.send({ grow: n });
        });
        const viewer = { cookie: (await login(app.url, email)).cookie };
        // One request at a time (the time of one answer, not of a queue): 5 of each, the median.
        const ms = async (path: string) => {
          const times: number[] = [];
          for (let i = 0; i < 5; i++) {
            const t = performance.now();
            const res = await fetch(app.url + path, { headers: viewer });
            await res.arrayBuffer();
            if (!res.ok) throw new Error(`growth ${path}: ${res.status}`);
            times.push(performance.now() - t);
          }
          return median(times);
        };
        growth.push({ conversations: n, chatsMs: await ms('/api/chats.php'), snapshotMs: await ms('/api/sync.php') });
        log(`${database}: growth with ${n} conversations done`);
      }
    }
    const perRequest = (label: string) => {
      const { statements, requests } = counted.get(label)!;
      return label === cases[0].label || statements === 0 ? null : statements / requests;
    };
    return {
      database,
      rows: cases.map((c) => ({
        label: c.label,
        rps: median(samples.get(c.label)!),
        ratio: median(samples.get(c.label)!) / base,
        statements: perRequest(c.label),
      })),
      growth,
    };
  } finally {
    bare.child.kill('SIGTERM');
    app.child.kill('SIGTERM');
  }
}

/**
 * A table of the results: one row per call, per database requests/s and % of bare, and statements per request where
 * they were counted (PostgreSQL; the job queue's own polling adds a few hundredths); then each goal (GOALS) measured
 * on PostgreSQL, met or not.
 */
export function formatServerBench(results: ServerBenchResult[]): string {
  const stmts = (r: ServerBenchResult) => r.rows.some((row) => row.statements !== null);
  const head = `| call | ${results.map((r) => `${r.database} req/s | ${r.database} % of bare${stmts(r) ? ` | ${r.database} statements/request` : ''}`).join(' | ')} |`;
  const rule = `|---|${results.map((r) => (stmts(r) ? '---:|---:|---:' : '---:|---:')).join('|')}|`;
  const rows = results[0].rows.map(
    (row, i) =>
      `| ${row.label} | ${results
        .map((r) => {
          const cell = r.rows[i];
          const counted = stmts(r) ? ` | ${cell.statements === null ? '' : cell.statements.toFixed(1)}` : '';
          return `${Math.round(cell.rps)} | ${(cell.ratio * 100).toFixed(1)}%${counted}`;
        })
        .join(' | ')} |`,
  );
  const goals = results
    .filter((r) => r.database === 'PostgreSQL')
    .flatMap((r) =>
      r.rows
        .filter((row) => GOALS[row.label])
        .map(
          (row) =>
            `${row.label}: ${(row.ratio * 100).toFixed(1)}% of bare, goal ${GOALS[row.label] * 100}%: ${row.ratio >= GOALS[row.label] ? 'met' : 'NOT met'}`,
        ),
    );
  if (goals.length) goals.unshift('\nGoals on PostgreSQL:');
  const growth = results
    .filter((r) => r.growth.length)
    .map((r) =>
      [
        `\n${r.database}: time of one request (median of 5, one at a time) by the member's number of conversations`,
        '| conversations | chats.php | sync.php snapshot |',
        '|---:|---:|---:|',
        ...r.growth.map((g) => `| ${g.conversations} | ${g.chatsMs.toFixed(1)} ms | ${g.snapshotMs.toFixed(1)} ms |`),
      ].join('\n'),
    );
  return [head, rule, ...rows, ...goals, ...growth].join('\n');
}
