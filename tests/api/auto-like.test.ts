// The auto-like call over the real server (spec 3: auto-like profile; spec 4: auto-like; spec 7: GET /api/auto-like.php).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { AutoLikeResponse, LikesResponse, MemberResponse, SyncResponse } from '../../contract/index.ts';
import { autoLikes, likes, users } from '../../server/db/schema.ts';
import { activeMember, Client, expectShape, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  // Enough demo members for a few gay and bi men among them.
  server = await startServer(300);
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof activeMember>>;

async function autoLike(m: Member) {
  const res = await m.client.get('/api/auto-like.php');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectShape(AutoLikeResponse, res).profile;
}

/** The liker's full profile as `m` sees it (gender, sexuality, country). */
async function profileOf(m: Member, id: number) {
  return expectShape(MemberResponse, await m.client.get(`/api/member.php?id=${id}`)).profile;
}

describe('GET /api/auto-like.php', () => {
  it('gives one like from a fictional woman to a hetero man, seen in the likes call and the sync delta', async () => {
    const a = await activeMember(server, { gender: 'male', sexuality: 'hetero', country: 'NL' });
    const { cursor } = expectShape(SyncResponse, await a.client.get('/api/sync.php'));

    const profile = await autoLike(a);
    expect(profile).not.toBeNull();
    const { id, card, main_image } = profile!;
    expect(card).toMatchObject({ id, fictional: true, gender: 'female', like_new: true });
    expect(card.photo).not.toBeNull();
    expect(main_image).toEqual({ match: card.photo!.url });
    expect(main_image!.match).toMatch(/^\/media\/[\w-]+\.webp$/);
    const liker = await profileOf(a, id);
    expect(['hetero', 'bi']).toContain(liker.sexuality);
    expect(liker).toMatchObject({ country: 'NL', liked_by: true, liked: false });

    const list = expectShape(LikesResponse, await a.client.get('/api/likes.php'));
    expect(list.liked_by).toMatchObject([{ id, like_new: true }]);
    expect(list.total_new).toBe(1);

    const delta = expectShape(SyncResponse, await a.client.get(`/api/sync.php?since=${cursor}`));
    expect(delta.liked_by).toMatchObject([{ id, like_new: true }]);
    expect(delta.total_new).toBe(1);

    // One per interval.
    expect(await autoLike(a)).toBeNull();
    expect(expectShape(LikesResponse, await a.client.get('/api/likes.php')).liked_by).toHaveLength(1);
  });

  it('gives another like from another member once the interval has passed', async () => {
    const a = await activeMember(server);
    const first = await autoLike(a);
    expect(first).not.toBeNull();
    expect(await autoLike(a)).toBeNull();
    await server.db
      .update(autoLikes)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(autoLikes.userId, a.id));
    const second = await autoLike(a);
    expect(second).not.toBeNull();
    expect(second!.id).not.toBe(first!.id);
  });

  it('gives exactly one like for 10 concurrent calls', async () => {
    const a = await activeMember(server);
    const answers = await Promise.all(Array.from({ length: 10 }, () => autoLike(a)));
    expect(answers.filter((p) => p !== null)).toHaveLength(1);
    expect(await server.db.select().from(likes).where(eq(likes.likedId, a.id))).toHaveLength(1);
    expect(await server.db.select().from(autoLikes).where(eq(autoLikes.userId, a.id))).toHaveLength(1);
  });

  it('gives a gay man a like from a man who likes men', async () => {
    const a = await activeMember(server, { gender: 'male', sexuality: 'gay', country: 'DE' });
    const profile = await autoLike(a);
    expect(profile).not.toBeNull();
    const liker = await profileOf(a, profile!.id);
    expect(liker.gender).toBe('male');
    expect(['gay', 'bi']).toContain(liker.sexuality);
    expect(liker.fictional).toBe(true);
  });

  it('never picks a member the caller liked or blocked', async () => {
    const a = await activeMember(server, { gender: 'female', sexuality: 'lesbian', country: 'NL' });
    // Every candidate of this seed: fictional women who like women. Like all but one, block that one.
    const candidates = await server.db.execute<{ id: number }>(sql`
      select u.id from users u join profiles p on p.user_id = u.id
      where u.fictional and p.gender = 'female' and p.sexuality in ('gay', 'lesbian', 'bi') and p.status = 'active' order by u.id`);
    const ids = candidates.rows.map((r) => r.id);
    expect(ids.length).toBeGreaterThan(1);
    for (const id of ids.slice(1)) expect((await a.client.post('/api/like.php', { profile: id })).status).toBe(200);
    expect((await a.client.post('/api/block.php', { profile: ids[0] })).status).toBe(200);
    expect(await autoLike(a)).toBeNull();
  });

  it('answers a fictional caller with null', async () => {
    const a = await activeMember(server);
    await server.db.update(users).set({ fictional: true }).where(eq(users.id, a.id));
    expect(await autoLike(a)).toBeNull();
    expect(await server.db.select().from(likes).where(eq(likes.likedId, a.id))).toHaveLength(0);
  });

  it('refuses a visitor with authentication_required', async () => {
    const res = await new Client(server.url).get('/api/auto-like.php');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: { code: 'authentication_required' } });
  });
});
