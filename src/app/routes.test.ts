import { describe, expect, it } from 'vitest';
import type { Settings, User } from '../../contract/index.ts';
import {
  findRoute,
  firstCalls,
  LAYOUT_MODULES,
  matchPath,
  notFoundRoute,
  pathParams,
  subjectOf,
  routes,
  type LayoutName,
} from './routes.ts';
import { layouts, screenOf } from './route-screens.ts';
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

describe('page subjects (spec 8: 404)', () => {
  const subject = (path: string, language = 'en') => subjectOf(findRoute(path), path, language);

  it('are none for an unknown path or a parameter that can name none', () => {
    for (const path of ['/a/b/c', '/members/abc', '/members/0', '/members/042', '/likes/m/x', '/UPPER', '/%E0']) {
      expect(subject(path), path).toEqual({ found: false });
    }
  });

  it("are the call that decides a profile's or a token's page, and none for other pages", () => {
    expect(subject('/members/42')).toEqual({ found: true, call: '/api/member.php?id=42' });
    expect(subject('/likes/m/7')).toEqual({ found: true, call: '/api/member.php?id=7' });
    expect(subject('/2257', 'de')).toEqual({ found: true, call: '/api/content.php?token=2257&lang=de' });
    expect(subject('/members')).toEqual({ found: true });
    expect(subject('/landers/gallery/anything')).toEqual({ found: true });
  });
});

describe("the route table's modules", () => {
  // The server finds a page's chunks in the build's manifest by these names (server/page-shell.ts): a name that is not
  // the module the page loads would leave the rendered page without its scripts.
  it('loads, for every screen and layout, the module the table names', async () => {
    for (const route of [...routes, notFoundRoute]) {
      const named = await import(/* @vite-ignore */ `/${route.screen}`);
      expect(await screenOf(route).preload(), route.name).toBe(named);
    }
    for (const [name, module] of Object.entries(LAYOUT_MODULES)) {
      const named = await import(/* @vite-ignore */ `/${module}`);
      expect(await layouts[name as LayoutName].preload(), name).toBe(named);
    }
  });
});

describe('first calls (docs/perf.md, "Server rendering")', () => {
  const settings = { geoip_selected_country: null, geoip_country: 'NL' } as Settings;
  const member = (over: Partial<User> = {}) =>
    ({
      profile: { gender: 'male', sexuality: 'hetero', country: 'DE' },
      paid_user: false,
      signup_date: '2026-01-02',
      ...over,
    }) as User;
  const callsOf = (path: string, user: User | null) => firstCalls(findRoute(path), path, user, settings, 'de');
  const offers = ['/api/discountcode.php', '/api/discountcode.php?welcome=true'];

  it("names each path's parameters", () => {
    expect(pathParams('/members/:id', '/members/42')).toEqual({ id: '42' });
    expect(pathParams('/landers/video/:slug?', '/landers/video')).toEqual({});
    expect(pathParams('/credits/:id/:paymentmethod', '/credits/3/card/')).toEqual({ id: '3', paymentmethod: 'card' });
  });

  it("are the calls each screen's first render reads", () => {
    expect(callsOf('/landers/video/milf', null)).toEqual(['/api/lander.php']);
    expect(callsOf('/landers/gallery/amsterdam', null)).toEqual(['/api/lander.php?place=amsterdam']);
    expect(callsOf('/members/42/landing', null)).toEqual(['/api/member.php?id=42']);
    expect(callsOf('/members/42/signup', null)).toEqual(['/api/member.php?id=42']);
    expect(callsOf('/members/abc/landing', null)).toEqual([]);
    expect(callsOf('/members/42/landing2/milf', null)).toEqual(['/api/member.php?id=42']);
    expect(callsOf('/members/42/landing3/new-york', null)).toEqual(['/api/member.php?id=42', '/api/lander.php?place=new-york']);
    expect(callsOf('/members', null)).toEqual(['/api/members.php?country=NL&min_age=18&max_age=99&page=1']);
    expect(callsOf('/members/42', null)).toEqual(['/api/member.php?id=42']);
    expect(callsOf('/members/x', null)).toEqual([]);
    expect(callsOf('/pricing', null)).toEqual(['/api/credits.php?country=NL', '/api/content.php?token=pricing&lang=de']);
    expect(callsOf('/pages/terms', null)).toEqual(['/api/content.php?token=terms&lang=de']);
    expect(callsOf('/faq-extra', null)).toEqual(['/api/content.php?token=faq-extra&lang=de']);
    expect(callsOf('/Bad%20Token', null)).toEqual([]);
    expect(callsOf('/login', null)).toEqual([]);
    const paid = member({ paid_user: true });
    expect(callsOf('/chats', paid)).toEqual(['/api/chats.php']);
    expect(callsOf('/members/42/chat', paid)).toEqual(['/api/member.php?id=42', '/api/messages.php?profile=42&limit=50']);
    expect(callsOf('/chats/7', paid)).toEqual(['/api/member.php?id=7', '/api/messages.php?profile=7&limit=50']);
    expect(callsOf('/chats/abc', paid)).toEqual([]);
    expect(callsOf('/likes/m/7', paid)).toEqual(['/api/member.php?id=7']);
    expect(callsOf('/members', paid)).toEqual(['/api/members.php?gender=female&country=DE&min_age=18&max_age=99&page=1']);
    expect(callsOf('/credits', paid)).toEqual(['/api/credits.php']);
    expect(callsOf('/likes/matches', paid)).toEqual(['/api/likes.php']);
    expect(callsOf('/settings', paid)).toEqual(['/api/blocks.php', '/api/stored-cards.php']);
    expect(callsOf('/swipe-game', paid)).toEqual(['/api/swipe-deck.php']);
  });

  it("add the member's offers in the members area and on the money screens (spec 4), each once", () => {
    expect(callsOf('/likes', member())).toEqual(['/api/likes.php', ...offers]);
    expect(callsOf('/chats', member())).toEqual(['/api/chats.php', ...offers]);
    expect(callsOf('/premium', member())).toEqual(['/api/credits.php', ...offers]);
    expect(callsOf('/directdebit', member())).toEqual(['/api/credits.php', ...offers]);
    expect(callsOf('/profile', member())).toEqual(['/api/photos.php', '/api/profile.php']);
    expect(callsOf('/likes', member({ signup_date: '' }))).toEqual(['/api/likes.php']);
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
