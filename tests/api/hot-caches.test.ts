// The in-memory caches of the hottest reads (issue 14, server throughput): the session cache (domain/sessions.ts)
// and the change-log head cache (domain/sync.ts) serve the conditional sync without a statement, and must never
// serve an ended session or an old head: a session end or a change evicts them on every instance (LISTEN/NOTIFY).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeMember, Client, newId, startServer, type TestServer } from './harness.ts';

const PASSWORD = 'correct horse battery';

const syncWith = (client: Client, etag?: string) => client.call('GET', '/api/sync.php', undefined, etag ? { 'if-none-match': etag } : {});

/** The member's current ETag, after two conditional syncs that answered 304 (the second one from the caches). */
async function cachedEtag(client: Client): Promise<string> {
  const etag = (await syncWith(client)).headers.get('etag')!;
  for (let i = 0; i < 2; i++) expect((await syncWith(client, etag)).status).toBe(304);
  return etag;
}

/** Calls `probe` until it answers true, at most `ms` long; answers whether it did. */
async function within(ms: number, probe: () => Promise<boolean>): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) if (await probe()) return true;
  return probe();
}

describe('cached sessions and log heads on one instance', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(4);
  });
  afterAll(() => server.close());

  it('refuses a logged-out session at once, on the cached conditional sync too', async () => {
    const a = await activeMember(server);
    const stolen = new Client(server.url);
    stolen.cookie = a.client.cookie;
    const etag = await cachedEtag(stolen);
    expect((await a.client.get('/api/logout.php')).status).toBe(200);
    const res = await syncWith(stolen, etag);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: { code: 'authentication_required' } });
  });

  it('ends the other cached sessions on a password change, and keeps the changing one', async () => {
    const a = await activeMember(server);
    const other = new Client(server.url);
    expect((await other.post('/api/user.php', { email: a.email, password: PASSWORD })).status).toBe(200);
    const etag = await cachedEtag(other);
    await cachedEtag(a.client);
    const changed = await a.client.put('/api/password.php', { old_password: PASSWORD, password: 'another horse battery', password_repeat: 'another horse battery' });
    expect(changed.status).toBe(200);
    expect(await within(1000, async () => (await syncWith(other, etag)).status === 403)).toBe(true);
    expect((await syncWith(a.client, etag)).status).toBe(304);
  });

  it('answers the old ETag with the change once a message arrived, never a 304', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server, { gender: 'female' });
    const etag = await cachedEtag(b.client);
    const sent = await a.client.post('/api/message.php', { id: newId(), profile: b.id, text: 'hello there' });
    expect(sent.status).toBe(200);
    // The change reaches the cache with its NOTIFY, at the moment the member's event stream hears of it.
    expect(await within(1000, async () => (await syncWith(b.client, etag)).status === 200)).toBe(true);
    const res = await syncWith(b.client, etag);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).not.toBe(etag);
    expect((res.body as { messages: { id: string }[] }).messages.map((m) => m.id)).toContain(sent.body.message.id);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('cached sessions and log heads across two instances (PostgreSQL)', () => {
  let one: TestServer;
  let two: TestServer;
  beforeAll(async () => {
    one = await startServer(4);
    two = await startServer(0, { sameDatabaseAs: one });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('a logout through instance 1 ends the session instance 2 cached, within 1 s', async () => {
    const a = await activeMember(one);
    const onTwo = new Client(two.url);
    onTwo.cookie = a.client.cookie;
    const etag = await cachedEtag(onTwo);
    expect((await a.client.get('/api/logout.php')).status).toBe(200);
    expect(await within(1000, async () => (await syncWith(onTwo, etag)).status === 403)).toBe(true);
  });

  it('a message sent through instance 1 ends the 304 instance 2 cached, within 1 s', async () => {
    const a = await activeMember(one);
    const b = await activeMember(one, { gender: 'female' });
    const onTwo = new Client(two.url);
    onTwo.cookie = b.client.cookie;
    const etag = await cachedEtag(onTwo);
    expect((await a.client.post('/api/message.php', { id: newId(), profile: b.id, text: 'across' })).status).toBe(200);
    expect(await within(1000, async () => (await syncWith(onTwo, etag)).status === 200)).toBe(true);
  });
});
