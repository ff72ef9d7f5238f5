import { lazy, Suspense } from 'react';
import { Router } from 'wouter';
import { I18nextProvider } from 'react-i18next';
import { i18next } from '../i18n/index.ts';
import { Toaster } from '../ui/toaster.tsx';
import { AppRouter } from './app-router.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { FatalError } from './fatal-error.tsx';
import { captureInstallPrompt } from '../pwa/install.ts';

// Headless and lazy: it imports the chat and likes stores, which bring the API client along.
const RefreshService = lazy(() => import('./refresh-service.tsx'));
// Headless and lazy: the member's time bonus and welcome discount (spec 4).
const OffersService = lazy(() => import('../features/offers/offers-service.tsx'));
// Headless and lazy: SW registration, update prompt, persistent storage (docs/pwa.md).
const PwaService = lazy(() => import('../pwa/pwa-service.tsx'));

// Chromium's install prompt can fire before any layout loads: keep it from the start (src/pwa/install.ts).
captureInstallPrompt();

/** Providers and app-wide services around the router. History-mode routing with base / (spec 2). */
export function App() {
  return (
    <I18nextProvider i18n={i18next}>
      <Router>
        <ErrorBoundary resetKey="app" fallback={(error) => <FatalError error={error} />}>
          <Suspense fallback={<div className="boot-splash" />}>
            <Suspense fallback={null}>
              <RefreshService />
              <OffersService />
              <PwaService />
            </Suspense>
            <AppRouter />
            <Toaster />
          </Suspense>
        </ErrorBoundary>
      </Router>
    </I18nextProvider>
  );
}
