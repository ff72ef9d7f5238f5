// App badge from the service worker, apart from push.ts because sync and other events will set it too.
// The number comes from the same Dexie query as the page's (src/data/badge-count.ts), so the badge heals itself.
import { badgeCount } from '../src/data/badge-count.ts';
import { openMemberDb } from '../src/data/db.ts';
import { readSessionCache } from '../src/data/session-cache.ts';

/** The Badging API where the browser has it (Chromium desktop and installed apps, Safari 16.4+ home-screen apps). */
type BadgeNavigator = WorkerNavigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

/**
 * Sets the app badge to the logged-in member's unread messages + new likes (spec 4), counted in their Dexie
 * database; clears it at 0 or when nobody is logged in. Never throws: spec 8 says a badge failure is ignored.
 */
export async function refreshBadge(): Promise<void> {
  const nav = navigator as BadgeNavigator;
  if (!nav.setAppBadge) return;
  try {
    const session = await readSessionCache();
    let count = 0;
    if (session?.user) {
      const db = openMemberDb(session.user.id);
      try {
        count = await badgeCount(db);
      } finally {
        db.close();
      }
    }
    if (count > 0) await nav.setAppBadge(count);
    else await nav.clearAppBadge?.();
  } catch {
    // Spec 8: failure to set the app badge is silently ignored.
  }
}
