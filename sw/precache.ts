// Precache of the app shell, apart from the runtime routes because the build injects its list here:
// index.html, every JS chunk (routes and locale namespaces), CSS, woff2 fonts and icons (vite.config.ts).
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

/** Precaches the build's files (answering them cache-first) and drops the precaches of older Workbox versions. */
export function setUpPrecache(): void {
  precacheAndRoute(self.__WB_MANIFEST);
  cleanupOutdatedCaches();
}
