import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberProfile } from '../../contract/index.ts';
import { retryPolicy } from '../api/client.ts';
import { seedFirstAnswers } from '../api/first-answers.ts';
import { queueLike } from './outbox.ts';
import { profilePath } from '../features/member/member-calls.ts';
import { loadProfile, putProfile } from './profiles.ts';
import { card, freshDb, stubApi } from './test-kit.ts';

const SANNE = 42;
const answer = (liked: boolean): MemberProfile => ({
  ...card(SANNE, 'Sanne'),
  photos: [],
  liked,
  liked_by: false,
  blocked: false,
  conversation_id: null,
});

beforeEach(() => {
  retryPolicy.baseDelayMs = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('loadProfile', () => {
  it("stores the server's answer", async () => {
    const db = freshDb();
    stubApi({ '/api/member.php': () => ({ status: 200, body: { profile: answer(true) } }) });
    expect((await loadProfile(db, SANNE)).liked).toBe(true);
    expect((await db.profiles.get(SANNE))?.liked).toBe(true);
  });

  it('keeps a like or unlike still in the outbox over an answer that predates it', async () => {
    const db = freshDb();
    // The like is queued; the answer (a page rendered meanwhile) does not know it yet.
    await queueLike(db, card(SANNE, 'Sanne'), true);
    stubApi({ '/api/member.php': () => ({ status: 200, body: { profile: answer(false) } }) });
    expect((await loadProfile(db, SANNE)).liked).toBe(true);
    expect((await db.profiles.get(SANNE))?.liked).toBe(true);
    // And an unlike on its way over an answer that still has the like.
    await queueLike(db, card(SANNE, 'Sanne'), false);
    stubApi({ '/api/member.php': () => ({ status: 200, body: { profile: answer(true) } }) });
    expect((await loadProfile(db, SANNE)).liked).toBe(false);
    expect((await db.profiles.get(SANNE))?.liked).toBe(false);
  });

  it("takes a server-rendered page's answer without a call, unless this device stored the profile since the page's request", async () => {
    const db = freshDb();
    // The server answers "liked"; the page came with "not liked".
    stubApi({ '/api/member.php': () => ({ status: 200, body: { profile: answer(true) } }) });
    seedFirstAnswers({ [profilePath(SANNE)]: { profile: answer(false) } });
    expect((await loadProfile(db, SANNE)).liked).toBe(false);
    // A like stored after the page was requested (then reloaded before the page's answer knew it): the call is made.
    seedFirstAnswers({ [profilePath(SANNE)]: { profile: answer(false) } });
    await putProfile(db, answer(true));
    expect((await loadProfile(db, SANNE)).liked).toBe(true);
  });

  it("makes the call when this device stored the profile before the page's request but differently from its answer", async () => {
    const db = freshDb();
    stubApi({ '/api/member.php': () => ({ status: 200, body: { profile: answer(true) } }) });
    // A like stored (and sent) just before a reload, whose call reached the server after the page's answer was made.
    await db.profiles.put({ ...answer(true), storedAt: performance.timeOrigin - 1000 });
    seedFirstAnswers({ [profilePath(SANNE)]: { profile: answer(false) } });
    expect((await loadProfile(db, SANNE)).liked).toBe(true);
    // The same profile stored before: the page's answer is taken (the server's "liked" is not asked for).
    await db.profiles.put({ ...answer(false), storedAt: performance.timeOrigin - 1000 });
    seedFirstAnswers({ [profilePath(SANNE)]: { profile: answer(false) } });
    expect((await loadProfile(db, SANNE)).liked).toBe(false);
  });
});
