// Service worker registration and updates, apart from the prompt's UI so that the sync engine can subscribe to
// the SW's messages (onServiceWorkerMessage) without loading any of it.
import { proxy } from 'valtio';
import type { LikedBy } from '../../contract/index.ts';
import { OUTBOX_SYNC_TAG, REFRESH_SYNC_TAG } from '../data/sync-names.ts';
import { createReloadGuard } from './update-guard.ts';

/** The SW script (sw/sw.ts built by vite-plugin-pwa); its scope is the whole site. */
const SW_URL = '/sw.js';

/** Page -> SW: the user accepted the new version (the same string as sw/sync-relay.ts SKIP_WAITING). */
const SKIP_WAITING = 'SKIP_WAITING';

/**
 * Update state for the prompt: `needRefresh` when a new version is installed and waiting for the user's
 * "Reload"; `offlineReady` once the first install has precached the app (it then opens offline).
 */
export const pwaState = proxy({ needRefresh: false, offlineReady: false });

/** What the SW tells its pages (sw/sync-relay.ts): something changed on the server, pull the delta now. */
export interface SyncMessage {
  type: 'sync';
  reason: 'push' | 'background-sync';
  /**
   * A like or match a push brought, already stored in Dexie by the worker, so the page's sync will not find it
   * new: the page shows the new-like modal for it (src/features/likes/like-news.tsx).
   */
  liked_by?: LikedBy;
}

/** True when `data` is a SyncMessage. */
export function isSyncMessage(data: unknown): data is SyncMessage {
  return !!data && typeof data === 'object' && (data as { type?: unknown }).type === 'sync';
}

type MessageListener = (data: unknown) => void;
const listeners = new Set<MessageListener>();
let listening = false;

/**
 * Calls `listener` with the data of every message a service worker posts to this page (see isSyncMessage).
 * Returns the unsubscribe function. A throwing listener does not stop the others.
 */
export function onServiceWorkerMessage(listener: MessageListener): () => void {
  listeners.add(listener);
  if (!listening && typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
    listening = true;
    navigator.serviceWorker.addEventListener('message', (event) => {
      for (const fn of listeners) {
        try {
          fn(event.data);
        } catch (error) {
          console.error(error);
        }
      }
    });
  }
  return () => void listeners.delete(listener);
}

/** A long-open installed app looks for a new version this often (ms), and when it becomes visible again. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let registration: ServiceWorkerRegistration | null = null;
const reloadGuard = createReloadGuard(typeof sessionStorage === 'undefined' ? null : sessionStorage);

/** Marks `worker` as a new version once installed: waiting behind the current one (prompt), or the first install. */
function watchInstalling(worker: ServiceWorker | null): void {
  worker?.addEventListener('statechange', () => {
    if (worker.state !== 'installed') return;
    if (navigator.serviceWorker.controller) pwaState.needRefresh = true;
    else pwaState.offlineReady = true;
  });
}

/** Waits for the window's load event, so the SW's precaching does not compete with the first screen. */
function loaded(): Promise<void> {
  return document.readyState === 'complete'
    ? Promise.resolve()
    : new Promise((resolve) => addEventListener('load', () => resolve(), { once: true }));
}

/**
 * Registers the SW after the page has loaded (production builds only: the dev server has none) and watches for
 * new versions. Plain ServiceWorkerContainer API: smaller than workbox-window or virtual:pwa-register, and any new
 * version of the registration counts (a test can install one by registering the script under another URL).
 * Never throws: without a SW the site still works online.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || registration || !('serviceWorker' in navigator)) return;
  try {
    await loaded();
    const reg = await navigator.serviceWorker.register(SW_URL, { scope: '/' });
    registration = reg;
    // A new version already waiting from an earlier visit.
    if (reg.waiting && navigator.serviceWorker.controller) pwaState.needRefresh = true;
    watchInstalling(reg.installing);
    reg.addEventListener('updatefound', () => watchInstalling(reg.installing));
    // The new version took over: reload into it, but only after this page's "Reload" (no loop: update-guard.ts).
    // The first install's clientsClaim() also changes the controller: no reload then.
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (reloadGuard.shouldReload()) location.reload();
    });
    void registerPeriodicRefresh(reg);
    const check = () => {
      if (document.visibilityState === 'visible' && navigator.onLine) void reg.update().catch(() => {});
    };
    setInterval(check, UPDATE_CHECK_MS);
    document.addEventListener('visibilitychange', check);
  } catch (error) {
    console.warn('Service worker registration failed', error);
  }
}

/**
 * The prompt's "Reload": asks the waiting SW to take over (SKIP_WAITING, sw/sync-relay.ts); the page reloads on
 * the controllerchange that follows. Without a waiting SW (another tab already switched) it reloads at once.
 */
export function updateApp(): void {
  pwaState.needRefresh = false;
  reloadGuard.accept();
  const waiting = registration?.waiting;
  if (waiting) waiting.postMessage({ type: SKIP_WAITING });
  else if (reloadGuard.shouldReload()) location.reload();
}

/** The "Later" of the prompt: hides it for this page; the new version starts when every tab is closed. */
export function dismissUpdate(): void {
  pwaState.needRefresh = false;
}

/** Background Sync and Periodic Background Sync on a registration, where the browser has them (Chromium). */
type SyncRegistration = ServiceWorkerRegistration & {
  sync?: { register(tag: string): Promise<void> };
  periodicSync?: { register(tag: string, options: { minInterval: number }): Promise<void> };
};

/** The interval asked of Periodic Background Sync (ms); the browser spaces it out by engagement (Chromium: 12 h or more). */
const REFRESH_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Asks for Periodic Background Sync (sw/closed-app-sync.ts refreshes Dexie and the badge while the app is closed)
 * when the browser grants it: Chromium grants it to an installed app only, and the permission query says so.
 */
async function registerPeriodicRefresh(reg: SyncRegistration): Promise<void> {
  if (!reg.periodicSync || !navigator.permissions) return;
  try {
    const status = await navigator.permissions.query({ name: 'periodic-background-sync' as PermissionName });
    if (status.state === 'granted') await reg.periodicSync.register(REFRESH_SYNC_TAG, { minInterval: REFRESH_INTERVAL_MS });
  } catch {
    // Not granted or not supported: the app refreshes when it opens.
  }
}

/**
 * Asks for Background Sync of the outbox: the browser wakes the worker when the network is back, and it sends the
 * queued writes itself if no page is open by then (sw/sync-relay.ts). No-op without a registered worker or the API
 * (Firefox, Safari: the writes wait for the app's next start). Never throws.
 */
export function requestOutboxSync(): void {
  void (registration as SyncRegistration | null)?.sync?.register(OUTBOX_SYNC_TAG).catch(() => {});
}
