// Runtime routes: what the SW answers beyond the precache. Synced data (/api/ in general) is NOT cached
// here: Dexie is the offline store (DESIGN: how data flows), so only the shell, images and content blocks are.
import { ExpirationPlugin } from 'workbox-expiration';
import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { RUNTIME_CACHES } from '../src/data/cache-names.ts';

declare const self: ServiceWorkerGlobalScope;

/** Spec 1 "content blocks" (legal pages, FAQ, pricing text, interest icons, landing content) and spec 7's
 * "fetched once, cached" calls: same for every member, fine to show slightly stale, refreshed in the background.
 * Cached per full URL, so each block (`/api/content.php?token=faq&lang=en`) has its own entry. */
const CONTENT_BLOCK_PATHS: readonly string[] = [
  '/api/companyinfo.php',
  '/api/interests.php',
  '/api/regions.php',
  '/api/content.php',
];

/**
 * Paths the app shell must never answer: server endpoints, photos, the embedded test payment service's server-rendered
 * checkout pages (/dev/psp, docs/payments.md), the staff console (/ops, docs/operations.md) and files (anything with
 * an extension).
 */
const NAVIGATION_DENYLIST: RegExp[] = [/^\/api\//, /^\/media\//, /^\/dev\/psp\//, /^\/ops(\/|$)/, /\/[^/?]+\.[^/?]+$/];

/** Whether `request` was made by a staff console page (/ops, /ops/…), by its referrer's path. */
function isConsoleRequest(request: Request): boolean {
  if (!request.referrer || request.referrer === 'about:client') return false;
  const referrer = new URL(request.referrer);
  return referrer.origin === self.location.origin && /^\/ops(\/|$)/.test(referrer.pathname);
}

/** Images kept at most this long / this many (the oldest go first). */
const IMAGE_MAX_AGE_S = 30 * 24 * 60 * 60;
const IMAGE_MAX_ENTRIES = 300;

/** Registers the navigation fallback, the image cache and the content-block cache. */
export function registerRuntimeRoutes(): void {
  // History-mode routing (spec 2): every page path is the same precached index.html, online or offline, so a page
  // opens at once on any network. The app draws its own 404 page; the server's 404 status is for first loads and
  // crawlers (docs/pwa.md).
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));

  // Photos never change under a name (server/routes/media.ts), so the cached copy is always right. Not those the
  // staff console shows: its pages send their full address as referrer (same origin), and nothing of /ops is kept.
  registerRoute(
    ({ request, url }) =>
      url.origin === self.location.origin &&
      (url.pathname.startsWith('/media/') || request.destination === 'image') &&
      !isConsoleRequest(request),
    new CacheFirst({
      cacheName: RUNTIME_CACHES.images,
      plugins: [new ExpirationPlugin({ maxEntries: IMAGE_MAX_ENTRIES, maxAgeSeconds: IMAGE_MAX_AGE_S, purgeOnQuotaError: true })],
    }),
  );

  registerRoute(
    ({ request, url }) =>
      request.method === 'GET' && url.origin === self.location.origin && CONTENT_BLOCK_PATHS.includes(url.pathname),
    new StaleWhileRevalidate({ cacheName: RUNTIME_CACHES.content }),
  );
}
