// The app badge from the page, apart from the sync code that calls it with the Dexie count (src/data/badge-count.ts,
// the same number the SW sets: sw/badge.ts).

type BadgeNavigator = Navigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

/**
 * Spec 4: app badge = unread messages + new likes. Shows `count` on the installed app's icon, clears it at 0.
 * Does nothing where the Badging API is missing; spec 8: a failure is silently ignored (never throws).
 */
export function setBadge(count: number): void {
  const nav = navigator as BadgeNavigator;
  try {
    const done = count > 0 ? nav.setAppBadge?.(Math.floor(count)) : nav.clearAppBadge?.();
    void done?.catch(() => {});
  } catch {
    // Spec 8: ignored.
  }
}
