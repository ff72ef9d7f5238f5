import { describe, expect, it } from 'vitest';
import { isBeingWritten, MemberCache, writesHeard, writesInFlight } from './member-cache.ts';

describe('MemberCache', () => {
  it('never stores what a read begun before an eviction answered', () => {
    const cache = new MemberCache<string>({ max: 10, evictOn: ['changes'] });
    const mark = cache.mark(1);
    cache.changed([1]);
    cache.set(1, 'stale', mark);
    expect(cache.get(1)).toBeUndefined();
    cache.set(1, 'fresh', cache.mark(1));
    expect(cache.get(1)).toBe('fresh');
    cache.changed([2]);
    expect(cache.get(1)).toBe('fresh');
  });

  it('is evicted by what `evictOn` names only', () => {
    const cache = new MemberCache<string>({ max: 10, evictOn: ['blocks'] });
    cache.set(1, 'a', cache.mark(1));
    cache.changed([1]);
    expect(cache.get(1)).toBe('a');
    cache.blocksChanged([1]);
    expect(cache.get(1)).toBeUndefined();
  });

  it('serves a value for ttlMs only, and keeps at most `max` members', () => {
    const cache = new MemberCache<number>({ max: 2, evictOn: ['changes'], ttlMs: 1_000 });
    cache.set(1, 1, cache.mark(1), 10_000);
    expect(cache.get(1, 10_999)).toBe(1);
    expect(cache.get(1, 11_000)).toBeUndefined();
    cache.set(2, 2, cache.mark(2), 10_000);
    cache.set(3, 3, cache.mark(3), 10_000);
    expect([cache.get(1, 10_001), cache.get(2, 10_001), cache.get(3, 10_001)]).toEqual([undefined, 2, 3]);
  });

  it('serves nothing while the listener is lost, and starts empty once it is back', () => {
    const cache = new MemberCache<string>({ max: 10, evictOn: ['changes'] });
    cache.set(1, 'a', cache.mark(1));
    const mark = cache.mark(1);
    cache.lost();
    cache.set(1, 'b', cache.mark(1));
    expect(cache.get(1)).toBeUndefined();
    cache.gap();
    cache.set(1, 'old read', mark);
    expect(cache.get(1)).toBeUndefined();
    cache.set(1, 'c', cache.mark(1));
    expect(cache.get(1)).toBe('c');
  });

  it('neither serves nor stores a member with a write in flight until its NOTIFY is heard, or 10 s passed', () => {
    const cache = new MemberCache<string>({ max: 10, evictOn: ['changes'] });
    const now = Date.now();
    cache.set(7, 'before', cache.mark(7), now);
    writesInFlight([7], now);
    writesInFlight([7], now);
    expect(cache.get(7, now)).toBeUndefined();
    cache.set(7, 'during', cache.mark(7), now);
    writesHeard([7]);
    expect(cache.get(7, now)).toBeUndefined();
    writesHeard([7]);
    expect(cache.get(7, now)).toBe('before');
    cache.changed([7]);
    cache.set(7, 'after', cache.mark(7), now);
    expect(cache.get(7, now)).toBe('after');
    // A write never heard of (rolled back) holds the member for 10 s after it began.
    writesInFlight([8], 5_000);
    expect(isBeingWritten(8, 14_999)).toBe(true);
    expect(isBeingWritten(8, 15_000)).toBe(false);
  });
});
