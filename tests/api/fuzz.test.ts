// Contract-driven fuzzer: valid, boundary and malformed input to every API call, anonymous and logged in; every call
// under other spellings of its path (cross-site) and other Host headers. Gates: no 5xx, every error in the
// { error: { code, message } } shape, `Cache-Control: no-store` (or private) on every 2xx/3xx answer of a call that
// is not public, no other spelling of a path reaching its call, the server healthy afterwards. Fixed seed, bounded
// runs; the counts are printed. FUZZ_RUNS raises the runs per call and identity (default 30); FUZZ_TRACE=<file>
// appends each request to that file before it is sent (to find one that hangs).
import { appendFileSync } from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import fc from 'fast-check';
import { ErrorBody } from '../../contract/index.ts';
import { activeMember, Client, startServer, type TestServer } from './harness.ts';
import { brokenOf, hostileValue, toQuery, validOf } from './fuzz/arbitraries.ts';
import { rawHttp, type RawAnswer } from './fuzz/raw-http.ts';
import { fuzzRoutes, type FuzzRoute } from './fuzz/routes.ts';
import { hostVariants, pathVariants } from './fuzz/variants.ts';

const SEED = 20261123;
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

let server: TestServer;
let member: Client;
const counts = { requests: 0, ok: 0, clientErrors: 0, serverErrors: 0, badShape: 0, cacheable: 0, variantsReached: 0 };
const failures: string[] = [];

beforeAll(async () => {
  server = await startServer(20);
  member = (await activeMember(server)).client;
}, 60_000);
afterAll(async () => {
  console.log(
    `fuzz: ${counts.requests} requests, ${counts.ok} 2xx/3xx, ${counts.clientErrors} 4xx, ${counts.serverErrors} 5xx, ${counts.badShape} errors out of shape, ` +
      `${counts.cacheable} personal answers without no-store, ${counts.variantsReached} path variants answered 2xx/3xx`,
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
  const label = `${route.method} ${route.path} ${who ? 'member' : 'visitor'} ${init.type ?? ''} ${String(init.query ?? init.body ?? '').slice(0, 120)}`;
  const stream = route.stream && res.ok;
  if (stream) await res.body?.cancel();
  const text = stream ? '' : await res.text();
  record(route, label, { status: res.status, headers: Object.fromEntries(res.headers), body: text });
}

/** Counts one answer to `route` and records the gates it fails under `label`. */
function record(route: FuzzRoute, label: string, { status, headers, body }: RawAnswer): void {
  counts.requests++;
  if (!(status >= 100)) failures.push(`no answer ${label}`);
  // An answer with data (below 400) of a call that is not public is personal: no cache may keep it.
  if (status < 400 && !route.cacheable && !/no-store|private/.test(headers['cache-control'] ?? '')) {
    counts.cacheable++;
    failures.push(`cache-control ${status} ${label}: ${headers['cache-control']}`);
  }
  if (status >= 500) {
    counts.serverErrors++;
    failures.push(`${status} ${label} -> ${body.slice(0, 200)}`);
  } else if (status >= 400) {
    counts.clientErrors++;
    let shaped = false;
    try {
      shaped = headers['content-type']?.startsWith('application/json') === true && ErrorBody.safeParse(JSON.parse(body)).success;
    } catch {
      /* not JSON */
    }
    if (!shaped) {
      counts.badShape++;
      failures.push(`shape ${status} ${label} -> ${body.slice(0, 200)}`);
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

/** One valid request of `route` (a sample of its schema): the target's query and the body with its headers. */
function validRequest(route: FuzzRoute): { query: string; body?: string; headers: Record<string, string> } {
  const [, fixedQuery] = route.path.split('?');
  const schema = route.body ?? route.query;
  const [value] = schema ? fc.sample(validOf(schema), { seed: SEED, numRuns: 1 }) : [{}];
  if (route.upload) {
    const body = `--b\r\ncontent-disposition: form-data; name="photo"; filename="x.jpg"\r\ncontent-type: image/jpeg\r\n\r\nx\r\n--b--\r\n`;
    return { query: fixedQuery ?? '', body, headers: { 'content-type': 'multipart/form-data; boundary=b' } };
  }
  if (route.body)
    return { query: fixedQuery ?? '', body: JSON.stringify(value), headers: { 'content-type': 'application/json' } };
  return { query: [fixedQuery, toQuery(value)].filter(Boolean).join('&'), headers: {} };
}

test('no other spelling of a path reaches its call, even cross-site', async () => {
  const { host } = new URL(server.url);
  // A second member for the calls that end a session: they stay logged in if no spelling of the path reached them.
  const victim = (await activeMember(server)).client;
  await server.jobs.idle();
  const watched = ['/api/blocks.php', '/api/profile.php', '/api/notifications.php', '/api/photos.php', '/api/likes.php'];
  const before = await Promise.all(watched.map(async (p) => (await member.get(p)).body));
  for (const route of fuzzRoutes) {
    const [path] = route.path.split('?');
    const { query, body, headers } = validRequest(route);
    const suffix = query ? `?${query}` : '';
    for (const who of [null, route.endsSession ? victim : member]) {
      // Cross-site, as another site's page would send it: the own spelling refuses mutations and state-changing GETs.
      const hostile: Record<string, string> = { ...headers, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
      if (who) hostile.cookie = who.cookie;
      for (const variant of pathVariants(path, host)) {
        const target = variant + suffix;
        const label = `${route.method} ${target} ${who ? 'member' : 'visitor'} cross-site`;
        const answer = await rawHttp(server.url, { method: route.method, target, headers: hostile, body });
        record(route, label, answer);
        if (answer.status < 400) {
          counts.variantsReached++;
          failures.push(`variant ${answer.status} ${label}`);
        }
      }
    }
  }
  expect(failures.slice(0, 30)).toEqual([]);
  // Nothing changed through a variant: both members logged in, the member's data as it was.
  expect((await victim.get('/api/user.php')).body.user).not.toBeNull();
  await server.jobs.idle();
  expect(await Promise.all(watched.map(async (p) => (await member.get(p)).body))).toEqual(before);
}, 600_000);

test('other Host headers (unknown, another site, another port, IP literals) make no 5xx and keep the gates', async () => {
  const { host } = new URL(server.url);
  for (const route of fuzzRoutes) {
    const [path] = route.path.split('?');
    const { query, body, headers } = validRequest(route);
    const target = query ? `${path}?${query}` : path;
    // The own spelling from the own origin; logged in only where it does not end the session.
    for (const who of route.endsSession ? [null] : [null, member]) {
      for (const other of hostVariants(host, 'de.localhost')) {
        const own: Record<string, string> = { ...headers, origin: server.url, host: other };
        if (who) own.cookie = who.cookie;
        const label = `${route.method} ${route.path} ${who ? 'member' : 'visitor'} Host: ${other}`;
        record(route, label, await rawHttp(server.url, { method: route.method, target, headers: own, body }));
      }
    }
  }
  expect(failures.slice(0, 30)).toEqual([]);
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
