// The session: who is logged in and the site's public settings (DESIGN: session state lives in valtio
// and is kept on the device so the app boots without waiting for the network).
import { proxy, snapshot, subscribe } from 'valtio';
import { navigate } from 'wouter/use-browser-location';
import type { Language, LoginRequest, Settings, SignupRequest, User } from '../../../contract/index.ts';
import { startGet } from '../../api/request.ts';
import { readSessionCache, writeSessionCache } from '../../data/session-cache.ts';
import { writeLangCookie } from '../../i18n/language.ts';
import { findRoute } from '../../app/routes.ts';

export interface SessionState {
  /** The logged-in user, or null for a visitor. */
  user: User | null;
  /** Public settings of this site; null only when they could not be loaded. */
  settings: Settings | null;
  /** True once the session is known: from the device cache, or when the boot calls have settled. */
  ready: boolean;
}

export const session = proxy<SessionState>({ user: null, settings: null, ready: false });

let apiModule: Promise<typeof import('./session-api.ts')> | null = null;

/** The session's API calls (and with them the API client and zod), loaded on first use. */
function sessionApi(): Promise<typeof import('./session-api.ts')> {
  apiModule ??= import('./session-api.ts').then(
    (mod) => {
      mod.setAuthRequiredHandler(onAuthenticationRequired);
      return mod;
    },
    (error: unknown) => {
      apiModule = null;
      throw error;
    },
  );
  return apiModule;
}

// --- device cache: idb-keyval (src/data/session-cache.ts), also read by the service worker ---------------

/** Stores plain copies: IndexedDB cannot clone valtio proxies. */
function writeCache(): void {
  const { user, settings } = snapshot(session);
  if (settings) void writeSessionCache({ user: user as User | null, settings: settings as Settings });
}

// --- calls -----------------------------------------------------------------------------------------

/** Spec 7: the settings call carries the current route's query parameters (tracking, forced domain). */
function settingsQuery(): Record<string, string> {
  const query: Record<string, string> = {};
  new URLSearchParams(location.search).forEach((value, key) => {
    query[key] = value;
  });
  return query;
}

/**
 * GET /api/settings.php: stores and returns the site settings. `started`: the same call already sent (the boot).
 * Throws ApiCallError.
 */
async function loadSettings(started?: Promise<Response>): Promise<Settings> {
  const settings = await (await sessionApi()).fetchSettings(settingsQuery(), started);
  session.settings = settings;
  return settings;
}

/**
 * Stores `user` as the session's user, unless it equals the one stored: an equal copy (from a sync or a refresh)
 * then re-renders nothing, where a new object would re-render every screen that reads the session.
 */
export function setUser(user: User | null): void {
  const stored = snapshot(session).user;
  if (user && stored && JSON.stringify(stored) === JSON.stringify(user)) return;
  session.user = user;
}

/**
 * GET /api/user.php: stores and returns the current user (null when logged out). `started`: the same call already
 * sent (the boot). Throws ApiCallError.
 */
export async function refreshUser(started?: Promise<Response>): Promise<User | null> {
  const user = await (await sessionApi()).fetchUser(started);
  // The session ended on the server (expired, or logged out elsewhere): the member's data leaves this device too.
  if (!user && session.user) forgetUser();
  else setUser(user);
  return user;
}

/**
 * Boot (spec 4): settings and user load in parallel. With a session cached on this device the app is
 * ready at once and the calls refresh it in the background; otherwise `ready` turns true when both
 * calls have settled (a failed call leaves its field null: the visitor view).
 */
export async function bootSession(): Promise<void> {
  // Both calls are sent at once, and their module (API client, zod, contract) loads meanwhile, while the device
  // cache is read: a first visit's first paint waits on them (docs/perf.md, "Lighthouse").
  const settingsCall = startGet('/api/settings.php', settingsQuery());
  const userCall = startGet('/api/user.php');
  void sessionApi().catch(() => {});
  const cached = await readSessionCache();
  const calls = Promise.allSettled([loadSettings(settingsCall), refreshUser(userCall)]).then(() => {
    session.ready = true;
  });
  subscribe(session, writeCache);
  if (cached) {
    session.settings = cached.settings;
    session.user = cached.user;
    session.ready = true;
    return;
  }
  await calls;
}

/**
 * Boot of a server-rendered page (src/app/ssr-boot.ts): the session is the one the server drew the page with, so
 * the app's first render matches the HTML; it is kept on the device as bootSession keeps it. The session calls'
 * module loads in the background (it answers a 403 by logging out, spec 4).
 */
export function adoptSession(user: User | null, settings: Settings): void {
  session.settings = settings;
  session.user = user;
  session.ready = true;
  writeCache();
  subscribe(session, writeCache);
  void sessionApi().catch(() => {});
}

/** POST /api/user.php: logs in and reads on in the member's own language (spec 9); throws ApiCallError login_failed or login_throttled. */
export async function login(body: LoginRequest): Promise<User> {
  const user = await (await sessionApi()).postLogin(body);
  if (!user) throw new Error('login answered no user');
  // Loaded on use: this store is imported outside the bundle too (tests), where i18n's import.meta.glob does not exist.
  const { i18next } = await import('../../i18n/index.ts');
  if (user.language !== i18next.language) {
    writeLangCookie(user.language);
    await i18next.changeLanguage(user.language);
  }
  // Last: a logged-in user on a guest screen (/login) is sent on at once, so the caller's own redirect must be next.
  session.user = user;
  return user;
}

/** POST /api/signup.php: creates the account (status not_confirmed) and logs in. Throws ApiCallError. */
export async function signup(body: SignupRequest): Promise<User> {
  const user = await (await sessionApi()).postSignup(body);
  if (!user) throw new Error('signup answered no user');
  session.user = user;
  return user;
}

/** PUT /api/user.php (spec 7): a logged-in user's language choice is saved on the account. */
export async function saveLanguage(language: Language): Promise<void> {
  if (!session.user) return;
  const user = await (await sessionApi()).putLanguage(language);
  if (user) session.user = user;
}

/** Spec 2/4: GET /api/logout.php ends the session on the server, then the app goes to the root. */
export async function logout(): Promise<void> {
  try {
    // Pushes belong to the member, not the device: the next person on this device must not get them.
    await import('../../pwa/push-state.ts').then((m) => m.unsubscribePush()).catch(() => {});
    await (await sessionApi()).getLogout();
  } finally {
    forgetUser();
    navigate('/');
  }
}

/**
 * After the server ended the session itself (the account was deleted, spec 4): drops the member's push subscription
 * and data on this device, as logout does, without the logout call.
 */
export function forgetSession(): void {
  void import('../../pwa/push-state.ts').then((m) => m.unsubscribePush()).catch(() => {});
  forgetUser();
}

/** What runs when a member's user is dropped (the sync engine stops): see onUserForgotten. */
const forgetListeners = new Set<(userId: number) => void>();

/**
 * Calls `listener` with the member's id each time their user is dropped on this device (logout, an ended session),
 * before their database is deleted; answers the function that removes it. The sync registers here, so this store
 * needs no import of the sync (which reads the session).
 */
export function onUserForgotten(listener: (userId: number) => void): () => void {
  forgetListeners.add(listener);
  return () => forgetListeners.delete(listener);
}

/** Drops the user and, with them, their synced data on this device (their Dexie database). */
function forgetUser(): void {
  const id = session.user?.id;
  session.user = null;
  if (id === undefined) return;
  for (const listener of forgetListeners) listener(id);
  void import('../../data/member-db.ts').then((m) => m.dropMemberDb(id)).catch(() => {});
  void import('../../pwa/caches.ts').then((m) => m.clearMemberCaches()).catch(() => {});
}

/**
 * Spec 4: a 403 authentication_required logs the user out; spec 2: login redirects to the login route. A page anyone
 * may see stays: /account-deleted, say, where the deleted account's last background calls are refused after the fact.
 */
function onAuthenticationRequired(): void {
  forgetUser();
  if (location.pathname !== '/login' && findRoute(location.pathname).access !== 'public') navigate('/login');
}
