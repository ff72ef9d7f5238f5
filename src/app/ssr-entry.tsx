// The server's render of a page's first screen (docs/perf.md, "Server rendering"): built by `vite build --ssr` into
// dist/.ssr and called by server/page-render.ts. It draws the same tree the page hydrates (src/app/main.tsx) from the
// same session, language and first answers, so the visitor sees the screen before any script has run.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { seedFirstAnswers } from '../api/first-answers.ts';
import { session } from '../features/account/session-store.ts';
import { adoptRenderedOffers } from '../features/offers/offer-store.ts';
import { knownCountryNames } from '../i18n/country-names.ts';
import { i18next, initI18n } from '../i18n/index.ts';
import { App } from './App.tsx';
import { beginServerVisit } from './entry-warning.tsx';
import { documentTitle, pageTitle } from './page-title.ts';
import type { RenderPage } from './ssr-boot.ts';

let i18nReady: Promise<unknown> | null = null;
/** Renders share the app's module state (session, i18next): one at a time. */
let queue: Promise<unknown> = Promise.resolve();

async function readAll(stream: AsyncIterable<string | Buffer>): Promise<string> {
  let html = '';
  for await (const chunk of stream) html += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
  return html;
}

/**
 * Renders the page at `url` (path with query, e.g. "/members?x=1") for the session and answers of `boot`; waits for
 * every lazy screen, namespace and suspended read (React's prerender). Rejects when the render fails or `signal`
 * aborts it; the caller then serves the plain app shell.
 */
export const renderPage: RenderPage = (url, boot, signal) => {
  const run = queue.then(async () => {
    i18nReady ??= initI18n(boot.language);
    await i18nReady;
    await i18next.changeLanguage(boot.language);
    seedFirstAnswers(boot.answers);
    adoptRenderedOffers();
    session.settings = boot.settings;
    session.user = boot.user;
    session.ready = true;
    beginServerVisit(boot.entryWarningAccepted);
    pageTitle.title = null;
    // react-i18next records the namespaces components ask for; counted per render (its record is a plain object).
    const record = i18next.reportNamespaces as unknown as { usedNamespaces?: Record<string, boolean> } | undefined;
    if (record) record.usedNamespaces = {};
    const [path, search = ''] = url.split('?', 2);
    let failure: unknown = null;
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <App server={{ path, search }} />
      </StrictMode>,
      {
        signal,
        // No boundary is sent apart to be revealed by an inline script (the CSP allows none): one document.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // A screen that throws would be drawn as its error page: the page shell serves the plain shell instead.
        onError: (error) => {
          failure ??= error;
        },
      },
    );
    const html = await readAll(prelude);
    if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
    const used = i18next.reportNamespaces?.getUsedNamespaces() ?? [];
    return {
      html,
      title: documentTitle(0, pageTitle.title, boot.settings),
      namespaces: [...new Set(used)],
      countryNames: knownCountryNames(boot.language),
    };
  });
  queue = run.catch(() => {});
  return run;
};
