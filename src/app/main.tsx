// Entry: styles, then boot (settings + user in parallel, i18n in the chosen language, the first
// route's chunks), then render.
import '@fontsource/open-sans/latin-400.css';
import '@fontsource/open-sans/latin-600.css';
import '@fontsource/open-sans/latin-700.css';
import '@fontsource/open-sans/latin-ext-400.css';
import '@fontsource/open-sans/latin-ext-600.css';
import '@fontsource/open-sans/latin-ext-700.css';
import '../ui/theme.scss';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bootSession, session } from '../features/account/session-store.ts';
import { captureTracking } from '../features/account/tracking.ts';
import { initI18n, prefetchFallback } from '../i18n/index.ts';
import { isLanguage, pickLanguage, readLangCookie } from '../i18n/language.ts';
import { App } from './App.tsx';
import { layouts, preloadRoute } from './routes.ts';

captureTracking();
prefetchFallback();
preloadRoute(location.pathname);
const sessionReady = bootSession();

// Spec 9: the lang cookie decides at once; without it a logged-in member's own language (it follows them to a new
// device), else the site's domain_language (from settings).
const cookie = readLangCookie();
const language = isLanguage(cookie)
  ? Promise.resolve(cookie)
  : sessionReady.then(() => pickLanguage(session.user?.language, session.settings?.domain_language));

void Promise.all([sessionReady, language.then(initI18n)]).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // The two layouts most pages use, so a later switch between them never waits.
  const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1500));
  idle(() => {
    void layouts.default.preload().catch(() => {});
    void layouts.chat.preload().catch(() => {});
  });
});
