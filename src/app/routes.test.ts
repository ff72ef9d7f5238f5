import { describe, expect, it } from 'vitest';
import { findRoute, matchPath, notFoundRoute } from './routes.ts';
import { composeTitle } from './page-title.ts';
import { formatBadgeCount } from '../ui/count-badge.tsx';

describe('route table (spec 2)', () => {
  it('finds each route by path with its spec name and layout', () => {
    const cases: [string, string, string][] = [
      ['/', 'index', 'default'],
      ['/members', 'members', 'default'],
      ['/members/42', 'members-id', 'default'],
      ['/members/42/chat', 'members-id-chat', 'chat'],
      ['/chats/7', 'chats-id', 'chat'],
      ['/likes/m/5', 'likes-m-id', 'default'],
      ['/likes/liked_by', 'likes-type', 'default'],
      ['/activate/error', 'activate-error', 'default'],
      ['/swipe-game', 'swipe-game', 'default'],
      ['/match-finder', 'match-finder', 'default'],
      ['/members/42/landing', 'members-id-landing', 'lander'],
      ['/members/42/signup', 'members-id-signup', 'lander'],
      ['/members/42/landing2', 'members-id-landing2', 'lander'],
      ['/members/42/landing3/berlin', 'members-id-landing3', 'lander'],
      ['/landers/tinderswipe', 'landers-tinderswipe', 'lander'],
      ['/landers/video', 'landers-video', 'lander'],
      ['/landers/maplanding/amsterdam', 'landers-maplanding', 'lander'],
    ];
    for (const [path, name, layout] of cases) {
      const route = findRoute(path);
      expect([route.name, route.layout]).toEqual([name, layout]);
    }
    expect(findRoute('/pages/return-policy')).toMatchObject({ name: 'pages-return-policy', layout: 'default', access: 'public' });
    expect(findRoute('/pages/nope')).toBe(notFoundRoute);
    // Spec 2 `{token}`: the last route, after every named single-segment path.
    expect(findRoute('/2257')).toMatchObject({ name: 'token', layout: 'default' });
    expect(findRoute('/login').name).toBe('login');
    expect(findRoute('/a/b/c')).toBe(notFoundRoute);
    expect(findRoute('/members/')).toMatchObject({ name: 'members' });
  });

  it('guards the members area and keeps members out of login and signup', () => {
    expect(findRoute('/chats').access).toBe('members');
    expect(findRoute('/likes/m/1').access).toBe('members');
    expect(findRoute('/swipe-game').access).toBe('members');
    expect(findRoute('/match-finder').access).toBe('members');
    expect(findRoute('/login').access).toBe('guest');
    expect(findRoute('/signup').access).toBe('guest');
  });

  it('matches parameters only as whole segments', () => {
    expect(matchPath('/members/:id', '/members/1')).toBe(true);
    expect(matchPath('/members/:id', '/members')).toBe(false);
    expect(matchPath('/members/:id', '/members/1/chat')).toBe(false);
    expect(matchPath('/landers/video/:slug?', '/landers/video')).toBe(true);
    expect(matchPath('/landers/video/:slug?', '/landers/video/milf')).toBe(true);
    expect(matchPath('/landers/video/:slug?', '/landers/video/a/b')).toBe(false);
    expect(findRoute('/landers/tinderswipe/x')).toBe(notFoundRoute);
  });
});

describe('badges and title (spec 2, 9)', () => {
  it('caps counts at 99+', () => {
    expect(formatBadgeCount(0)).toBe('0');
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
  });

  it('prefixes the title with the number of new things', () => {
    expect(composeTitle(0, 'Messages', 'Site')).toBe('Messages - Site');
    expect(composeTitle(3, 'Messages', 'Site')).toBe('(3) Messages - Site');
    expect(composeTitle(2, null, 'Site')).toBe('(2) Site');
  });
});
