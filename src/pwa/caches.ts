// The SW's runtime caches as the page sees them, apart from register-sw.ts because logout needs them and nothing else.
import { RUNTIME_CACHES } from '../data/cache-names.ts';

/**
 * Deletes the photos cached while a member was logged in, so the next person on the device does not get them
 * from the cache (call at logout, beside deleting the member's Dexie database). Never throws.
 */
export async function clearMemberCaches(): Promise<void> {
  try {
    if (typeof caches !== 'undefined') await caches.delete(RUNTIME_CACHES.images);
  } catch {
    // Storage blocked: nothing to clear.
  }
}
