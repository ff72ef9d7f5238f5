// Service worker registration and updates, apart from the prompt's UI so that the sync engine can subscribe to
// the SW's messages (onServiceWorkerMessage) without loading any of it. workbox-window loads on demand.
import { proxy } from 'valtio';
import type { Workbox } from 'workbox-window';
import { createReloadGuard } from './update-guard.ts';

/** The SW script (sw/sw.ts built by vite-plugin-pwa) and its scope. */
export const SW_URL = '/sw.js';

/**
 * Update state for the prompt: `needRefresh` when a new version is installed and waiting for the user's
 * "Reload"; `offlineReady` once the first install has precached the app (it then opens offline).
 */
export const pwaState = proxy({ needRefresh: false, offlineReady: false });

/** What the SW tells its pages (sw/sync-relay.ts): something changed on the server, pull the delta now. */
export interface SyncMessage {
  type: 'sync';
  reason: 'push' | 'background-sync';
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

let workbox: Workbox | null = null;
const reloadGuard = createReloadGuard(typeof sessionStorage === 'undefined' ? null : sessionStorage);

/**
 * Registers the SW once the page has loaded (production builds only: the dev server has none). Never throws:
 * without a SW the site still works online.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || workbox || !('serviceWorker' in navigator)) return;
  try {
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox(SW_URL, { scope: '/' });
    workbox = wb;
    // Also fires at start when a new version was already waiting from an earlier visit.
    wb.addEventListener('waiting', () => {
      pwaState.needRefresh = true;
    });
    wb.addEventListener('activated', (event) => {
      if (!event.isUpdate) pwaState.offlineReady = true;
    });
    // The new version took over: reload into it, but only after the user's "Reload" (no loop, see update-guard.ts).
    wb.addEventListener('controlling', () => {
      if (reloadGuard.shouldReload()) location.reload();
    });
    const registration = await wb.register();
    if (!registration) return;
    const check = () => {
      if (document.visibilityState === 'visible' && navigator.onLine) void wb.update().catch(() => {});
    };
    setInterval(check, UPDATE_CHECK_MS);
    document.addEventListener('visibilitychange', check);
  } catch (error) {
    console.warn('Service worker registration failed', error);
  }
}

/**
 * The prompt's "Reload": asks the waiting SW to take over (SKIP_WAITING, sw/sync-relay.ts) and reloads once it
 * controls the page. Without a waiting SW (another tab already switched) it reloads at once.
 */
export function updateApp(): void {
  pwaState.needRefresh = false;
  reloadGuard.accept();
  if (workbox && navigator.serviceWorker.controller) {
    void navigator.serviceWorker.getRegistration().then((registration) => {
      if (registration?.waiting) workbox!.messageSkipWaiting();
      else if (reloadGuard.shouldReload()) location.reload();
    });
  } else if (reloadGuard.shouldReload()) {
    location.reload();
  }
}

/** The "Later" of the prompt: hides it for this page; the new version starts when every tab is closed. */
export function dismissUpdate(): void {
  pwaState.needRefresh = false;
}
