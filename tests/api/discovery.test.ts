// The swipe game and the match finder over the real server (spec 2: /swipe-game, /match-finder; spec 9: 4 likes per day).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LikesResponse, MatchFinderResponse, SWIPE_LIKES_PER_DAY, SwipeDeckResponse } from '../../contract/index.ts';
import { profiles } from '../../server/db/schema.ts';
import { activeMember, Client, expectShape, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(60);
}, 120_000);
afterAll(() => server.close());

const nextUtcMidnight = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)).toISOString();
};

describe('swipe game', () => {
  it('deals members who fit both ways, the country first, and the likes left of today', async () => {
    const me = await activeMember(server, { gender: 'male', sexuality: 'hetero', country: 'NL' });
    const deck = expectShape(SwipeDeckResponse, await me.client.get('/api/swipe-deck.php'));
    expect(deck.likes_left).toBe(SWIPE_LIKES_PER_DAY);
    expect(deck.resets_at).toBe(nextUtcMidnight());
    expect(deck.profiles.length).toBeGreaterThan(0);
    expect(deck.profiles.every((p) => p.gender === 'female' && p.id !== me.id)).toBe(true);
    const countries = deck.profiles.map((p) => p.country === 'NL');
    // NL members (if any) come before all others.
    expect(countries).toEqual([...countries].sort((a, b) => Number(b) - Number(a)));
    const rows = await server.db.select({ id: profiles.userId, sexuality: profiles.sexuality }).from(profiles);
    const sexuality = new Map(rows.map((r) => [r.id, r.sexuality]));
    expect(deck.profiles.every((p) => ['hetero', 'bi'].includes(sexuality.get(p.id)!))).toBe(true);

    const skipped = expectShape(SwipeDeckResponse, await me.client.get(`/api/swipe-deck.php?skip=${deck.profiles[0].id}`));
    expect(skipped.profiles.map((p) => p.id)).not.toContain(deck.profiles[0].id);
  });

  it('gives 4 swipe likes a day, refuses the 5th with swipe_limit; the likes are ordinary likes', async () => {
    const me = await activeMember(server, { gender: 'male', sexuality: 'hetero' });
    const deck = expectShape(SwipeDeckResponse, await me.client.get('/api/swipe-deck.php')).profiles;
    for (const [i, p] of deck.slice(0, 4).entries()) {
      expect((await me.client.post('/api/like.php', { profile: p.id, source: 'swipe' })).body).toEqual({
        liked: true,
        match: false,
      });
      // A retried like is the same like: it takes nothing more.
      expect((await me.client.post('/api/like.php', { profile: p.id, source: 'swipe' })).status).toBe(200);
      expect(expectShape(SwipeDeckResponse, await me.client.get('/api/swipe-deck.php')).likes_left).toBe(3 - i);
    }
    const fifth = await me.client.post('/api/like.php', { profile: deck[4].id, source: 'swipe' });
    expect(fifth.status).toBe(429);
    expect(fifth.body.error.code).toBe('swipe_limit');
    const after = expectShape(SwipeDeckResponse, await me.client.get('/api/swipe-deck.php'));
    expect(after.likes_left).toBe(0);
    expect(after.profiles.map((p) => p.id)).not.toEqual(expect.arrayContaining([deck[0].id]));
    const mine = expectShape(LikesResponse, await me.client.get('/api/likes.php')).profiles.map((p) => p.id);
    expect(mine.sort()).toEqual(
      deck
        .slice(0, 4)
        .map((p) => p.id)
        .sort(),
    );
    // Unliking gives no swipe like back; a like from a profile page is not limited.
    await me.client.del('/api/like.php', { profile: deck[0].id });
    expect((await me.client.post('/api/like.php', { profile: deck[0].id, source: 'swipe' })).status).toBe(429);
    expect((await me.client.post('/api/like.php', { profile: deck[4].id })).body).toEqual({ liked: true, match: false });
  });

  it('makes a match when the member had liked the swiper first', async () => {
    const me = await activeMember(server, { gender: 'male', sexuality: 'hetero', country: 'AT' });
    const her = await activeMember(server, { gender: 'female', sexuality: 'hetero', country: 'AT' });
    await her.client.post('/api/like.php', { profile: me.id });
    const deck = expectShape(SwipeDeckResponse, await me.client.get('/api/swipe-deck.php')).profiles;
    expect(deck[0].id).toBe(her.id);
    expect((await me.client.post('/api/like.php', { profile: her.id, source: 'swipe' })).body).toEqual({
      liked: true,
      match: true,
    });
  });

  it('counts 10 concurrent swipe likes of a fresh member as exactly 4', async () => {
    const me = await activeMember(server, { gender: 'male', sexuality: 'bi' });
    const deck = expectShape(SwipeDeckResponse, await me.client.get('/api/swipe-deck.php')).profiles;
    expect(deck.length).toBeGreaterThanOrEqual(10);
    const answers = await Promise.all(
      deck.slice(0, 10).map((p) => me.client.post('/api/like.php', { profile: p.id, source: 'swipe' })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(SWIPE_LIKES_PER_DAY);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10 - SWIPE_LIKES_PER_DAY);
    expect(expectShape(LikesResponse, await me.client.get('/api/likes.php')).profiles).toHaveLength(SWIPE_LIKES_PER_DAY);
  });

  it('answers visitors 403 and bad input 400', async () => {
    const me = await activeMember(server);
    expect((await me.client.get('/api/swipe-deck.php?skip=a,b')).status).toBe(400);
    expect((await new Client(server.url).get('/api/swipe-deck.php')).status).toBe(403);
    expect((await me.client.post('/api/like.php', { profile: 1, source: 'game' })).status).toBe(400);
  });
});

describe('match finder', () => {
  /** Gives member `id` a town and interests directly (profile editing is another screen's work). */
  const place = (id: number, region: string, city: string, interests: string[]) =>
    server.db.update(profiles).set({ region, city, interests }).where(eq(profiles.userId, id));

  it('ranks by shared interests, then distance, with the reasons, within the distance band', async () => {
    // Born in 1941: aged 84-85, older than every seeded member, so only these members answer.
    const old = { date_of_birth: '1941-03-01', sexuality: 'hetero', country: 'NL' };
    const me = await activeMember(server, { ...old, gender: 'male' });
    const [haarlem, utrecht, rotterdam, groningen, gay] = await Promise.all([
      activeMember(server, { ...old, gender: 'female' }),
      activeMember(server, { ...old, gender: 'female' }),
      activeMember(server, { ...old, gender: 'female' }),
      activeMember(server, { ...old, gender: 'female' }),
      activeMember(server, { ...old, gender: 'female', sexuality: 'lesbian' }),
    ]);
    await place(me.id, 'NH', 'Amsterdam', ['music']);
    await place(haarlem.id, 'NH', 'Haarlem', ['wine']);
    await place(utrecht.id, 'UT', 'Utrecht', ['wine', 'hiking']);
    await place(rotterdam.id, 'ZH', 'Rotterdam', ['wine', 'hiking', 'music']);
    await place(groningen.id, 'GR', 'Groningen', ['wine', 'hiking', 'music']);
    await place(gay.id, 'NH', 'Amsterdam', ['wine', 'hiking', 'music']);

    const ask = async (distance: string) =>
      expectShape(
        MatchFinderResponse,
        await me.client.get(
          `/api/match-finder.php?gender=female&min_age=80&max_age=90&distance=${distance}&interests=hiking,wine,music`,
        ),
      ).results;
    const near = await ask('100');
    expect(near.map((r) => r.profile.id)).toEqual([rotterdam.id, utrecht.id, haarlem.id]);
    expect(near.map((r) => [r.shared_interests, r.distance_km])).toEqual([
      [['hiking', 'wine', 'music'], 57],
      [['hiking', 'wine'], 35],
      [['wine'], 17],
    ]);
    expect((await ask('any')).map((r) => r.profile.id)).toEqual([rotterdam.id, groningen.id, utrecht.id, haarlem.id]);
    expect((await ask('25')).map((r) => r.profile.id)).toEqual([haarlem.id]);
  });

  it('answers bad questionnaires 400 and visitors 403', async () => {
    const me = await activeMember(server);
    for (const q of [
      'gender=female&min_age=40&max_age=30&distance=any',
      'gender=x&min_age=18&max_age=30&distance=any',
      'gender=female&min_age=18&max_age=30&distance=7',
      'gender=female&min_age=18&max_age=30&distance=any&interests=nope',
    ]) {
      expect((await me.client.get(`/api/match-finder.php?${q}`)).status).toBe(400);
    }
    expect(
      (await new Client(server.url).get('/api/match-finder.php?gender=female&min_age=18&max_age=30&distance=any')).status,
    ).toBe(403);
  });
});
