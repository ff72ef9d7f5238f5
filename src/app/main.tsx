// Entry: the styles, then the app (src/app/boot.tsx). A page the server rendered (src/app/ssr-boot.ts) is on screen
// before any script runs: the app is fetched only after its first frame, so nothing it loads delays that paint
// (docs/perf.md, "Server rendering").
import '@fontsource/open-sans/latin-400.css';
import '@fontsource/open-sans/latin-600.css';
import '@fontsource/open-sans/latin-700.css';
import '@fontsource/open-sans/latin-ext-400.css';
import '@fontsource/open-sans/latin-ext-600.css';
import '@fontsource/open-sans/latin-ext-700.css';
import '../ui/theme.scss';
import { captureInstallPrompt } from '../pwa/install.ts';
import { MODULES_ATTRIBUTE, SSR_BOOT_ID } from './ssr-boot.ts';

// Chromium's install prompt can fire before the app has loaded: keep it from the start (src/pwa/install.ts).
captureInstallPrompt();

/** Lets the browser run other tasks (input, paint) before the next step. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/**
 * The app's start in steps, each evaluated in a task of its own: React DOM, i18next, then the rest of the app. One
 * module graph is evaluated in one task, and a long task keeps the page from answering input (Lighthouse's total
 * blocking time).
 */
const start = () =>
  void import('react-dom/client')
    .then(nextTask)
    .then(() => import('../i18n/index.ts'))
    .then(nextTask)
    .then(() => import('./boot.tsx'));

const rendered = document.getElementById(SSR_BOOT_ID);
if (rendered) {
  requestAnimationFrame(() =>
    setTimeout(() => {
      // The first screen's scripts, all fetched at once after the paint (boot.tsx evaluates them in steps).
      const preloads = document.createDocumentFragment();
      for (const href of rendered.getAttribute(MODULES_ATTRIBUTE)?.split(' ').filter(Boolean) ?? []) {
        const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href });
        link.crossOrigin = '';
        preloads.append(link);
      }
      document.head.append(preloads);
      start();
    }),
  );
} else {
  start();
}
