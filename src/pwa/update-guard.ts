// The reload-loop guard of the update flow, apart from register-sw.ts so it can be unit-tested without a
// service worker. A reload follows only the user's own "Reload" on this page, once, and not again within
// UPDATE_RELOAD_GUARD_MS of the last one (two tabs or a broken deploy must not reload each other forever).

/** Where the time of the last update reload is kept (sessionStorage: per tab). */
export const UPDATE_RELOAD_KEY = 'sw-update-reload-at';
/** Minimum time between two update reloads of a tab, in ms. */
export const UPDATE_RELOAD_GUARD_MS = 10_000;

export interface ReloadGuard {
  /** The user accepted the "new version" prompt on this page. */
  accept(): void;
  /** Called on `controllerchange`: true when the page should reload now (and records the reload). */
  shouldReload(): boolean;
}

/**
 * A guard for one page. `storage` is sessionStorage (null or throwing when blocked: then only the per-page rule
 * holds); `now` is the clock in ms.
 */
export function createReloadGuard(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
  now: () => number = Date.now,
): ReloadGuard {
  let accepted = false;
  let reloaded = false;
  const read = (): number => {
    try {
      return Number(storage?.getItem(UPDATE_RELOAD_KEY) ?? 0) || 0;
    } catch {
      return 0;
    }
  };
  return {
    accept() {
      accepted = true;
    },
    shouldReload() {
      if (!accepted || reloaded) return false;
      if (now() - read() < UPDATE_RELOAD_GUARD_MS) return false;
      reloaded = true;
      try {
        storage?.setItem(UPDATE_RELOAD_KEY, String(now()));
      } catch {
        // Storage blocked: the per-page rule still stops a loop within this page.
      }
      return true;
    },
  };
}
