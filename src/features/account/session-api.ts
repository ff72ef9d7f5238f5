// The session's API calls, in their own module so that the session store (imported by the entry)
// can load the API client and zod lazily: a repeat visit renders from the cached session first.
import { z } from 'zod';
import { api } from '../../api/client.ts';
import {
  SettingsResponse,
  UserResponse,
  type Language,
  type LanguageRequest,
  type LoginRequest,
  type Settings,
  type SignupRequest,
  type User,
} from '../../../contract/index.ts';

export { setAuthRequiredHandler } from '../../api/client.ts';

/** GET /api/settings.php with the current route's query parameters (spec 7); `started`: the same call already sent. */
export async function fetchSettings(query: Record<string, string>, started?: Promise<Response>): Promise<Settings> {
  return (await api('/api/settings.php', SettingsResponse, { query, started })).settings;
}

/** GET /api/user.php: the current user, null when logged out; `started`: the same call already sent. */
export async function fetchUser(started?: Promise<Response>): Promise<User | null> {
  return (await api('/api/user.php', UserResponse, { started })).user;
}

/** POST /api/user.php: login. Throws ApiCallError login_failed or login_throttled. */
export async function postLogin(body: LoginRequest): Promise<User | null> {
  return (await api('/api/user.php', UserResponse, { method: 'POST', body })).user;
}

/** POST /api/signup.php. Throws ApiCallError (see SignupRequest for the codes). */
export async function postSignup(body: SignupRequest): Promise<User | null> {
  return (await api('/api/signup.php', UserResponse, { method: 'POST', body })).user;
}

/** PUT /api/user.php with LanguageRequest (spec 7). */
export async function putLanguage(language: Language): Promise<User | null> {
  const body: LanguageRequest = { language };
  return (await api('/api/user.php', UserResponse, { method: 'PUT', body })).user;
}

/** GET /api/logout.php: ends the session on the server. */
export async function getLogout(): Promise<void> {
  await api('/api/logout.php', z.unknown(), { retry: false });
}
