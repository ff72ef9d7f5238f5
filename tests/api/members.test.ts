// Members over the real server: search filters and pages, profile photos per membership, blocking (spec 2, 3, 6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MemberResponse, SEARCH_PAGE_SIZE, SearchResponse } from '../../contract/index.ts';
import { photos, users } from '../../server/db/schema.ts';
import { activeMember, Client, expectShape, newId, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(200);
});
afterAll(() => server.close());

describe('search', () => {
  it('filters by gender, country and age and appends pages of 20', async () => {
    const c = new Client(server.url);
    const all = expectShape(SearchResponse, await c.get('/api/members.php'));
    expect(all.numResults).toBeGreaterThanOrEqual(200);
    expect(all.profiles).toHaveLength(SEARCH_PAGE_SIZE);
    const p2 = expectShape(SearchResponse, await c.get('/api/members.php?page=2'));
    expect(new Set([...all.profiles, ...p2.profiles].map((p) => p.id)).size).toBe(2 * SEARCH_PAGE_SIZE);

    const women = expectShape(SearchResponse, await c.get('/api/members.php?gender=female&country=DE&min_age=25&max_age=45'));
    expect(women.numResults).toBeGreaterThan(0);
    for (const p of women.profiles) {
      expect(p).toMatchObject({ gender: 'female', country: 'DE', fictional: true });
      expect(p.age).toBeGreaterThanOrEqual(25);
      expect(p.age).toBeLessThanOrEqual(45);
    }
    const empty = expectShape(SearchResponse, await c.get('/api/members.php?page=999'));
    expect(empty.profiles).toEqual([]);
  });

  it('filters by region', async () => {
    const c = new Client(server.url);
    const nl = expectShape(SearchResponse, await c.get('/api/members.php?country=NL'));
    const [{ region }] = await server.db.execute<{ region: string }>(sql`select region from profiles where country = 'NL' and region <> '' limit 1`).then((r) => r.rows);
    const inRegion = expectShape(SearchResponse, await c.get(`/api/members.php?country=NL&countryregion=${region}`));
    expect(inRegion.numResults).toBeGreaterThan(0);
    expect(inRegion.numResults).toBeLessThanOrEqual(nl.numResults);
  });

  it('answers bad filters with 400', async () => {
    const c = new Client(server.url);
    for (const q of ['gender=x', 'country=XX', 'min_age=17', 'max_age=200', 'min_age=50&max_age=30', 'page=0', 'page=abc', 'min_age=1e400']) {
      const res = await c.get(`/api/members.php?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    }
  });
});

describe('profile view', () => {
  async function memberWithPhotos(n: number): Promise<number> {
    const [row] = await server.db.execute<{ user_id: number }>(sql`select user_id from photos group by user_id having count(*) >= ${n} limit 1`).then((r) => r.rows);
    return Number(row.user_id);
  }

  it('shows a free member the first photo and only blurred URLs of the others; premium sees all', async () => {
    const id = await memberWithPhotos(3);
    const free = await activeMember(server);
    const profile = expectShape(MemberResponse, await free.client.get(`/api/member.php?id=${id}`)).profile;
    const rows = await server.db.select().from(photos).where(eq(photos.userId, id)).orderBy(photos.position);
    expect(profile.photos.map((p) => p.locked)).toEqual(rows.map((_, i) => i > 0));
    const body = JSON.stringify(profile);
    for (const r of rows.slice(1)) expect(body).not.toContain(r.key); // the full URL is absent, not just hidden
    expect(profile.photos[1].url).toContain(rows[1].blurKey);
    expect((await fetch(server.url + profile.photos[1].url)).headers.get('content-type')).toBe('image/webp');

    const premium = await activeMember(server);
    await server.db.update(users).set({ paidUser: true }).where(eq(users.id, premium.id));
    const full = expectShape(MemberResponse, await premium.client.get(`/api/member.php?id=${id}`)).profile;
    expect(full.photos.every((p) => !p.locked)).toBe(true);
    expect(full.photos.map((p) => p.url)).toEqual(rows.map((r) => `/media/${r.key}.webp`));
  });

  it('answers 404 for unknown members and 400 for a bad id', async () => {
    const c = new Client(server.url);
    expect((await c.get('/api/member.php?id=99999')).status).toBe(404);
    expect((await c.get('/api/member.php?id=abc')).status).toBe(400);
    expect((await c.get('/api/member.php')).status).toBe(400);
  });
});

describe('blocking', () => {
  it('keeps a blocked member from viewing or contacting the blocker, with the spec message', async () => {
    const blocker = await activeMember(server, { name: 'Charlotte' });
    const blocked = await activeMember(server);
    await blocker.client.post('/api/message.php', { id: newId(), profile: blocked.id, text: 'Hi' });
    expect((await blocked.client.get('/api/chats.php')).body).toMatchObject({ total_unread: 1, chats: [{ profile: { id: blocker.id } }] });
    expect((await blocker.client.post('/api/block.php', { profile: blocked.id })).body).toEqual({ blocked: true });
    // The blocker's chat, name and photo leave the blocked member's list; the blocker keeps theirs.
    expect((await blocked.client.get('/api/chats.php')).body).toEqual({ chats: [], total_unread: 0 });
    expect((await blocker.client.get('/api/chats.php')).body.chats).toHaveLength(1);

    const view = await blocked.client.get(`/api/member.php?id=${blocker.id}`);
    expect(view.status).toBe(403);
    expect(view.body.error.message).toBe("You're blocked by Charlotte. You do not have access to this page.");
    expect(view.body.error.params).toEqual({ name: 'Charlotte' });
    const send = await blocked.client.post('/api/message.php', { id: newId(), profile: blocker.id, text: 'hello?' });
    expect(send.status).toBe(403);
    expect(send.body.error.code).toBe('blocked');
    expect((await blocked.client.post('/api/like.php', { profile: blocker.id })).status).toBe(403);
    const search = expectShape(SearchResponse, await blocked.client.get('/api/members.php?country=NL&page=1'));
    expect(search.profiles.map((p) => p.id)).not.toContain(blocker.id);
    expect((await blocked.client.get(`/api/messages.php?profile=${blocker.id}`)).status).toBe(403);

    expect(expectShape(MemberResponse, await blocker.client.get(`/api/member.php?id=${blocked.id}`)).profile.blocked).toBe(true);
    expect((await blocker.client.del('/api/block.php', { profile: blocked.id })).body).toEqual({ blocked: false });
    expect((await blocked.client.get(`/api/member.php?id=${blocker.id}`)).status).toBe(200);
    expect((await blocker.client.post('/api/block.php', { profile: 'x' })).status).toBe(400);
    expect((await blocker.client.post('/api/block.php', { profile: 999999 })).status).toBe(404);
  });
});

describe('invisible mode (spec 4)', () => {
  it('takes the member out of search and online status, and chatting still works', async () => {
    const me = await activeMember(server, { gender: 'female', country: 'BE' });
    const other = await activeMember(server, { gender: 'male', country: 'BE' });
    const search = () => other.client.get('/api/members.php?gender=female&country=BE&min_age=18&max_age=99&page=1');
    expect(((await search()).body.profiles as { id: number }[]).map((p) => p.id)).toContain(me.id);
    expect((await other.client.get(`/api/member.php?id=${me.id}`)).body.profile.online).toBe(true);

    const on = await me.client.put('/api/invisible.php', { invisible: true });
    expect(on.body.user.invisible).toBe(true);
    expect(((await search()).body.profiles as { id: number }[]).map((p) => p.id)).not.toContain(me.id);
    expect((await other.client.get(`/api/member.php?id=${me.id}`)).body.profile.online).toBe(false);
    expect((await me.client.post('/api/message.php', { id: newId(), profile: other.id, text: 'Psst, it is me' })).status).toBe(200);
    expect((await other.client.post('/api/message.php', { id: newId(), profile: me.id, text: 'Hi invisible one' })).status).toBe(200);

    expect((await me.client.put('/api/invisible.php', { invisible: false })).body.user.invisible).toBe(false);
    expect(((await search()).body.profiles as { id: number }[]).map((p) => p.id)).toContain(me.id);
    expect((await me.client.put('/api/invisible.php', { invisible: 'yes' })).status).toBe(400);
    expect((await new Client(server.url).put('/api/invisible.php', { invisible: true })).status).toBe(403);
  });
});
