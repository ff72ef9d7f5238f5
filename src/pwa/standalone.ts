// Installed-app mode, apart from the rest because several features ask (spec 1: the entry warning is skipped,
// spec 2: the back button shows) and because an installed app asks for persistent storage.

/** Where the answer of navigator.storage.persist() is kept, so it is asked once. */
const PERSIST_KEY = 'storage-persist';

/** True when the site runs as an installed app (display-mode standalone, or iOS's home-screen mode). */
export function isStandalone(): boolean {
  try {
    if (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches) return true;
  } catch {
    // matchMedia missing or broken: fall through.
  }
  return typeof navigator !== 'undefined' && (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/**
 * In an installed app, asks once that the site's storage (Dexie, caches) be kept under storage pressure
 * (navigator.storage.persist()); remembers the answer in localStorage. Resolves with the answer, or null when
 * not asked (not installed, no API, already asked). Errors are ignored.
 */
export async function persistStorageOnce(): Promise<boolean | null> {
  if (!isStandalone() || !navigator.storage?.persist) return null;
  try {
    if (localStorage.getItem(PERSIST_KEY) !== null) return null;
    const granted = (await navigator.storage.persisted()) || (await navigator.storage.persist());
    localStorage.setItem(PERSIST_KEY, JSON.stringify({ granted, at: Date.now() }));
    return granted;
  } catch {
    return null;
  }
}
