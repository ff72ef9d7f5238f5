import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTO_LIKE_RELOAD_MS, type User } from '../../../contract/index.ts';
import { requestSync, syncNews } from '../../sync/member-sync.ts';
import { card, stubApi } from '../../sync/test-kit.ts';
import { session } from '../account/session-store.ts';
import { autoLikeDue, fetchAutoLike } from './auto-like.ts';
import { openProfileId } from './like-news.tsx';

vi.mock('../../sync/member-sync.ts', () => ({ syncNews: { newLike: null }, requestSync: vi.fn(), currentDb: vi.fn() }));

const member = { fictional_icon: false };
const due = (over: Partial<Parameters<typeof autoLikeDue>[0]>) =>
  autoLikeDue({ user: member, path: '/members', online: true, visible: true, ...over });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  syncNews.newLike = null;
});

describe('autoLikeDue', () => {
  it('is true for a real member in the members area, online and visible', () => {
    for (const path of ['/members', '/members/12', '/chats', '/likes', '/likes/my-likes', '/likes/m/12'])
      expect(due({ path })).toBe(true);
  });
  it('is false outside the members area, offline, hidden, for visitors and fictional members', () => {
    for (const path of ['/', '/login', '/chats/3', '/members/12/chat', '/notifications', '/activate/done'])
      expect(due({ path })).toBe(false);
    expect(due({ online: false })).toBe(false);
    expect(due({ visible: false })).toBe(false);
    expect(due({ user: null })).toBe(false);
    expect(due({ user: { fictional_icon: true } })).toBe(false);
  });
});

describe('fetchAutoLike', () => {
  it('makes the liker the new-like news at once with the match photo, and reloads the likes AUTO_LIKE_RELOAD_MS later', async () => {
    vi.useFakeTimers();
    session.user = { id: 7 } as User;
    const liker = {
      ...card(42, 'Eva'),
      fictional: true,
      like_new: true,
      photo: { id: 1, url: '/media/a.webp', thumb_url: '/media/a-t.webp', locked: false },
    };
    stubApi({
      '/api/auto-like.php': () => ({
        status: 200,
        body: { profile: { id: 42, card: liker, main_image: { match: '/media/m.webp' } } },
      }),
    });
    await fetchAutoLike(7);
    expect(syncNews.newLike).toMatchObject({ id: 42, name: 'Eva', photo: { url: '/media/m.webp' } });
    expect(requestSync).not.toHaveBeenCalled();
    vi.advanceTimersByTime(AUTO_LIKE_RELOAD_MS);
    expect(requestSync).toHaveBeenCalledExactlyOnceWith('auto-like');
  });

  it('announces nothing when none is due', async () => {
    session.user = { id: 7 } as User;
    stubApi({ '/api/auto-like.php': () => ({ status: 200, body: { profile: null } }) });
    await fetchAutoLike(7);
    expect(syncNews.newLike).toBeNull();
  });
});

describe('openProfileId', () => {
  it('names the profile a member screen shows, and nothing elsewhere', () => {
    expect(openProfileId('/members/12')).toBe(12);
    expect(openProfileId('/likes/m/7')).toBe(7);
    expect(openProfileId('/members/12/chat')).toBeNull();
    expect(openProfileId('/likes')).toBeNull();
  });
});
