// The one route table (DESIGN): path, spec route name, layout, access, the screen's module and the first calls it reads,
// for every page. Without React or the DOM: the page (src/app/route-screens.ts loads the modules it names), the server's
// render (through src/app/server-entry.ts) and the tests read the same table.
import type { Settings, User } from '../../contract/index.ts';
import { chatCalls, CHATS_CALL } from '../features/chat/chat-calls.ts';
import { LIKES_CALL } from '../features/likes/likes-calls.ts';
import { PHOTOS_CALL, PROFILE_CALL } from '../features/profile/profile-calls.ts';
import { BLOCKS_CALL, STORED_CARDS_CALL } from '../features/settings/settings-calls.ts';
import { SWIPE_DECK_CALL } from '../features/swipe/swipe-calls.ts';
import { landerCall, placeSlug } from '../features/landers/lander-calls.ts';
import { contentCall } from '../features/pages/content-call.ts';
import { memberIdOf, profilePath } from '../features/member/member-calls.ts';
import { firstSearchPath } from '../features/members/search-query.ts';
import { offerCallsOf } from '../features/offers/offer-calls.ts';
import { signupMatchesPath } from '../features/onboarding/matches-calls.ts';
import { offerCountry, offerPath } from '../features/payments/offer-query.ts';
import { REPEAT_ORDER_CALL, TRANSACTIONS_CALL } from '../features/payments/payment-calls.ts';

/** Spec 2: the four layouts. */
export type LayoutName = 'default' | 'chat' | 'lander' | 'empty';

/**
 * Who may open a route:
 * - `public`: everyone;
 * - `guest`: visitors only, a logged-in user goes to /members (home, login, signup);
 * - `members`: the members area (spec 2), a visitor goes to /login;
 * - `search`: members area, but open to visitors when the site allows logged-out search (spec 6).
 */
type RouteAccess = 'public' | 'guest' | 'members' | 'search';

/**
 * Each layout's module, by its path from the repository root: the key of its chunk in the build's manifest
 * (dist/.vite/manifest.json). Layouts are lazy too: the chat layout needs none of the navigation's code, and the entry
 * stays within its budget (DESIGN).
 */
export const LAYOUT_MODULES: Readonly<Record<LayoutName, string>> = {
  default: 'src/app/layouts/default-layout.tsx',
  chat: 'src/app/layouts/chat-layout.tsx',
  lander: 'src/app/layouts/lander-layout.tsx',
  empty: 'src/app/layouts/empty-layout.tsx',
};

/**
 * Each screen's module, by its path from the repository root (its chunk's key in the build's manifest), each a lazy
 * chunk of its own. Spec 2 landers: one chunk per lander, so a visitor from an ad loads only the page they land on.
 */
const screens = {
  home: 'src/features/home/home-screen.tsx',
  login: 'src/features/account/login-screen.tsx',
  signup: 'src/features/account/signup-screen.tsx',
  activateDone: 'src/features/account/activate-done-screen.tsx',
  activateError: 'src/features/account/activate-error-screen.tsx',
  devMailbox: 'src/features/account/dev-mailbox-screen.tsx',
  members: 'src/features/members/members-screen.tsx',
  member: 'src/features/member/member-screen.tsx',
  chat: 'src/features/chat/chat-screen.tsx',
  chats: 'src/features/chat/chats-screen.tsx',
  likes: 'src/features/likes/likes-screen.tsx',
  resetPassword: 'src/features/account/reset-password-screen.tsx',
  resetPasswordDo: 'src/features/account/reset-password-do-screen.tsx',
  mailChangeDo: 'src/features/account/mail-change-do-screen.tsx',
  accountDeleted: 'src/features/account/account-deleted-screen.tsx',
  complaints: 'src/features/complaints/complaints-screen.tsx',
  settings: 'src/features/settings/settings-screen.tsx',
  profile: 'src/features/profile/profile-screen.tsx',
  notifications: 'src/features/notifications/notifications-screen.tsx',
  credits: 'src/features/payments/credits-screen.tsx',
  pay: 'src/features/payments/pay-screen.tsx',
  repeatOrder: 'src/features/payments/repeat-order-screen.tsx',
  premium: 'src/features/payments/premium-screen.tsx',
  pricing: 'src/features/payments/pricing-screen.tsx',
  completeSignup: 'src/features/onboarding/complete-signup-screen.tsx',
  signupMatches: 'src/features/onboarding/signup-matches-screen.tsx',
  langConfig: 'src/features/language/lang-config-screen.tsx',
  transactions: 'src/features/payments/transactions-screen.tsx',
  directDebit: 'src/features/payments/directdebit-screen.tsx',
  devSms: 'src/features/payments/dev-sms-screen.tsx',
  content: 'src/features/pages/content-screen.tsx',
  swipeGame: 'src/features/swipe/swipe-game-screen.tsx',
  matchFinder: 'src/features/match-finder/match-finder-screen.tsx',
  tinderswipe: 'src/features/landers/tinderswipe-lander.tsx',
  aloneTonight: 'src/features/landers/alonetonight-lander.tsx',
  collage: 'src/features/landers/collage-lander.tsx',
  gallery: 'src/features/landers/gallery-lander.tsx',
  iconsLander: 'src/features/landers/icons-lander.tsx',
  mapLander: 'src/features/landers/map-lander.tsx',
  social: 'src/features/landers/social-lander.tsx',
  transitions: 'src/features/landers/transitions-lander.tsx',
  video: 'src/features/landers/video-lander.tsx',
  memberLanding: 'src/features/landers/member-landing-screen.tsx',
  memberSignup: 'src/features/landers/member-signup-screen.tsx',
  notFound: 'src/app/not-found-screen.tsx',
} as const;

/** A screen's module (src/app/route-screens.ts holds the lazy component of each). */
export type ScreenModule = (typeof screens)[keyof typeof screens];

/** What a route's first calls depend on: the path's parameters and the session the page is drawn for. */
interface CallContext {
  /** The path's parameters by name: `{ id: '42' }` for "/members/:id" at "/members/42"; a left-out one is absent. */
  params: Readonly<Record<string, string>>;
  /** The logged-in member, or null for a visitor. */
  user: User | null;
  settings: Settings;
  /** The page's language (i18next's; the server render's pick). */
  language: string;
}

export interface AppRoute {
  /** wouter pattern, e.g. "/members/:id". */
  path: string;
  /** Spec 2 route name ("members-id", "likes-m-id", ...). */
  name: string;
  layout: LayoutName;
  access: RouteAccess;
  /** The screen's module (ScreenModule). */
  screen: ScreenModule;
  /**
   * The GET calls the screen's first render reads, by path with query as the page sends them and as first answers key
   * them (src/api/first-answers.ts). The screen reads them through the same functions; a server render answers them
   * in-process and hands the answers to the page (docs/perf.md, "Server rendering"). None when absent.
   */
  firstCalls?: (context: CallContext) => readonly string[];
  /**
   * The GET call whose answer says whether the page's subject exists (the member of a profile, the content block of a
   * token) for the path's parameters and the page's language, by path with query; null when the parameters can name
   * none (a malformed id). The page is the 404 page, and the server answers it with status 404, when this is null or
   * the call answers 400 or 404. None: the page always exists.
   */
  subject?: (params: Readonly<Record<string, string>>, language: string) => string | null;
  /**
   * Spec 2: "A back button shows only in installed-app mode on profile, likes, credits and payment screens".
   * Set on those routes (src/pwa/back-button.tsx shows it in the top navigation when the app is installed).
   */
  back?: true;
}

/** A lander's first call: its content, with the place its slug names (spec 2). */
const landerCalls = ({ params }: CallContext) => [landerCall(params.slug)];
/** A member landing's first calls: the member of the path's `id`, and the place its slug names when it may name one (spec 2). */
const memberLanderCalls = (context: CallContext) => [
  ...profileCalls(context),
  ...(placeSlug(context.params.slug) === undefined ? [] : [landerCall(context.params.slug)]),
];
/** /members' first call: page 1 of the default search (spec 3). */
const searchCalls = ({ user, settings }: CallContext) => [firstSearchPath(user, settings)];
/** The member of a profile path's `id` (spec 2 members-id, likes-m-id); null when the id is not one ("abc", "0"). */
const profileSubject = (params: Readonly<Record<string, string>>) => {
  const id = memberIdOf(params.id);
  return id === null ? null : profilePath(id);
};
/** A profile's first call: the member of the path's `id`; none when the id is not one. */
const profileCalls = ({ params }: CallContext) => {
  const subject = profileSubject(params);
  return subject === null ? [] : [subject];
};
/**
 * The content block of a `{token}` path (spec 2) in the page's language (the server falls back to English); null for
 * what can be no token (contract ContentToken's pattern, without loading zod into the entry).
 */
const tokenSubject = (params: Readonly<Record<string, string>>, language: string) => {
  let token: string;
  try {
    token = decodeURIComponent(params.token ?? '');
  } catch {
    return null;
  }
  return contentCall(token, language);
};
/** A content page's first call: its block, the subject's call (none for what can be no token). */
const tokenCalls = ({ params, language }: CallContext) => [tokenSubject(params, language)].filter((c) => c !== null);
/** A fixed content page's first call: block `token` in the page's language. */
const blockCalls =
  (token: string) =>
  ({ language }: CallContext) =>
    [contentCall(token, language)].filter((c) => c !== null);
/** /chats' first call: the chat list. */
const chatsCalls = () => [CHATS_CALL];
/** A chat's first calls: the card and the newest page of messages of the member of the path's `id`; none when the id is not one. */
const chatScreenCalls = ({ params }: CallContext) => {
  const id = memberIdOf(params.id);
  return id === null ? [] : chatCalls(id);
};
/** /likes' first call: the likes both ways. */
const likesCalls = () => [LIKES_CALL];
/** /profile's first calls: the own photos and profile. */
const profileScreenCalls = () => [PHOTOS_CALL, PROFILE_CALL];
/** The money screens' first calls: the offer of the payment country, and the member's offers its prices show (spec 4). */
const moneyCalls = ({ user, settings }: CallContext) => [offerPath(offerCountry(user !== null, settings)), ...offerCallsOf(user)];

/** Matched top to bottom; the first match wins. */
export const routes: readonly AppRoute[] = [
  { path: '/', name: 'index', layout: 'default', access: 'guest', screen: screens.home },
  { path: '/login', name: 'login', layout: 'default', access: 'guest', screen: screens.login },
  { path: '/signup', name: 'signup', layout: 'default', access: 'guest', screen: screens.signup },
  { path: '/activate/done', name: 'activate-done', layout: 'default', access: 'public', screen: screens.activateDone },
  { path: '/activate/error', name: 'activate-error', layout: 'default', access: 'public', screen: screens.activateError },
  { path: '/dev/mailbox', name: 'dev-mailbox', layout: 'default', access: 'public', screen: screens.devMailbox },
  { path: '/members', name: 'members', layout: 'default', access: 'search', screen: screens.members, firstCalls: searchCalls },
  {
    path: '/members/:id/chat',
    name: 'members-id-chat',
    layout: 'chat',
    access: 'members',
    screen: screens.chat,
    firstCalls: chatScreenCalls,
  },
  // Member landings (spec 2) before '/members/:id'; public, so the new member goes on to the chat after signup.
  {
    path: '/members/:id/landing',
    name: 'members-id-landing',
    layout: 'lander',
    access: 'public',
    screen: screens.memberLanding,
    firstCalls: memberLanderCalls,
  },
  {
    path: '/members/:id/signup',
    name: 'members-id-signup',
    layout: 'lander',
    access: 'public',
    screen: screens.memberSignup,
    firstCalls: memberLanderCalls,
  },
  {
    path: '/members/:id/landing2/:slug?',
    name: 'members-id-landing2',
    layout: 'lander',
    access: 'public',
    screen: screens.memberLanding,
    firstCalls: memberLanderCalls,
  },
  {
    path: '/members/:id/landing3/:slug?',
    name: 'members-id-landing3',
    layout: 'lander',
    access: 'public',
    screen: screens.memberLanding,
    firstCalls: memberLanderCalls,
  },
  {
    path: '/members/:id',
    name: 'members-id',
    layout: 'default',
    access: 'search',
    screen: screens.member,
    firstCalls: profileCalls,
    subject: profileSubject,
    back: true,
  },
  { path: '/chats', name: 'chats', layout: 'default', access: 'members', screen: screens.chats, firstCalls: chatsCalls },
  {
    path: '/chats/:id',
    name: 'chats-id',
    layout: 'chat',
    access: 'members',
    screen: screens.chat,
    firstCalls: chatScreenCalls,
  },
  {
    path: '/likes',
    name: 'likes',
    layout: 'default',
    access: 'members',
    screen: screens.likes,
    firstCalls: likesCalls,
    back: true,
  },
  {
    path: '/likes/m/:id',
    name: 'likes-m-id',
    layout: 'default',
    access: 'members',
    screen: screens.member,
    firstCalls: profileCalls,
    subject: profileSubject,
    back: true,
  },
  {
    path: '/likes/:type',
    name: 'likes-type',
    layout: 'default',
    access: 'members',
    screen: screens.likes,
    firstCalls: likesCalls,
    back: true,
  },
  {
    path: '/swipe-game',
    name: 'swipe-game',
    layout: 'default',
    access: 'members',
    screen: screens.swipeGame,
    firstCalls: () => [SWIPE_DECK_CALL],
  },
  { path: '/match-finder', name: 'match-finder', layout: 'default', access: 'members', screen: screens.matchFinder },
  { path: '/reset-password', name: 'reset-password', layout: 'default', access: 'public', screen: screens.resetPassword },
  { path: '/reset-password/do', name: 'reset-password-do', layout: 'default', access: 'public', screen: screens.resetPasswordDo },
  { path: '/mail-change/do', name: 'mail-change-do', layout: 'default', access: 'public', screen: screens.mailChangeDo },
  { path: '/account-deleted', name: 'account-deleted', layout: 'default', access: 'public', screen: screens.accountDeleted },
  { path: '/complaints', name: 'complaints', layout: 'default', access: 'public', screen: screens.complaints },
  {
    path: '/profile',
    name: 'profile',
    layout: 'default',
    access: 'members',
    screen: screens.profile,
    firstCalls: profileScreenCalls,
    back: true,
  },
  {
    path: '/settings',
    name: 'settings',
    layout: 'default',
    access: 'members',
    screen: screens.settings,
    firstCalls: () => [BLOCKS_CALL, STORED_CARDS_CALL],
  },
  { path: '/notifications', name: 'notifications', layout: 'default', access: 'members', screen: screens.notifications },
  {
    path: '/credits',
    name: 'credits',
    layout: 'default',
    access: 'members',
    screen: screens.credits,
    firstCalls: moneyCalls,
    back: true,
  },
  {
    path: '/credits/repeat-order',
    name: 'credits-repeat-order',
    layout: 'default',
    access: 'members',
    screen: screens.repeatOrder,
    firstCalls: (context) => [...moneyCalls(context), REPEAT_ORDER_CALL],
    back: true,
  },
  { path: '/credits/:id', name: 'credits-id', layout: 'default', access: 'members', screen: screens.pay, back: true },
  {
    path: '/credits/:id/:paymentmethod',
    name: 'credits-id-paymentmethod',
    layout: 'default',
    access: 'members',
    screen: screens.pay,
    back: true,
  },
  {
    path: '/directdebit',
    name: 'directdebit',
    layout: 'default',
    access: 'members',
    screen: screens.directDebit,
    firstCalls: moneyCalls,
    back: true,
  },
  { path: '/dev/sms', name: 'dev-sms', layout: 'default', access: 'public', screen: screens.devSms },
  { path: '/premium', name: 'premium', layout: 'default', access: 'members', screen: screens.premium, firstCalls: moneyCalls },
  {
    path: '/pricing',
    name: 'pricing',
    layout: 'default',
    access: 'public',
    screen: screens.pricing,
    firstCalls: (context) => [...moneyCalls(context), ...blockCalls('pricing')(context)],
  },
  { path: '/complete-signup', name: 'complete-signup', layout: 'default', access: 'members', screen: screens.completeSignup },
  {
    path: '/signup-matches',
    name: 'signup-matches',
    layout: 'default',
    access: 'members',
    screen: screens.signupMatches,
    firstCalls: ({ user }) => [signupMatchesPath(user)],
  },
  { path: '/lang-config', name: 'lang-config', layout: 'default', access: 'public', screen: screens.langConfig },
  {
    path: '/transactions',
    name: 'transactions',
    layout: 'default',
    access: 'members',
    screen: screens.transactions,
    firstCalls: () => [TRANSACTIONS_CALL],
  },
  {
    path: '/transactions/:id',
    name: 'transactions-id',
    layout: 'default',
    access: 'members',
    screen: screens.transactions,
    firstCalls: () => [TRANSACTIONS_CALL],
  },
  // Spec 2 marketing landers, for visitors (a member goes to /members); the slug selects the copy.
  {
    path: '/landers/tinderswipe',
    name: 'landers-tinderswipe',
    layout: 'lander',
    access: 'guest',
    screen: screens.tinderswipe,
    firstCalls: landerCalls,
  },
  {
    path: '/landers/alonetonight/:slug?',
    name: 'landers-alonetonight',
    layout: 'lander',
    access: 'guest',
    screen: screens.aloneTonight,
    firstCalls: landerCalls,
  },
  {
    path: '/landers/collagelanding/:slug?',
    name: 'landers-collagelanding',
    layout: 'lander',
    access: 'guest',
    screen: screens.collage,
    firstCalls: landerCalls,
  },
  {
    path: '/landers/gallery/:slug?',
    name: 'landers-gallery',
    layout: 'lander',
    access: 'guest',
    screen: screens.gallery,
    firstCalls: landerCalls,
  },
  {
    path: '/landers/iconslanding/:slug?',
    name: 'landers-iconslanding',
    layout: 'lander',
    access: 'guest',
    screen: screens.iconsLander,
    firstCalls: landerCalls,
  },
  {
    path: '/landers/maplanding/:slug?',
    name: 'landers-maplanding',
    layout: 'lander',
    access: 'guest',
    screen: screens.mapLander,
    firstCalls: landerCalls,
  },
  {
    path: '/landers/socialnetwork/:slug?',
    name: 'landers-socialnetwork',
    layout: 'lander',
    access: 'guest',
    screen: screens.social,
    firstCalls: landerCalls,
  },
  {
    path: '/landers/transitionsvideolanding/:slug?',
    name: 'landers-transitionsvideolanding',
    layout: 'lander',
    access: 'guest',
    screen: screens.transitions,
    firstCalls: landerCalls,
  },
  {
    path: '/landers/video/:slug?',
    name: 'landers-video',
    layout: 'lander',
    access: 'guest',
    screen: screens.video,
    firstCalls: landerCalls,
  },
  ...['terms', 'privacy', 'cookies', 'ban', 'return-policy', 'faq', 'service'].map((page): AppRoute => ({
    path: `/pages/${page}`,
    name: `pages-${page}`,
    layout: 'default',
    access: 'public',
    screen: screens.content,
    firstCalls: blockCalls(page),
  })),
  // Spec 2 `{token}`: any other single segment opens the content block of that token (the 404 page when none).
  {
    path: '/:token',
    name: 'token',
    layout: 'default',
    access: 'public',
    screen: screens.content,
    subject: tokenSubject,
    firstCalls: tokenCalls,
  },
];

/** Spec 2: the members area, by route name (likes-type is the likes screen with a tab chosen). */
const MEMBERS_AREA: ReadonlySet<string> = new Set([
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
export const notFoundRoute: AppRoute = {
  path: '*',
  name: 'not-found',
  layout: 'default',
  access: 'public',
  screen: screens.notFound,
};

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

/**
 * The parameters of `path` under `pattern` by name, as CallContext.params ("/members/:id" and "/members/42": `{ id:
 * '42' }`); a trailing slash is ignored. Only meaningful when matchPath(pattern, path).
 */
export function pathParams(pattern: string, path: string): Record<string, string> {
  const have = path.split('/').filter(Boolean);
  const want = pattern.split('/').filter(Boolean);
  const named = want.flatMap((seg, i) =>
    seg.startsWith(':') && i < have.length ? [[seg.slice(1).replace(/\?$/, ''), have[i]]] : [],
  );
  return Object.fromEntries(named);
}

/**
 * The GET calls the first render of `pathname` (whose route is `route`) reads for `user` (null: a visitor) on the site
 * of `settings` in `language`, by path with query: the screen's (AppRoute.firstCalls) and, in the members area, the member's offers,
 * which its banner shows (spec 4). Each once. The server's render answers them in-process (server/page-render.ts).
 */
export function firstCalls(route: AppRoute, pathname: string, user: User | null, settings: Settings, language: string): string[] {
  const screen = route.firstCalls?.({ params: pathParams(route.path, pathname), user, settings, language }) ?? [];
  const banner = MEMBERS_AREA.has(route.name) ? offerCallsOf(user) : [];
  return [...new Set([...screen, ...banner])];
}

/**
 * Whether `pathname` (whose route is `route`) in `language` may be a page: false for the not-found route and for a path
 * whose subject can be none (AppRoute.subject answers null); otherwise the subject's call, whose 400 or 404 makes it
 * none (undefined: no subject, the page exists).
 */
export function subjectOf(
  route: AppRoute,
  pathname: string,
  language: string,
): { found: false } | { found: true; call?: string } {
  if (route === notFoundRoute) return { found: false };
  if (!route.subject) return { found: true };
  const call = route.subject(pathParams(route.path, pathname), language);
  return call === null ? { found: false } : { found: true, call };
}
