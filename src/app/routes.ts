// The one route table (DESIGN): path, spec route name, layout and lazy screen of every page.
import type { ReactNode } from 'react';
import { lazyScreen, type PreloadableComponent } from './lazy-screen.ts';

/** Spec 2: the four layouts. */
export type LayoutName = 'default' | 'chat' | 'lander' | 'empty';

/**
 * Who may open a route:
 * - `public`: everyone;
 * - `guest`: visitors only, a logged-in user goes to /members (home, login, signup);
 * - `members`: the members area (spec 2), a visitor goes to /login;
 * - `search`: members area, but open to visitors when the site allows logged-out search (spec 6).
 */
export type RouteAccess = 'public' | 'guest' | 'members' | 'search';

export interface AppRoute {
  /** wouter pattern, e.g. "/members/:id". */
  path: string;
  /** Spec 2 route name ("members-id", "likes-m-id", ...). */
  name: string;
  layout: LayoutName;
  access: RouteAccess;
  screen: PreloadableComponent<object>;
  /**
   * Spec 2: "A back button shows only in installed-app mode on profile, likes, credits and payment screens".
   * Set on those routes (src/pwa/back-button.tsx shows it in the top navigation when the app is installed).
   */
  back?: true;
}

/**
 * Layout components, lazy too: the chat layout needs none of the navigation's code, and the entry
 * stays within its budget (DESIGN). main.tsx preloads the first route's layout and screen.
 */
export const layouts: Record<LayoutName, PreloadableComponent<{ children: ReactNode }>> = {
  default: lazyScreen(() => import('./layouts/default-layout.tsx')),
  chat: lazyScreen(() => import('./layouts/chat-layout.tsx')),
  lander: lazyScreen(() => import('./layouts/lander-layout.tsx')),
  empty: lazyScreen(() => import('./layouts/empty-layout.tsx')),
};

const home = lazyScreen(() => import('../features/home/home-screen.tsx'));
const login = lazyScreen(() => import('../features/account/login-screen.tsx'));
const signup = lazyScreen(() => import('../features/account/signup-screen.tsx'));
const activateDone = lazyScreen(() => import('../features/account/activate-done-screen.tsx'));
const activateError = lazyScreen(() => import('../features/account/activate-error-screen.tsx'));
const devMailbox = lazyScreen(() => import('../features/account/dev-mailbox-screen.tsx'));
const members = lazyScreen(() => import('../features/members/members-screen.tsx'));
const member = lazyScreen(() => import('../features/member/member-screen.tsx'));
const chat = lazyScreen(() => import('../features/chat/chat-screen.tsx'));
const chats = lazyScreen(() => import('../features/chat/chats-screen.tsx'));
const likes = lazyScreen(() => import('../features/likes/likes-screen.tsx'));
const resetPassword = lazyScreen(() => import('../features/account/reset-password-screen.tsx'));
const resetPasswordDo = lazyScreen(() => import('../features/account/reset-password-do-screen.tsx'));
const mailChangeDo = lazyScreen(() => import('../features/account/mail-change-do-screen.tsx'));
const accountDeleted = lazyScreen(() => import('../features/account/account-deleted-screen.tsx'));
const complaintsScreen = lazyScreen(() => import('../features/complaints/complaints-screen.tsx'));
const settingsScreen = lazyScreen(() => import('../features/settings/settings-screen.tsx'));
const profile = lazyScreen(() => import('../features/profile/profile-screen.tsx'));
const notifications = lazyScreen(() => import('../features/notifications/notifications-screen.tsx'));
const credits = lazyScreen(() => import('../features/payments/credits-screen.tsx'));
const pay = lazyScreen(() => import('../features/payments/pay-screen.tsx'));
const repeatOrder = lazyScreen(() => import('../features/payments/repeat-order-screen.tsx'));
const premium = lazyScreen(() => import('../features/payments/premium-screen.tsx'));
const pricing = lazyScreen(() => import('../features/payments/pricing-screen.tsx'));
const completeSignup = lazyScreen(() => import('../features/onboarding/complete-signup-screen.tsx'));
const signupMatches = lazyScreen(() => import('../features/onboarding/signup-matches-screen.tsx'));
const langConfig = lazyScreen(() => import('../features/language/lang-config-screen.tsx'));
const transactions = lazyScreen(() => import('../features/payments/transactions-screen.tsx'));
const directDebit = lazyScreen(() => import('../features/payments/directdebit-screen.tsx'));
const devSms = lazyScreen(() => import('../features/payments/dev-sms-screen.tsx'));
const content = lazyScreen(() => import('../features/pages/content-screen.tsx'));
const swipeGame = lazyScreen(() => import('../features/swipe/swipe-game-screen.tsx'));
const matchFinder = lazyScreen(() => import('../features/match-finder/match-finder-screen.tsx'));
// Spec 2 landers: one chunk per lander, so a visitor from an ad loads only the page they land on.
const tinderswipe = lazyScreen(() => import('../features/landers/tinderswipe-lander.tsx'));
const aloneTonight = lazyScreen(() => import('../features/landers/alonetonight-lander.tsx'));
const collage = lazyScreen(() => import('../features/landers/collage-lander.tsx'));
const gallery = lazyScreen(() => import('../features/landers/gallery-lander.tsx'));
const iconsLander = lazyScreen(() => import('../features/landers/icons-lander.tsx'));
const mapLander = lazyScreen(() => import('../features/landers/map-lander.tsx'));
const social = lazyScreen(() => import('../features/landers/social-lander.tsx'));
const transitions = lazyScreen(() => import('../features/landers/transitions-lander.tsx'));
const video = lazyScreen(() => import('../features/landers/video-lander.tsx'));
const memberLanding = lazyScreen(() => import('../features/landers/member-landing-screen.tsx'));
const memberSignup = lazyScreen(() => import('../features/landers/member-signup-screen.tsx'));
const notFound = lazyScreen(() => import('./not-found-screen.tsx'));

/** Matched top to bottom; the first match wins. */
export const routes: readonly AppRoute[] = [
  { path: '/', name: 'index', layout: 'default', access: 'guest', screen: home },
  { path: '/login', name: 'login', layout: 'default', access: 'guest', screen: login },
  { path: '/signup', name: 'signup', layout: 'default', access: 'guest', screen: signup },
  { path: '/activate/done', name: 'activate-done', layout: 'default', access: 'public', screen: activateDone },
  { path: '/activate/error', name: 'activate-error', layout: 'default', access: 'public', screen: activateError },
  { path: '/dev/mailbox', name: 'dev-mailbox', layout: 'default', access: 'public', screen: devMailbox },
  { path: '/members', name: 'members', layout: 'default', access: 'search', screen: members },
  { path: '/members/:id/chat', name: 'members-id-chat', layout: 'chat', access: 'members', screen: chat },
  // Member landings (spec 2) before '/members/:id'; public, so the new member goes on to the chat after signup.
  { path: '/members/:id/landing', name: 'members-id-landing', layout: 'lander', access: 'public', screen: memberLanding },
  { path: '/members/:id/signup', name: 'members-id-signup', layout: 'lander', access: 'public', screen: memberSignup },
  {
    path: '/members/:id/landing2/:slug?',
    name: 'members-id-landing2',
    layout: 'lander',
    access: 'public',
    screen: memberLanding,
  },
  {
    path: '/members/:id/landing3/:slug?',
    name: 'members-id-landing3',
    layout: 'lander',
    access: 'public',
    screen: memberLanding,
  },
  { path: '/members/:id', name: 'members-id', layout: 'default', access: 'search', screen: member, back: true },
  { path: '/chats', name: 'chats', layout: 'default', access: 'members', screen: chats },
  { path: '/chats/:id', name: 'chats-id', layout: 'chat', access: 'members', screen: chat },
  { path: '/likes', name: 'likes', layout: 'default', access: 'members', screen: likes, back: true },
  { path: '/likes/m/:id', name: 'likes-m-id', layout: 'default', access: 'members', screen: member, back: true },
  { path: '/likes/:type', name: 'likes-type', layout: 'default', access: 'members', screen: likes, back: true },
  { path: '/swipe-game', name: 'swipe-game', layout: 'default', access: 'members', screen: swipeGame },
  { path: '/match-finder', name: 'match-finder', layout: 'default', access: 'members', screen: matchFinder },
  { path: '/reset-password', name: 'reset-password', layout: 'default', access: 'public', screen: resetPassword },
  { path: '/reset-password/do', name: 'reset-password-do', layout: 'default', access: 'public', screen: resetPasswordDo },
  { path: '/mail-change/do', name: 'mail-change-do', layout: 'default', access: 'public', screen: mailChangeDo },
  { path: '/account-deleted', name: 'account-deleted', layout: 'default', access: 'public', screen: accountDeleted },
  { path: '/complaints', name: 'complaints', layout: 'default', access: 'public', screen: complaintsScreen },
  { path: '/profile', name: 'profile', layout: 'default', access: 'members', screen: profile, back: true },
  { path: '/settings', name: 'settings', layout: 'default', access: 'members', screen: settingsScreen },
  { path: '/notifications', name: 'notifications', layout: 'default', access: 'members', screen: notifications },
  { path: '/credits', name: 'credits', layout: 'default', access: 'members', screen: credits, back: true },
  {
    path: '/credits/repeat-order',
    name: 'credits-repeat-order',
    layout: 'default',
    access: 'members',
    screen: repeatOrder,
    back: true,
  },
  { path: '/credits/:id', name: 'credits-id', layout: 'default', access: 'members', screen: pay, back: true },
  {
    path: '/credits/:id/:paymentmethod',
    name: 'credits-id-paymentmethod',
    layout: 'default',
    access: 'members',
    screen: pay,
    back: true,
  },
  { path: '/directdebit', name: 'directdebit', layout: 'default', access: 'members', screen: directDebit, back: true },
  { path: '/dev/sms', name: 'dev-sms', layout: 'default', access: 'public', screen: devSms },
  { path: '/premium', name: 'premium', layout: 'default', access: 'members', screen: premium },
  { path: '/pricing', name: 'pricing', layout: 'default', access: 'public', screen: pricing },
  { path: '/complete-signup', name: 'complete-signup', layout: 'default', access: 'members', screen: completeSignup },
  { path: '/signup-matches', name: 'signup-matches', layout: 'default', access: 'members', screen: signupMatches },
  { path: '/lang-config', name: 'lang-config', layout: 'default', access: 'public', screen: langConfig },
  { path: '/transactions', name: 'transactions', layout: 'default', access: 'members', screen: transactions },
  { path: '/transactions/:id', name: 'transactions-id', layout: 'default', access: 'members', screen: transactions },
  // Spec 2 marketing landers, for visitors (a member goes to /members); the slug selects the copy.
  { path: '/landers/tinderswipe', name: 'landers-tinderswipe', layout: 'lander', access: 'guest', screen: tinderswipe },
  { path: '/landers/alonetonight/:slug?', name: 'landers-alonetonight', layout: 'lander', access: 'guest', screen: aloneTonight },
  { path: '/landers/collagelanding/:slug?', name: 'landers-collagelanding', layout: 'lander', access: 'guest', screen: collage },
  { path: '/landers/gallery/:slug?', name: 'landers-gallery', layout: 'lander', access: 'guest', screen: gallery },
  { path: '/landers/iconslanding/:slug?', name: 'landers-iconslanding', layout: 'lander', access: 'guest', screen: iconsLander },
  { path: '/landers/maplanding/:slug?', name: 'landers-maplanding', layout: 'lander', access: 'guest', screen: mapLander },
  { path: '/landers/socialnetwork/:slug?', name: 'landers-socialnetwork', layout: 'lander', access: 'guest', screen: social },
  {
    path: '/landers/transitionsvideolanding/:slug?',
    name: 'landers-transitionsvideolanding',
    layout: 'lander',
    access: 'guest',
    screen: transitions,
  },
  { path: '/landers/video/:slug?', name: 'landers-video', layout: 'lander', access: 'guest', screen: video },
  ...['terms', 'privacy', 'cookies', 'ban', 'return-policy', 'faq', 'service'].map((page): AppRoute => ({
    path: `/pages/${page}`,
    name: `pages-${page}`,
    layout: 'default',
    access: 'public',
    screen: content,
  })),
  // Spec 2 `{token}`: any other single segment opens the content block of that token (the 404 page when none).
  { path: '/:token', name: 'token', layout: 'default', access: 'public', screen: content },
];

/** Spec 2: the members area, by route name (likes-type is the likes screen with a tab chosen). */
export const MEMBERS_AREA: ReadonlySet<string> = new Set([
  'members',
  'members-id',
  'chats',
  'likes',
  'likes-type',
  'likes-m-id',
  'premium',
]);

/** True when `path` is in the members area (spec 2). */
export const inMembersArea = (path: string) => MEMBERS_AREA.has(findRoute(path).name);

/** Shown for every path no route matches (spec 8: "This page could not be found"). */
export const notFoundRoute: AppRoute = { path: '*', name: 'not-found', layout: 'default', access: 'public', screen: notFound };

/**
 * True when `path` matches `pattern` ("/members/:id" matches "/members/42"; a trailing slash is ignored).
 * A parameter ending in "?" may be left out ("/landers/video/:slug?" matches "/landers/video" too).
 */
export function matchPath(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  const required = want.filter((seg) => !seg.endsWith('?')).length;
  if (have.length < required || have.length > want.length) return false;
  return want.every((seg, i) =>
    i >= have.length ? seg.endsWith('?') : seg.startsWith(':') ? have[i].length > 0 : seg === have[i],
  );
}

/** The route for `path` (the not-found route when none matches). */
export function findRoute(path: string): AppRoute {
  return routes.find((r) => matchPath(r.path, path)) ?? notFoundRoute;
}

/** Starts loading the layout and screen chunks of `path`, so they arrive while the boot calls run. */
export function preloadRoute(path: string): void {
  const route = findRoute(path);
  void layouts[route.layout].preload().catch(() => {});
  void route.screen.preload().catch(() => {});
}
