// The in-memory caches of the hottest reads (server throughput; server/cache/caches.ts): the sessions and
// the change-log heads serve the conditional sync without a statement, the chat lists the chat list call, the
// searchers and the shared windows of results the member search. None may serve an ended session, an old head or
// list, a blocked member or a changed card: a session end, a change or a block evicts them at once on the instance
// that answered it (at its commit), and on every other one with its NOTIFY (LISTEN/NOTIFY).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatsResponse, SearchResponse, type ProfileUpdate } from '../../contract/index.ts';
import { activeMember, Client, expectShape, newId, startServer, type TestServer } from './harness.ts';

const PASSWORD = 'correct horse battery';

const syncWith = (client: Client, etag?: string) =>
  client.call('GET', '/api/sync.php', undefined, etag ? { 'if-none-match': etag } : {});

/** The member's current ETag, after two conditional syncs that answered 304 (the second one from the caches). */
async function cachedEtag(client: Client): Promise<string> {
  const etag = (await syncWith(client)).headers.get('etag')!;
  for (let i = 0; i < 2; i++) expect((await syncWith(client, etag)).status).toBe(304);
  return etag;
}

/** The chat list of `client`, read twice so that the second answer came from the cache. */
async function cachedChats(client: Client): Promise<ChatsResponse> {
  await client.get('/api/chats.php');
  return expectShape(ChatsResponse, await client.get('/api/chats.php'));
}

/** The ids on the first page of `client`'s search of female members in New Zealand (few members: one window). */
const searchIds = async (client: Client) =>
  expectShape(SearchResponse, await client.get('/api/members.php?gender=female&country=NZ')).profiles.map((p) => p.id);

/** Renames the member of `client` (PUT /api/profile.php with the rest of the profile as stored). */
async function rename(client: Client, name: string): Promise<void> {
  const { profile } = (await client.get('/api/profile.php')).body as { profile: ProfileUpdate };
  expect((await client.put('/api/profile.php', { ...profile, name })).status).toBe(200);
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
    const changed = await a.client.put('/api/password.php', {
      old_password: PASSWORD,
      password: 'another horse battery',
      password_repeat: 'another horse battery',
    });
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

describe('cached chat lists and searches on one instance', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(4);
  });
  afterAll(() => server.close());

  it("shows a new message and a chat partner's new name in the chat list at once", async () => {
    const a = await activeMember(server);
    const b = await activeMember(server, { gender: 'female' });
    expect((await a.client.post('/api/message.php', { id: newId(), profile: b.id, text: 'first' })).status).toBe(200);
    expect((await cachedChats(b.client)).chats[0].last_message?.text).toBe('first');
    expect((await a.client.post('/api/message.php', { id: newId(), profile: b.id, text: 'second' })).status).toBe(200);
    const after = expectShape(ChatsResponse, await b.client.get('/api/chats.php'));
    expect(after.chats[0].last_message?.text).toBe('second');
    expect(after.total_unread).toBe(2);
    await rename(a.client, 'Renamed Sender');
    expect(expectShape(ChatsResponse, await b.client.get('/api/chats.php')).chats[0].profile.name).toBe('Renamed Sender');
  });

  it("cuts every viewer's page from one window, leaving out blocks either way at once, and shows a changed card at once", async () => {
    const member = await activeMember(server, { gender: 'female', country: 'NZ' });
    const blocker = await activeMember(server, { gender: 'female', country: 'NZ' });
    const bystander = await activeMember(server, { gender: 'male', country: 'NZ' });
    for (const viewer of [blocker, bystander]) expect(await searchIds(viewer.client)).toContain(member.id);
    expect(await searchIds(member.client)).toContain(blocker.id);
    expect(await searchIds(member.client)).not.toContain(member.id);

    expect((await blocker.client.post('/api/block.php', { profile: member.id })).status).toBe(200);
    expect(await searchIds(blocker.client)).not.toContain(member.id);
    expect(await searchIds(member.client)).not.toContain(blocker.id);
    expect(await searchIds(bystander.client)).toEqual(expect.arrayContaining([member.id, blocker.id]));
    expect((await blocker.client.del('/api/block.php', { profile: member.id })).status).toBe(200);
    expect(await searchIds(blocker.client)).toContain(member.id);
    expect(await searchIds(member.client)).toContain(blocker.id);

    await rename(member.client, 'Newname');
    const card = expectShape(
      SearchResponse,
      await bystander.client.get('/api/members.php?gender=female&country=NZ'),
    ).profiles.find((p) => p.id === member.id);
    expect(card?.name).toBe('Newname');
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

  it('a message sent through instance 1 shows in the chat list instance 2 cached, within 1 s', async () => {
    const a = await activeMember(one);
    const b = await activeMember(one, { gender: 'female' });
    expect((await a.client.post('/api/message.php', { id: newId(), profile: b.id, text: 'first' })).status).toBe(200);
    const onTwo = new Client(two.url);
    onTwo.cookie = b.client.cookie;
    expect((await cachedChats(onTwo)).chats[0].last_message?.text).toBe('first');
    expect((await a.client.post('/api/message.php', { id: newId(), profile: b.id, text: 'second' })).status).toBe(200);
    const last = async () => expectShape(ChatsResponse, await onTwo.get('/api/chats.php')).chats[0].last_message?.text;
    expect(await within(1000, async () => (await last()) === 'second')).toBe(true);
  });

  it("a block through instance 1 leaves the pair out of instance 2's searches, within 1 s", async () => {
    const member = await activeMember(one, { gender: 'female', country: 'NZ' });
    const blocker = await activeMember(one, { gender: 'female', country: 'NZ' });
    const [memberOnTwo, blockerOnTwo] = [new Client(two.url), new Client(two.url)];
    memberOnTwo.cookie = member.client.cookie;
    blockerOnTwo.cookie = blocker.client.cookie;
    expect(await searchIds(blockerOnTwo)).toContain(member.id);
    expect(await searchIds(memberOnTwo)).toContain(blocker.id);
    expect((await blocker.client.post('/api/block.php', { profile: member.id })).status).toBe(200);
    expect(await within(1000, async () => !(await searchIds(blockerOnTwo)).includes(member.id))).toBe(true);
    expect(await within(1000, async () => !(await searchIds(memberOnTwo)).includes(blocker.id))).toBe(true);
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
