// The app shell the server sends for a page path (spec 2: history-mode routing): dist/index.html with, in its head,
// preloads for what that page's first render needs beyond the entry, so the browser fetches them in parallel with the
// entry instead of one after another (docs/perf.md, "Lighthouse"): the route's layout and screen chunks, the session
// calls' module and the boot namespaces of the page's language. The service worker's copy of the shell (the plain
// index.html) works without them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { PreloadableComponent } from '../src/app/lazy-screen.ts';
import { findRoute, layouts } from '../src/app/routes.ts';
import { BOOT_NAMESPACES, LANG_COOKIE, pickLanguage } from '../src/i18n/language.ts';
import type { Db } from './db/connect.ts';
import { currentUser } from './domain/sessions.ts';
import { siteByDomain } from './domain/sites.ts';

/** One entry of Vite's dist/.vite/manifest.json (only the fields read here). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The module that sends the session's boot calls (src/features/account/session-store.ts loads it at once). */
const SESSION_API = 'src/features/account/session-api.ts';

/**
 * The manifest key (path from the repo root, e.g. "src/features/home/home-screen.tsx") of a lazy screen or layout
 * of src/app/routes.ts, read from its `load` function's text: `() => import('../features/home/home-screen.tsx')`
 * under tsx (relative to src/app), `__vite_ssr_dynamic_import__("/src/features/...")` under Vitest (from the root).
 * Null when the text holds no import.
 */
export function moduleOf(component: Pick<PreloadableComponent<object>, 'load'>): string | null {
  const specifier = /import(?:__)?\(\s*["']([^"']+)["']/.exec(String(component.load))?.[1];
  if (!specifier) return null;
  return specifier.startsWith('/') ? specifier.slice(1) : path.posix.join('src/app', specifier);
}

/**
 * Loads dist/index.html and dist/.vite/manifest.json once and answers the function that builds the shell of a page
 * request: the HTML with `<link rel="modulepreload">` (and `rel="preload" as="style"` for their CSS) of the chunks
 * the page's first render loads beyond the entry. Without a manifest (an older build) the shell is index.html as is.
 * The function never throws for a request: a database failure leaves the language's preloads out.
 */
export function pageShell(distDir: string, db: Db): (req: FastifyRequest) => Promise<string> {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return async () => html;
  }
  // What index.html loads already: the entry and its static imports.
  const inEntry = new Set<string>();
  const addEntry = (key: string) => {
    if (inEntry.has(key) || !manifest[key]) return;
    inEntry.add(key);
    for (const i of manifest[key].imports ?? []) addEntry(i);
  };
  addEntry('index.html');

  /** The files of `key` and its static imports that index.html does not load, scripts and styles apart. */
  const closure = (key: string | null, scripts: Set<string>, styles: Set<string>) => {
    if (!key || inEntry.has(key) || !manifest[key]) return;
    const chunk = manifest[key];
    if (scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const i of chunk.imports ?? []) closure(i, scripts, styles);
  };

  return async (req) => {
    const pathname = req.url.split('?', 1)[0];
    const route = findRoute(pathname);
    const scripts = new Set<string>();
    const styles = new Set<string>();
    closure(moduleOf(layouts[route.layout]), scripts, styles);
    closure(moduleOf(route.screen), scripts, styles);
    closure(SESSION_API, scripts, styles);
    const language = await pageLanguage(db, req).catch(() => null);
    for (const lng of new Set(['en', ...(language ? [language] : [])])) {
      for (const ns of BOOT_NAMESPACES) closure(`locales/${lng}/${ns}.json`, scripts, styles);
    }
    const links = [
      ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ];
    return html.replace('</head>', `${links.join('\n    ')}\n  </head>`);
  };
}

/**
 * The language the page will read in (spec 9, as src/app/main.tsx picks it): the lang cookie, else the logged-in
 * member's own language, else the site's domain_language (the site of the `domain` query parameter or the host).
 */
async function pageLanguage(db: Db, req: FastifyRequest): Promise<string> {
  const cookie = req.cookies[LANG_COOKIE];
  const user = cookie ? null : await currentUser(db, req);
  const domain = new URLSearchParams(req.url.split('?')[1] ?? '').get('domain') ?? req.headers.host;
  const site = await siteByDomain(db, domain);
  return pickLanguage(cookie ?? user?.language, site.settings.domain_language);
}
