// The dev tools (dev mailbox, dev SMS outbox, test payment service) answer only on this server's own Host names, so a
// page on another domain whose DNS was rebound to 127.0.0.1 reads nothing (docs/security.md: DNS rebinding).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 } from 'uuid';
import { devToolsAllowed } from '../../server/security.ts';
import { activeMember, startServer, type TestServer } from './harness.ts';

let server: TestServer;
/** A checkout page of the test payment service (its path). */
let checkout: string;
beforeAll(async () => {
  server = await startServer(0);
  const member = await activeMember(server);
  const started = await member.client.post('/api/payment.php', { id: v7(), bundle: 1, method: 'ideal' });
  expect(started.status).toBe(200);
  checkout = new URL(started.body.redirect_url).pathname;
});
afterAll(() => server.close());

/** The status of `method path` sent to the server's socket (127.0.0.1) with Host header `host`, as curl -H 'Host: ...' does. */
function statusWithHost(method: string, path: string, host: string): Promise<number> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, headers: { host, 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

/** The dev tools' calls and what each answers on an own Host (the test service's API wants its key: 401). */
const tools = (): [string, string, number][] => [
  ['GET', '/api/dev-mailbox.php', 200],
  ['GET', '/api/dev-sms.php', 200],
  ['GET', checkout, 200],
  ['GET', '/dev/psp/refunds', 200],
  ['POST', '/dev/psp/v72/sessions', 401],
];

describe('dev tools bound to their host', () => {
  it('answer 404 to another Host on the loopback socket, with or without a port', async () => {
    const { port } = new URL(server.url);
    for (const host of [`evil.example:${port}`, 'evil.example', `localhost.evil.example:${port}`, `127.0.0.1.nip.io:${port}`])
      for (const [method, path] of tools())
        expect([host, method, path, await statusWithHost(method, path, host)]).toEqual([host, method, path, 404]);
  });

  it('still answer on the PUBLIC_URL host and the loopback names, with or without a port', async () => {
    const { port } = new URL(server.url);
    for (const host of [
      `127.0.0.1:${port}`,
      'localhost',
      `localhost:${port}`,
      `de.localhost:${port}`,
      `[::1]:${port}`,
      'LocalHost',
    ])
      for (const [method, path, status] of tools())
        expect([host, method, path, await statusWithHost(method, path, host)]).toEqual([host, method, path, status]);
  });

  it('keep the Host rule with DEV_TOOLS=on, and take the PUBLIC_URL host as it is', () => {
    const config = { devTools: true, publicUrl: 'https://dev.heartline.example' };
    const asked = (host: string | undefined, ip = '203.0.113.9') => devToolsAllowed({ headers: { host }, ip } as never, config);
    expect(asked('dev.heartline.example')).toBe(true);
    expect(asked('DEV.heartline.example:443')).toBe(true);
    expect(asked('heartline.example')).toBe(false);
    expect(asked('evil.example')).toBe(false);
    expect(asked(undefined)).toBe(false);
    expect(asked('localhost@evil.example')).toBe(false);
    expect(asked('[::2]:80')).toBe(false);
    // Without DEV_TOOLS a remote client gets nothing on any Host; a loopback one only on an own Host.
    const closed = { devTools: false, publicUrl: 'https://dev.heartline.example' };
    expect(devToolsAllowed({ headers: { host: 'dev.heartline.example' }, ip: '203.0.113.9' } as never, closed)).toBe(false);
    expect(devToolsAllowed({ headers: { host: 'dev.heartline.example' }, ip: '127.0.0.1' } as never, closed)).toBe(true);
    expect(devToolsAllowed({ headers: { host: 'evil.example' }, ip: '127.0.0.1' } as never, closed)).toBe(false);
  });
});
