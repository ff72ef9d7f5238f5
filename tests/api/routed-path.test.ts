// The checks on the routed path (docs/security.md): an /api or /media path the router would match only after decoding
// or normalising (percent-encoding, `//`, dot segments, case, a trailing slash, `#`, `;`, absolute form) is refused
// before its route runs, so the same-origin checks and the cache headers, keyed on the routed path, cannot be bypassed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../contract/index.ts';
import { activeMember, type Client, startServer, type TestServer } from './harness.ts';
import { rawHttp, type RawAnswer } from './fuzz/raw-http.ts';

let server: TestServer;
let member: Client;
let other: number;
beforeAll(async () => {
  server = await startServer(5);
  member = (await activeMember(server)).client;
  other = (await activeMember(server)).id;
}, 60_000);
afterAll(() => server?.close());

/** Sends `target` as the request line's target, byte for byte (fetch would normalise it), with `headers`. */
const raw = (method: string, target: string, headers: Record<string, string> = {}, body = ''): Promise<RawAnswer> =>
  rawHttp(server.url, { method, target, headers, body });

/** Expects a 404 in the error shape, for an API path with `Cache-Control: no-store`. */
function expectRefused(answer: RawAnswer, label: string, api = true): void {
  expect(answer.status, label).toBe(404);
  expect(ErrorBody.safeParse(JSON.parse(answer.body)).success, label).toBe(true);
  if (api) expect(answer.headers['cache-control'], label).toBe('no-store');
}

/** Spellings of `/api/<file>` that a router could take for it: none may reach the route. */
const variants = (file: string, host: string) => {
  const [name, ext] = file.split('.');
  return [
    `/api/${name}%2E${ext}`,
    `/%61pi/${file}`,
    `/api/${name.replace(/^./, (c) => `%${c.charCodeAt(0).toString(16)}`)}.${ext}`,
    `/api%2F${file}`,
    `//api/${file}`,
    `/api//${file}`,
    `/api/./${file}`,
    `/api/x/../${file}`,
    `/media/../api/${file}`,
    `/API/${file}`,
    `/Api/${file}`,
    `/api/${file.toUpperCase()}`,
    `/api/${file}/`,
    `/api/${file}#x`,
    `/api/${file};x`,
    `/api\\${file}`,
    `http://${host}/api/${file}`,
  ];
};

describe('API paths not in their canonical form', () => {
  it('GET /api/logout.php spelled otherwise, cross-site, does not log the member out', async () => {
    const { host } = new URL(server.url);
    for (const path of variants('logout.php', host)) {
      const answer = await raw('GET', path, { cookie: member.cookie, 'sec-fetch-site': 'cross-site' });
      expectRefused(answer, path);
      expect((await member.get('/api/user.php')).body.user, path).not.toBeNull();
    }
  });

  it('HEAD /api/logout.php (answered by the GET route) cross-site does not log the member out', async () => {
    const answer = await raw('HEAD', '/api/logout.php', { cookie: member.cookie, 'sec-fetch-site': 'cross-site' });
    expect(answer.status).toBe(403);
    expect((await member.get('/api/user.php')).body.user).not.toBeNull();
  });

  it('GET /api/auto-like.php spelled otherwise, cross-site, makes no auto-like', async () => {
    const { host } = new URL(server.url);
    for (const path of variants('auto-like.php', host))
      expectRefused(await raw('GET', path, { cookie: member.cookie, 'sec-fetch-site': 'cross-site' }), path);
  });

  it('POST /api/block.php spelled otherwise, with a foreign Origin, blocks no one', async () => {
    const { host } = new URL(server.url);
    const canonical = await raw(
      'POST',
      '/api/block.php',
      { cookie: member.cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      JSON.stringify({ profile: other }),
    );
    expect(canonical.status).toBe(403);
    for (const path of variants('block.php', host)) {
      const answer = await raw(
        'POST',
        path,
        { cookie: member.cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
        JSON.stringify({ profile: other }),
      );
      expectRefused(answer, path);
    }
    // Not blocked: unblocking answers that nothing was blocked.
    expect((await member.del('/api/block.php', { profile: other })).body).toEqual({ blocked: false });
  });

  it('personal answers are not served under another spelling, and carry no-store under their own', async () => {
    const { host } = new URL(server.url);
    for (const file of ['user.php', 'transactions.php', 'profile.php', 'settings.php']) {
      for (const path of variants(file, host)) expectRefused(await raw('GET', path, { cookie: member.cookie }), path);
      const own = await raw('GET', `/api/${file}`, { cookie: member.cookie });
      expect(own.status, file).toBe(200);
      expect(own.headers['cache-control'], file).toBe('no-store');
    }
  });

  it('media paths are refused under another spelling too', async () => {
    for (const path of ['/%6Dedia/AAAAAAAAAAAAAAAAAAAAAA.webp', '/media//AAAAAAAAAAAAAAAAAAAAAA.webp', '/MEDIA/x.webp'])
      expectRefused(await raw('GET', path), path, false);
  });

  it('canonical paths with a query still answer', async () => {
    const answer = await raw('GET', '/api/settings.php?lang=de', { cookie: member.cookie });
    expect(answer.status).toBe(200);
  });
});
