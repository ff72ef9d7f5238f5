// Likes over the real server: like, unlike, match, the likes call and new-like flags (spec 3, 4, 7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LikesResponse, MemberResponse } from '../../contract/index.ts';
import { activeMember, Client, expectShape, signupInput, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(10);
});
afterAll(() => server.close());

describe('likes', () => {
  it('likes, matches on a mutual like, lists both sides and clears the new flag when seen', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server, { gender: 'female' });
    expect((await a.client.post('/api/like.php', { profile: b.id })).body).toEqual({ liked: true, match: false });
    expect((await a.client.post('/api/like.php', { profile: b.id })).body).toEqual({ liked: true, match: false });

    const bLikes = expectShape(LikesResponse, await b.client.get('/api/likes.php'));
    expect(bLikes.total_new).toBe(1);
    expect(bLikes.liked_by).toMatchObject([{ id: a.id, like_new: true }]);
    expect(expectShape(MemberResponse, await b.client.get(`/api/member.php?id=${a.id}`)).profile.liked_by).toBe(true);

    expect((await b.client.post('/api/like-seen.php', { profile: a.id })).body).toEqual({ total_new: 0 });
    expect(expectShape(LikesResponse, await b.client.get('/api/likes.php')).liked_by[0].like_new).toBe(false);

    expect((await b.client.post('/api/like.php', { profile: a.id })).body).toEqual({ liked: true, match: true });
    expect(expectShape(LikesResponse, await a.client.get('/api/likes.php')).profiles.map((p) => p.id)).toEqual([b.id]);

    expect((await a.client.del('/api/like.php', { profile: b.id })).body).toEqual({ liked: false, match: false });
    expect(expectShape(LikesResponse, await b.client.get('/api/likes.php')).liked_by).toEqual([]);
  });

  it('lists no member whose profile is not active yet', async () => {
    const a = await activeMember(server);
    const fresh = new Client(server.url);
    const signedUp = await fresh.post('/api/signup.php', signupInput()); // not activated: profile disabled
    expect((await fresh.post('/api/like.php', { profile: a.id })).status).toBe(200);
    expect((await a.client.get(`/api/member.php?id=${signedUp.body.user.id}`)).status).toBe(404);
    expect(expectShape(LikesResponse, await a.client.get('/api/likes.php'))).toMatchObject({ liked_by: [], total_new: 0 });
  });

  it('answers bad input with 4xx', async () => {
    const a = await activeMember(server);
    expect((await a.client.post('/api/like.php', { profile: 'abc' })).status).toBe(400);
    expect((await a.client.post('/api/like.php', {})).status).toBe(400);
    expect((await a.client.post('/api/like.php', { profile: 999999 })).status).toBe(404);
    expect((await a.client.post('/api/like-seen.php', { profile: -2 })).status).toBe(400);
  });
});
