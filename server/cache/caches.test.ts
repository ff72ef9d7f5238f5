import { describe, expect, it, vi } from 'vitest';
import { createCaches } from './caches.ts';
import { ChangeClock } from './change-clock.ts';
import { MemberCache } from './member-cache.ts';
import { SearchWindows } from './search-windows.ts';
import type { Listed } from '../domain/discovery/member-search.ts';

/** A load that answers `value` once `release` is called, counting its calls. */
function gated<T>(value: T) {
  let release!: () => void;
  const gate = new Promise<void>((done) => (release = done));
  const load = vi.fn(async () => {
    await gate;
    return value;
  });
  return { load, release };
}

const listed = (...ids: number[]): Listed[] => ids.map((id) => ({ id, json: `{"id":${id}}`, cell: { lat: null, lon: null } }));

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('member caches', () => {
  it('answer from memory until a change of the member, and never keep what a read begun before the change answered', async () => {
    const caches = createCaches();
    expect(await caches.heads.get(1, async () => 5)).toBe(5);
    expect(await caches.heads.get(1, async () => 6)).toBe(5);
    const slow = gated(6);
    const reading = caches.heads.load(1, slow.load);
    caches.changed([1]);
    slow.release();
    expect(await reading).toBe(6);
    expect(await caches.heads.get(1, async () => 7)).toBe(7);
    caches.changed([2]);
    expect(await caches.heads.get(1, async () => 8)).toBe(7);
  });

  it('are evicted by what concerns them only: heads and chat lists by changes, searchers by changes and blocks', async () => {
    const caches = createCaches();
    const searcher = (n: number) => async () => ({ cell: { lat: n, lon: n }, excluded: new Set([1]) });
    await caches.heads.get(1, async () => 5);
    await caches.searchers.get(1, searcher(1));
    caches.blocksChanged([1]);
    expect(await caches.heads.get(1, async () => 6)).toBe(5);
    expect((await caches.searchers.get(1, searcher(2))).cell.lat).toBe(2);
    caches.changed([1]);
    expect(await caches.heads.get(1, async () => 6)).toBe(6);
    expect((await caches.searchers.get(1, searcher(3))).cell.lat).toBe(3);
  });

  it('keep a value for its TTL only, and at most `max` members', async () => {
    const cache = new MemberCache<number>(new ChangeClock(100), { max: 2, ttlMs: 100 });
    await cache.get(1, async () => 1);
    expect(await cache.get(1, async () => 10)).toBe(1);
    await sleep(120);
    expect(await cache.get(1, async () => 11)).toBe(11);
    await cache.get(2, async () => 2);
    await cache.get(3, async () => 3);
    expect([await cache.get(1, async () => 0), await cache.get(3, async () => 0)]).toEqual([0, 3]);
  });

  it('serve nothing while the listener is lost, and start empty once it is back, refusing reads begun before', async () => {
    const caches = createCaches();
    await caches.heads.get(1, async () => 5);
    caches.lost();
    expect(await caches.heads.get(1, async () => 6)).toBe(6);
    expect(await caches.heads.get(1, async () => 7)).toBe(7);
    const slow = gated(8);
    const reading = caches.heads.load(1, slow.load);
    caches.gap();
    slow.release();
    await reading;
    expect(await caches.heads.get(1, async () => 9)).toBe(9);
    expect(await caches.heads.get(1, async () => 10)).toBe(9);
  });

  it('refuse a read of a member the change clock no longer remembers, rather than keep a stale one', async () => {
    const clock = new ChangeClock(2);
    const cache = new MemberCache<number>(clock, { max: 10 });
    const slow = gated(1);
    const reading = cache.load(1, slow.load);
    clock.heard([1]);
    clock.heard([2]);
    clock.heard([3]);
    slow.release();
    await reading;
    expect(await cache.get(1, async () => 2)).toBe(2);
  });
});

describe('the session cache', () => {
  it('forgets every session of a member whose sessions ended, and keeps no lookup a session end overtook', () => {
    const caches = createCaches();
    const now = Date.now();
    const session = (userId: number) => ({ userId, siteId: 1, expiresAt: now + 60_000, seenAt: now });
    caches.sessions.set('a', session(1), caches.sessions.mark());
    caches.sessions.set('b', session(1), caches.sessions.mark());
    caches.sessions.set('c', session(2), caches.sessions.mark());
    const since = caches.sessions.mark();
    caches.sessionsEnded([1]);
    expect([caches.sessions.get('a', now), caches.sessions.get('b', now)]).toEqual([undefined, undefined]);
    expect(caches.sessions.get('c', now)?.userId).toBe(2);
    caches.sessions.set('a', session(1), since);
    expect(caches.sessions.get('a', now)).toBeUndefined();
    expect(caches.sessions.get('c', now + 60_000)).toBeUndefined();
  });
});

describe('the search windows', () => {
  it('share one read between the searches that miss meanwhile, and keep it for their TTL', async () => {
    const windows = new SearchWindows<Listed>(new ChangeClock(100), { max: 10, ttlMs: 100 });
    const slow = gated(listed(1, 2));
    const [a, b] = [windows.get('k', slow.load), windows.get('k', slow.load)];
    slow.release();
    expect(await a).toEqual(await b);
    expect(slow.load).toHaveBeenCalledTimes(1);
    expect(await windows.get('k', async () => listed(3))).toEqual(listed(1, 2));
    await sleep(120);
    expect(await windows.get('k', async () => listed(3))).toEqual(listed(3));
  });

  it('drop a window with a change of a member in it; a read a change overtook is answered, not kept nor shared', async () => {
    const caches = createCaches();
    await caches.searchWindows.get('k', async () => listed(1, 2));
    caches.changed([5]);
    expect(await caches.searchWindows.get('k', async () => listed(9))).toEqual(listed(1, 2));
    caches.changed([2]);
    const slow = gated(listed(1, 2));
    const first = caches.searchWindows.get('k', slow.load);
    const joined = caches.searchWindows.get('k', async () => listed(1, 3));
    caches.changed([1]);
    slow.release();
    expect(await first).toEqual(listed(1, 2));
    expect(await joined).toEqual(listed(1, 3));
    expect(await caches.searchWindows.get('k', async () => listed(4))).toEqual(listed(1, 3));
  });
});
