// Members over the real server: search filters and pages, profile photos per membership, blocking (spec 2, 3, 6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  MemberResponse,
  SEARCH_PAGE_SIZE,
  SIMILAR_AGE_YEARS,
  SIMILAR_LIMIT,
  SearchResponse,
  SimilarResponse,
} from '../../contract/index.ts';
import { SEARCH_WINDOW_TTL_MS } from '../../server/cache/caches.ts';
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
    const [{ region }] = await server.db
      .execute<{ region: string }>(sql`select region from profiles where country = 'NL' and region <> '' limit 1`)
      .then((r) => r.rows);
    const inRegion = expectShape(SearchResponse, await c.get(`/api/members.php?country=NL&countryregion=${region}`));
    expect(inRegion.numResults).toBeGreaterThan(0);
    expect(inRegion.numResults).toBeLessThanOrEqual(nl.numResults);
  });

  it('keeps the cards exact while it reuses the count of the same search for a few seconds', async () => {
    const viewer = await activeMember(server, { gender: 'male', country: 'NL' });
    const before = expectShape(SearchResponse, await viewer.client.get('/api/members.php?country=NL'));
    const first = before.profiles[0].id;
    expect((await viewer.client.post('/api/block.php', { profile: first })).status).toBe(200);
    const after = expectShape(SearchResponse, await viewer.client.get('/api/members.php?country=NL'));
    expect(after.profiles.map((p) => p.id)).not.toContain(first);
    // numResults is counted at most every SEARCH_COUNT_TTL_MS per viewer and filters (member-search.ts).
    expect(after.numResults).toBe(before.numResults);
    const other = expectShape(SearchResponse, await viewer.client.get('/api/members.php?country=NL&min_age=19'));
    expect(other.profiles.map((p) => p.id)).not.toContain(first);
    expect((await viewer.client.del('/api/block.php', { profile: first })).status).toBe(200);
  });

  it('answers bad filters with 400', async () => {
    const c = new Client(server.url);
    for (const q of [
      'gender=x',
      'country=XX',
      'min_age=17',
      'max_age=200',
      'min_age=50&max_age=30',
      'page=0',
      'page=abc',
      'min_age=1e400',
    ]) {
      const res = await c.get(`/api/members.php?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    }
  });
});

describe('profile view', () => {
  async function memberWithPhotos(n: number): Promise<number> {
    const [row] = await server.db
      .execute<{ user_id: number }>(sql`select user_id from photos group by user_id having count(*) >= ${n} limit 1`)
      .then((r) => r.rows);
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
    expect((await blocked.client.get('/api/chats.php')).body).toMatchObject({
      total_unread: 1,
      chats: [{ profile: { id: blocker.id } }],
    });
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
    expect((await me.client.post('/api/message.php', { id: newId(), profile: other.id, text: 'Psst, it is me' })).status).toBe(
      200,
    );
    expect((await other.client.post('/api/message.php', { id: newId(), profile: me.id, text: 'Hi invisible one' })).status).toBe(
      200,
    );

    expect((await me.client.put('/api/invisible.php', { invisible: false })).body.user.invisible).toBe(false);
    // Gone at once, back within the time a shared window of results is kept (member-search.ts).
    const ids = async () => ((await search()).body.profiles as { id: number }[]).map((p) => p.id);
    await expect.poll(ids, { timeout: SEARCH_WINDOW_TTL_MS + 2_000, interval: 250 }).toContain(me.id);
    expect((await me.client.put('/api/invisible.php', { invisible: 'yes' })).status).toBe(400);
    expect((await new Client(server.url).put('/api/invisible.php', { invisible: true })).status).toBe(403);
  });
});

describe('similar results (spec 3: search state)', () => {
  /** A member of the largest gender-and-country group of the seed, with its age (so it has many similar members). */
  async function crowdedMember(): Promise<{ id: number; gender: string; country: string; age: number }> {
    const [row] = await server.db
      .execute<{ user_id: number }>(
        sql`select p.user_id from profiles p join (select gender, country from profiles where status = 'active' group by gender, country order by count(*) desc limit 1) g
            on g.gender = p.gender and g.country = p.country where p.status = 'active' order by p.user_id limit 1`,
      )
      .then((r) => r.rows);
    const { profile } = expectShape(MemberResponse, await new Client(server.url).get(`/api/member.php?id=${row.user_id}`));
    return { id: profile.id, gender: profile.gender, country: profile.country, age: profile.age };
  }

  it('answers members of the same gender and country within 5 years of age, and counts the same members as the search', async () => {
    const m = await crowdedMember();
    const visitor = new Client(server.url);
    const similar = expectShape(SimilarResponse, await visitor.get(`/api/similar.php?id=${m.id}`));
    expect(similar.numResults).toBeGreaterThan(0);
    expect(similar.profiles.length).toBe(Math.min(SIMILAR_LIMIT, similar.numResults));
    for (const p of similar.profiles) {
      expect(p.id).not.toBe(m.id);
      expect(p).toMatchObject({ gender: m.gender, country: m.country });
      expect(Math.abs(p.age - m.age)).toBeLessThanOrEqual(SIMILAR_AGE_YEARS);
    }
    // The same rule as a search: that search finds these members plus the member itself.
    const min = Math.max(18, m.age - SIMILAR_AGE_YEARS);
    const max = Math.min(99, m.age + SIMILAR_AGE_YEARS);
    const search = expectShape(
      SearchResponse,
      await visitor.get(`/api/members.php?gender=${m.gender}&country=${m.country}&min_age=${min}&max_age=${max}`),
    );
    expect(similar.numResults).toBe(search.numResults - 1);
    // Members of another gender or country, or further in age, exist but are left out.
    const others = expectShape(SearchResponse, await visitor.get(`/api/members.php?country=${m.country}`));
    expect(others.numResults).toBeGreaterThan(search.numResults);
  });

  it('leaves out the viewer and members blocked either way', async () => {
    const m = await crowdedMember();
    const viewer = await activeMember(server, {
      gender: m.gender,
      country: m.country,
      date_of_birth: `${new Date().getUTCFullYear() - m.age - 1}-01-01`,
    });
    const before = expectShape(SimilarResponse, await viewer.client.get(`/api/similar.php?id=${m.id}`));
    expect(before.profiles.map((p) => p.id)).not.toContain(viewer.id);
    const asVisitor = expectShape(SimilarResponse, await new Client(server.url).get(`/api/similar.php?id=${m.id}`));
    // The visitor sees the new member too: one more than the member sees, who is left out of their own answer.
    expect(asVisitor.numResults).toBe(before.numResults + 1);
    const first = before.profiles[0].id;
    expect((await viewer.client.post('/api/block.php', { profile: first })).status).toBe(200);
    const after = expectShape(SimilarResponse, await viewer.client.get(`/api/similar.php?id=${m.id}`));
    expect(after.numResults).toBe(before.numResults - 1);
    expect(after.profiles.map((p) => p.id)).not.toContain(first);
    expect((await viewer.client.del('/api/block.php', { profile: first })).status).toBe(200);
  });

  it('answers 404 for an unknown member and 400 for a bad id', async () => {
    const c = new Client(server.url);
    expect((await c.get('/api/similar.php?id=999999')).status).toBe(404);
    for (const q of ['', 'id=x', 'id=0', 'id=-1']) expect((await c.get(`/api/similar.php?${q}`)).status, q).toBe(400);
  });
});

describe('logged-out search (spec 6: logged_out_search, logged_out_search_trafficsource)', () => {
  /** Runs `fn` with the default site's two settings set, then restores them (in the sites the server read at start). */
  async function withSettings(
    logged_out_search: boolean,
    logged_out_search_trafficsource: boolean,
    fn: () => Promise<void>,
  ): Promise<void> {
    const [site] = server.sites.all;
    const saved = { ...site.settings };
    Object.assign(site.settings, { logged_out_search, logged_out_search_trafficsource });
    try {
      await fn();
    } finally {
      site.settings = saved;
    }
  }

  const cases: { search: boolean; trafficsource: boolean; without: number; withSource: number }[] = [
    { search: true, trafficsource: true, without: 200, withSource: 200 },
    { search: true, trafficsource: false, without: 200, withSource: 200 },
    { search: false, trafficsource: true, without: 403, withSource: 200 },
    { search: false, trafficsource: false, without: 403, withSource: 403 },
  ];
  for (const c of cases) {
    it(`logged_out_search ${c.search}, logged_out_search_trafficsource ${c.trafficsource}: a visitor gets ${c.without}, one from a traffic source ${c.withSource}; members always 200`, async () => {
      const member = await activeMember(server);
      const [{ user_id: someone }] = await server.db
        .execute<{ user_id: number }>(sql`select user_id from profiles where status = 'active' limit 1`)
        .then((r) => r.rows);
      await withSettings(c.search, c.trafficsource, async () => {
        const visitor = new Client(server.url);
        for (const path of ['/api/members.php?page=1', `/api/similar.php?id=${someone}`]) {
          const plain = await visitor.get(path);
          expect(plain.status, path).toBe(c.without);
          if (plain.status === 403) expect(plain.body.error.code).toBe('authentication_required');
          // An empty network is no traffic source.
          expect((await visitor.get(`${path}&network=`)).status, path).toBe(c.without);
          expect((await visitor.get(`${path}&network=affiliate7`)).status, path).toBe(c.withSource);
          expect((await member.client.get(path)).status, path).toBe(200);
        }
        expect((await visitor.get('/api/settings.php')).body.settings).toMatchObject({
          logged_out_search: c.search,
          logged_out_search_trafficsource: c.trafficsource,
        });
      });
    });
  }
});
