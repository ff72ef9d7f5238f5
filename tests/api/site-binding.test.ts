// A session is bound to its member's site: on another site's Host it is no session at all (as logged out), whether
// its lookup comes from the database or from the session cache (docs/security.md: sessions bound to their site).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites, users } from '../../server/db/schema.ts';
import { activeMember, newId, startServer, type TestServer } from './harness.ts';

let server: TestServer;
/** A member of the main site (the default one, on 127.0.0.1 and localhost). */
let main: Awaited<ReturnType<typeof activeMember>>;
/** A member of the de site (de.localhost). */
let de: Awaited<ReturnType<typeof activeMember>>;

beforeAll(async () => {
  server = await startServer(20);
  [main, de] = [await activeMember(server), await activeMember(server)];
  const [site] = await server.db.select({ id: sites.id }).from(sites).where(eq(sites.domain, 'de.localhost'));
  await server.db.update(users).set({ siteId: site.id }).where(eq(users.id, de.id));
  // The second member was signed up on the main site: her cached session still says so.
  server.app.ctx.caches.sessions.clear();
});
afterAll(() => server.close());

/** `method url` on Host `host` with the session cookie `cookie` ('' for none), as that site's own page sends it. */
async function on(host: string, cookie: string, method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) {
  const res = await server.app.inject({
    method,
    url,
    headers: { host, origin: `http://${host}`, ...(cookie ? { cookie } : {}) },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() as any };
}

/** Search, the de member's profile, and a message to her: what the reproduction tried on the de site. */
const calls = () =>
  [
    ['GET', '/api/members.php'],
    ['GET', `/api/member.php?id=${de.id}`],
    ['POST', '/api/message.php', { id: newId(), profile: de.id, text: 'Hallo' }],
  ] as const;

describe('a session on another site', () => {
  it("is refused as if logged out: search, a profile and a message on the other site's Host", async () => {
    // Her own site answers 404 for the de member's profile.
    expect((await on('localhost', main.client.cookie, 'GET', `/api/member.php?id=${de.id}`)).body.error.code).toBe('not_found');
    for (const [method, url, body] of calls()) {
      const asMember = await on('de.localhost', main.client.cookie, method, url, body);
      const visitor = await on('de.localhost', '', method, url, body);
      expect([url, asMember.status, asMember.body]).toEqual([url, visitor.status, visitor.body]);
      // A visitor may search the de site and read its public profiles, but only a member sends.
      if (method === 'POST') expect(asMember.body.error?.code).toBe('authentication_required');
    }
    // The user call answers the page as for a visitor: nobody logged in.
    expect((await on('de.localhost', main.client.cookie, 'GET', '/api/user.php')).body).toEqual({ user: null });
  });

  it('is refused from the session cache too, and still answers on its own site', async () => {
    // A search on her own site puts the session in the cache; the search reads the member from there.
    expect((await on('localhost', main.client.cookie, 'GET', '/api/members.php')).status).toBe(200);
    expect((await on('localhost', main.client.cookie, 'GET', '/api/user.php')).status).toBe(200);
    const cachedOther = await on('de.localhost', main.client.cookie, 'POST', '/api/message.php', {
      id: newId(),
      profile: de.id,
      text: 'Hallo',
    });
    expect(cachedOther.body.error.code).toBe('authentication_required');
    expect((await on('de.localhost:8080', main.client.cookie, 'GET', '/api/chats.php')).body.error.code).toBe(
      'authentication_required',
    );
    // The cookie stays: back on her own site she is still logged in.
    expect((await on('localhost:8080', main.client.cookie, 'GET', '/api/chats.php')).status).toBe(200);
  });

  it("lets the other site's member use her own site, from the database and from the cache", async () => {
    for (let round = 0; round < 2; round++) {
      expect((await on('de.localhost', de.client.cookie, 'GET', '/api/user.php')).body.user.id).toBe(de.id);
      expect((await on('de.localhost', de.client.cookie, 'GET', '/api/members.php')).status).toBe(200);
      expect((await on('de.localhost', de.client.cookie, 'GET', '/api/chats.php')).status).toBe(200);
    }
    // And her session is no session on the main site.
    expect((await on('localhost', de.client.cookie, 'GET', '/api/chats.php')).body.error.code).toBe('authentication_required');
  });
});
