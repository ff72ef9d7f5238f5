// Entry: the styles, then the app (src/app/boot.tsx). A page the server rendered (src/app/ssr-boot.ts) is on screen
// before any script runs: the app is fetched only after its first contentful paint, so nothing it loads competes
// with that paint (docs/perf.md, "Server rendering").
import '@fontsource/open-sans/latin-400.css';
import '@fontsource/open-sans/latin-600.css';
import '@fontsource/open-sans/latin-700.css';
import '@fontsource/open-sans/latin-ext-400.css';
import '@fontsource/open-sans/latin-ext-600.css';
import '@fontsource/open-sans/latin-ext-700.css';
import '../ui/theme.scss';
import { captureInstallPrompt } from '../pwa/install.ts';
import { evaluateInSteps, nextTask } from './next-task.ts';
import { SSR_BOOT_ID, modulesOf } from './ssr-boot.ts';

// Chromium's install prompt can fire before the app has loaded: keep it from the start (src/pwa/install.ts).
captureInstallPrompt();

/**
 * The app's start in steps, each evaluated in a task of its own: React DOM, i18next, then the rest of the app
 * (src/app/boot.tsx). One module graph is evaluated in one task, and a long task keeps the page from answering input
 * (Lighthouse's total blocking time).
 */
const start = () =>
  void import('react-dom/client')
    .then(nextTask)
    .then(() => import('../i18n/index.ts'))
    .then(nextTask)
    .then(() => import('./boot.tsx'))
    .then((boot) => boot.start());

/** Module preloads a task starts at most: each starts a request, which costs the main thread (more so traced). */
const PRELOADS_PER_TASK = 6;

/** Adds a `<link rel="modulepreload">` for each file, a few per task; resolves when all are added. */
async function preloadModules(files: string[]): Promise<void> {
  for (let i = 0; i < files.length; i += PRELOADS_PER_TASK) {
    if (i > 0) await nextTask();
    const links = document.createDocumentFragment();
    for (const href of files.slice(i, i + PRELOADS_PER_TASK)) {
      const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href });
      link.crossOrigin = '';
      links.append(link);
    }
    document.head.append(links);
  }
}

/** How long the start waits for the first contentful paint at most (a page opened in the background paints later). */
const PAINT_WAIT_MS = 3000;

/**
 * Resolves after the page's first contentful paint has been presented (the `paint` entry), or after PAINT_WAIT_MS;
 * where the browser does not report paints, after the first frame.
 */
function afterFirstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(() => setTimeout(resolve));
      return;
    }
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      setTimeout(resolve);
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timer = setTimeout(done, PAINT_WAIT_MS);
    observer.observe({ type: 'paint', buffered: true });
  });
}

const rendered = document.getElementById(SSR_BOOT_ID);
if (rendered) {
  // The first screen's files, all fetched after the paint and evaluated one per task (each after the files it imports:
  // server/page-shell.ts), then the start, whose imports are then evaluated already. A file that failed to load is
  // left to the start, which loads it again or shows the error.
  const files = modulesOf(rendered);
  void afterFirstContentfulPaint()
    .then(() => preloadModules(files))
    .then(() => evaluateInSteps(files))
    .catch(() => {})
    .then(start);
} else {
  start();
}
