// Contract-driven fuzzer: valid, boundary and malformed input to every API call, anonymous and logged in.
// Gates: no 5xx, every error in the { error: { code, message } } shape, the server healthy afterwards. Fixed seed,
// bounded runs; the counts are printed. FUZZ_RUNS raises the runs per call and identity (default 30); FUZZ_TRACE=<file>
// appends each request to that file before it is sent (to find one that hangs).
import { appendFileSync } from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import fc from 'fast-check';
import { ErrorBody } from '../../contract/index.ts';
import { activeMember, Client, startServer, type TestServer } from './harness.ts';
import { brokenOf, hostileValue, toQuery, validOf } from './fuzz/arbitraries.ts';
import { fuzzRoutes, type FuzzRoute } from './fuzz/routes.ts';

const SEED = 20261123;
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

let server: TestServer;
let member: Client;
const counts = { requests: 0, ok: 0, clientErrors: 0, serverErrors: 0, badShape: 0 };
const failures: string[] = [];

beforeAll(async () => {
  server = await startServer(20);
  member = (await activeMember(server)).client;
}, 60_000);
afterAll(async () => {
  console.log(
    `fuzz: ${counts.requests} requests, ${counts.ok} 2xx/3xx, ${counts.clientErrors} 4xx, ${counts.serverErrors} 5xx, ${counts.badShape} errors out of shape`,
  );
  await server?.close();
});

/** Sends one request and records what the gates look at; never throws for an answer. */
async function send(
  route: FuzzRoute,
  who: Client | null,
  init: { query?: string; body?: BodyInit; type?: string },
): Promise<void> {
  const [path, fixedQuery] = route.path.split('?');
  const query = [fixedQuery, init.query].filter(Boolean).join('&');
  const headers: Record<string, string> = { origin: server.url };
  if (who?.cookie) headers.cookie = who.cookie;
  if (init.type) headers['content-type'] = init.type;
  if (process.env.FUZZ_TRACE)
    appendFileSync(
      process.env.FUZZ_TRACE,
      `> ${route.method} ${route.path} ${who ? 'member' : 'visitor'} ${init.type} ${String(init.query ?? init.body ?? '').slice(0, 80)}\n`,
    );
  const res = await fetch(`${server.url}${path}${query ? `?${query}` : ''}`, {
    method: route.method,
    headers,
    body: init.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  });
  counts.requests++;
  const label = `${route.method} ${route.path} ${who ? 'member' : 'visitor'} ${init.type ?? ''} ${String(init.query ?? init.body ?? '').slice(0, 120)}`;
  if (route.stream && res.ok) {
    await res.body?.cancel();
    counts.ok++;
    return;
  }
  const text = await res.text();
  if (res.status >= 500) {
    counts.serverErrors++;
    failures.push(`${res.status} ${label} -> ${text.slice(0, 200)}`);
  } else if (res.status >= 400) {
    counts.clientErrors++;
    let shaped = false;
    try {
      shaped =
        res.headers.get('content-type')?.startsWith('application/json') === true && ErrorBody.safeParse(JSON.parse(text)).success;
    } catch {
      /* not JSON */
    }
    if (!shaped) {
      counts.badShape++;
      failures.push(`shape ${res.status} ${label} -> ${text.slice(0, 200)}`);
    }
  } else counts.ok++;
}

const bodyTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/xml',
];
const rawBodies = [
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '"x"',
  '\uFEFF{}',
  '{"__proto__":{"x":1}}',
  '{"a":1,"a":2}',
  'x'.repeat(2_000_000),
];
const rawQueries = [
  'id=%00',
  'id=%ED%A0%80',
  'id=%ZZ',
  'id[]=1',
  'id=1&id=2',
  'since=1e400',
  'page=-0',
  'profile=0x10',
  '&&&',
  '=x',
  'a'.repeat(5000) + '=1',
];

async function fuzzRoute(route: FuzzRoute, who: Client | null): Promise<void> {
  const schema = route.body ?? route.query;
  const inputs = schema ? fc.oneof(validOf(schema), brokenOf(validOf(schema)), hostileValue) : hostileValue;
  const samples = fc.sample(inputs, { seed: SEED + route.path.length, numRuns: RUNS });
  for (const value of samples) {
    if (route.body) await send(route, who, { body: JSON.stringify(value) ?? 'null', type: 'application/json' });
    else if (route.upload) {
      const form = new FormData();
      form.append('photo', new Blob([JSON.stringify(value) ?? '']), 'x.jpg');
      await send(route, who, { body: form });
    } else await send(route, who, { query: toQuery(value) });
  }
  if (route.method !== 'GET')
    for (const [i, raw] of rawBodies.entries()) await send(route, who, { body: raw, type: bodyTypes[i % bodyTypes.length] });
  for (const raw of rawQueries) await send(route, who, { query: raw });
}

test('every registered API route is in the fuzzer table', () => {
  const listed = new Set(fuzzRoutes.map((r) => `${r.method} ${r.path.split('?')[0]}`));
  const registered = [...server.app.printRoutes({ commonPrefix: false }).matchAll(/(\/\S*?) \(([A-Z, ]+)\)/g)].flatMap(
    ([, url, methods]) =>
      methods
        .split(', ')
        .filter((m) => m !== 'HEAD')
        .map((m) => `${m} ${url}`),
  );
  const missing = registered.filter((r) => / \/(api|media)\//.test(r) && !listed.has(r.replace(':file', 'x.webp')));
  expect(registered.length).toBeGreaterThan(40);
  expect(missing).toEqual([]);
});

test('no input makes the server answer 5xx or an error out of shape, anonymous or logged in', async () => {
  for (const route of fuzzRoutes) {
    await fuzzRoute(route, null);
    if (!route.endsSession) await fuzzRoute(route, member);
  }
  expect(failures.slice(0, 30)).toEqual([]);
  // Still healthy: the site answers, the member is still logged in.
  expect((await member.get('/api/settings.php')).status).toBe(200);
  expect((await member.get('/api/user.php')).body.user).not.toBeNull();
}, 600_000);

/** Sends raw bytes on a socket and answers the status line and the body (what Node and Fastify do before routing). */
function rawRequest(bytes: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(bytes));
    let data = '';
    socket.on('data', (d) => (data += d.toString('latin1')));
    socket.on('end', () =>
      resolve({ status: Number(data.split(' ', 2)[1]), body: data.split('\r\n\r\n').slice(1).join('\r\n\r\n') }),
    );
    socket.on('error', reject);
  });
}

test('the HTTP layer answers oversized or broken requests in the error shape', async () => {
  const cases = [
    `GET /api/settings.php HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    `GET /api/member.php?id=${'1'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    `GET /api/settings.php HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\nConnection: close\r\n\r\n`,
    `POST /api/user.php HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n`,
    `GARBAGE\r\n\r\n`,
  ];
  for (const raw of cases) {
    const { status, body } = await rawRequest(raw);
    expect(status, raw.slice(0, 60)).toBeGreaterThanOrEqual(400);
    expect(status, raw.slice(0, 60)).toBeLessThan(500);
    expect(ErrorBody.safeParse(JSON.parse(body)).success, `${raw.slice(0, 60)} -> ${body}`).toBe(true);
  }
  const big = await fetch(`${server.url}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: 'x'.repeat(2_000_000) }),
  });
  expect(big.status).toBe(413);
  expect(ErrorBody.safeParse(await big.json()).success).toBe(true);
});
