// The app's start, loaded by the entry (src/app/main.tsx), which calls start(): boot (settings + user in parallel, i18n
// in the chosen language, the first route's chunks), then render. A page the server rendered (src/app/ssr-boot.ts) is
// hydrated instead: its session, language and first answers come with the HTML.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { seedFirstAnswers } from '../api/first-answers.ts';
import { adoptSession, bootSession, session } from '../features/account/session-store.ts';
import { captureTracking } from '../features/account/tracking.ts';
import { OFFER_CALLS } from '../features/offers/offer-calls.ts';
import { seedCountryNames } from '../i18n/country-names.ts';
import { i18next, initI18n, prefetchFallback } from '../i18n/index.ts';
import { isLanguage, pickLanguage, readLangCookie } from '../i18n/language.ts';
import { App } from './App.tsx';
import { findRoute } from './routes.ts';
import { layouts, preloadRoute, screenOf } from './route-screens.ts';
import { markHydrated } from './hydrated.tsx';
import { SSR_BOOT_ID, type SsrBoot } from './ssr-boot.ts';

captureTracking();
prefetchFallback();
const rendered = document.getElementById(SSR_BOOT_ID)?.textContent;
// A rendered page's route files are evaluated already when start() runs (src/app/main.tsx).
if (!rendered) preloadRoute(location.pathname);

/** The two layouts most pages use, so a later switch between them never waits. */
function preloadLayoutsWhenIdle(): void {
  const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1500));
  idle(() => {
    void layouts.default.preload().catch(() => {});
    void layouts.chat.preload().catch(() => {});
  });
}

/**
 * Takes a server render's session, first answers and country names, and starts loading its language's texts;
 * resolves when they are loaded (or failed to: the page then shows the keys' fallbacks).
 */
function adoptRender(boot: SsrBoot): Promise<void> {
  adoptSession(boot.user, boot.settings);
  seedFirstAnswers(boot.answers);
  seedCountryNames(boot.language, boot.countryNames);
  return initI18n(boot.language)
    .then(() => i18next.loadNamespaces(boot.namespaces))
    .catch(() => {});
}

/** A server-rendered page's boot JSON; null for a page without server HTML. */
const drawn = rendered ? (JSON.parse(rendered) as SsrBoot) : null;
/**
 * Its render, adopted as this file is evaluated: its language's texts load while src/app/main.tsx evaluates the rest
 * of the first screen's files.
 */
const adopted = drawn ? adoptRender(drawn) : null;

/**
 * Hydrates the server's HTML, drawn with `page`'s data, once `language` is loaded: the route's files are evaluated
 * already, so nothing suspends.
 */
async function hydrate(page: SsrBoot, language: Promise<void>): Promise<void> {
  const route = findRoute(location.pathname);
  await layouts[route.layout]
    .preload()
    .then(() => screenOf(route).preload())
    // A page drawn with the member's offers (its prices): the store shows them as the server's render did.
    .then(() =>
      OFFER_CALLS[0] in page.answers
        ? import('../features/offers/offer-store.ts').then((m) => m.adoptRenderedOffers())
        : undefined,
    )
    .catch(() => {});
  await language;
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread for
  // the whole page (Lighthouse's total blocking time); the page is locked until it is done anyway.
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <StrictMode>
        <App />
      </StrictMode>,
      // A difference from the server's HTML is redrawn by React; worth a warning, not an error page.
      { onRecoverableError: (error) => console.warn('hydration:', error) },
    );
  });
}

/** Boots a page without server HTML (the service worker's shell, a plain page): session, language, then render. */
async function boot(): Promise<void> {
  const sessionReady = bootSession();
  // Spec 9: the lang cookie decides at once; without it a logged-in member's own language (it follows them to a new
  // device), else the site's domain_language (from settings).
  const cookie = readLangCookie();
  const language = isLanguage(cookie)
    ? Promise.resolve(cookie)
    : sessionReady.then(() => pickLanguage(session.user?.language, session.settings?.domain_language));
  await Promise.all([sessionReady, language.then(initI18n)]);
  markHydrated();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

/**
 * Starts the app: hydrates the server's HTML, or boots a page without it. Called by src/app/main.tsx, after it has
 * evaluated a rendered page's first screen files one per task.
 */
export function start(): void {
  void (drawn && adopted ? hydrate(drawn, adopted) : boot()).then(preloadLayoutsWhenIdle);
}
