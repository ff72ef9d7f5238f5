import { Suspense } from 'react';
import { Router } from 'wouter';
import { I18nextProvider } from 'react-i18next';
import { i18next } from '../i18n/index.ts';
import { Toaster } from '../ui/toaster.tsx';
import { AppRouter } from './app-router.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { FatalError } from './fatal-error.tsx';
import { ClientOnly } from './hydrated.tsx';
import { lazyPart } from './lazy-screen.ts';

// Headless and lazy: it imports the chat and likes stores, which bring the API client along.
const RefreshService = lazyPart(() => import('./refresh-service.tsx'));
// Headless and lazy: the member's time bonus and welcome discount (spec 4).
const OffersService = lazyPart(() => import('../features/offers/offers-service.tsx'));
// Headless and lazy: SW registration, update prompt, persistent storage (docs/pwa.md).
const PwaService = lazyPart(() => import('../pwa/pwa-service.tsx'));

/** The request a server render draws (src/app/ssr-entry.tsx): its path and query without the "?". */
export interface ServerLocation {
  path: string;
  search: string;
}

/**
 * Providers and app-wide services around the router. History-mode routing with base / (spec 2). `server`: the
 * request of a server render; in the page the router reads the browser's location. The headless services start
 * after hydration: they belong to the device, not to the HTML.
 */
export function App({ server }: { server?: ServerLocation }) {
  return (
    <I18nextProvider i18n={i18next}>
      <Router ssrPath={server?.path} ssrSearch={server?.search}>
        <ErrorBoundary resetKey="app" fallback={(error) => <FatalError error={error} />}>
          <Suspense fallback={<div className="boot-splash" />}>
            <ClientOnly>
              <Suspense fallback={null}>
                <RefreshService />
                <OffersService />
                <PwaService />
              </Suspense>
            </ClientOnly>
            <AppRouter />
            <ClientOnly>
              <Toaster />
            </ClientOnly>
          </Suspense>
        </ErrorBoundary>
      </Router>
    </I18nextProvider>
  );
}
