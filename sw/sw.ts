// The service worker's entry (DESIGN: a thin entry, one module per capability). Built by vite-plugin-pwa
// (injectManifest) into dist/sw.js; docs/pwa.md says what each part caches and why.
import { clientsClaim } from 'workbox-core';
import { listenForNotificationClicks } from './notification-click.ts';
import { setUpPrecache } from './precache.ts';
import { listenForPush } from './push.ts';
import { registerRuntimeRoutes } from './routes.ts';
import { listenForSyncAndMessages } from './sync-relay.ts';

// The precache route first: a precached file is always answered from the precache, never by a runtime route.
setUpPrecache();
registerRuntimeRoutes();
listenForPush();
listenForNotificationClicks();
listenForSyncAndMessages();

// No skipWaiting here: an update waits until the page's "new version" prompt is accepted (sync-relay.ts).
// Claiming on activate only matters for the first install: the page is controlled without a reload.
clientsClaim();
