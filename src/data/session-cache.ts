// User and settings kept on the device (idb-keyval) so the app boots offline, and so the service worker knows
// whose database to open. DOM-free.
import { get, set } from 'idb-keyval';
import type { Settings, User } from '../../contract/index.ts';

const KEY = 'session-v2';

/** What the page last knew: the logged-in user (null for a visitor) and the site settings. */
export interface SessionCache {
  user: User | null;
  settings: Settings;
}

/** The cached session, or null when none is stored or storage is unavailable. */
export async function readSessionCache(): Promise<SessionCache | null> {
  try {
    const value = (await get(KEY)) as SessionCache | undefined;
    return value?.settings ? value : null;
  } catch {
    return null;
  }
}

/** Stores the session; a failure only means the next start waits for the network. */
export async function writeSessionCache(value: SessionCache): Promise<void> {
  try {
    await set(KEY, value);
  } catch {
    // Storage full or blocked.
  }
}
