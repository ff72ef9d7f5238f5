// The HTML of a page path (spec 2: history-mode routing). dist/index.html, with the page's first screen rendered by
// the server (src/app/ssr-entry.tsx, page-render.ts) when it can be: the session and first answers it was drawn
// with as JSON, the CSS the screen needs inline, and preloads for what the page's scripts load beyond the entry, so
// the browser fetches them in parallel with it (docs/perf.md, "Server rendering"). When the render is not possible
// (no server build, a page that redirects, a failure) the page is the plain shell with the preloads, which the app
// renders itself, as the service worker's precached index.html does.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  BOOT_NAMESPACES,
  findRoute,
  INLINE_CSS_ATTRIBUTE,
  LAYOUT_MODULES,
  MODULES_ATTRIBUTE,
  SSR_BOOT_ID,
  SSR_LOCK_ID,
  type SsrBoot,
} from '../src/app/server-entry.ts';

/** One entry of Vite's dist/.vite/manifest.json (only the fields read here). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The module that sends the session's calls (src/features/account/session-store.ts loads it at once). */
const SESSION_API = 'src/features/account/session-api.ts';

/** JSON for a `<script type="application/json">`: `<` escaped, so no text in it can end the script. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** What page-render.ts drew for a request: #root's content, the boot JSON and the language. */
interface RenderedScreen {
  html: string;
  boot: SsrBoot;
  /** The document title: the screen's own, or the site's index title (src/app/page-title.ts documentTitle). */
  title: string;
}

/** Builds a page's HTML: the plain shell, or a rendered screen around it. */
export interface PageShell {
  /**
   * The HTML of `pathname` in `language` (the language's boot namespaces are preloaded; en always, the fallback),
   * with `screen` inside #root when the server rendered it.
   */
  page(pathname: string, language: string | null, screen?: RenderedScreen): string;
}

/**
 * Loads dist/index.html, dist/.vite/manifest.json and the CSS files once and answers the page builder. Without a
 * manifest (an older build) every page is index.html as is.
 */
export function pageShell(distDir: string): PageShell {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return { page: () => html };
  }
  const cssText = new Map<string, string>();
  const css = (file: string) => {
    if (!cssText.has(file)) cssText.set(file, readFileSync(path.join(distDir, file), 'utf8'));
    return cssText.get(file)!;
  };
  // What index.html loads already: the entry and its static imports.
  const inEntry = new Set<string>();
  const addEntry = (key: string) => {
    if (inEntry.has(key) || !manifest[key]) return;
    inEntry.add(key);
    for (const i of manifest[key].imports ?? []) addEntry(i);
  };
  addEntry('index.html');
  const entryCss = manifest['index.html']?.css ?? [];
  // The text fonts of the Latin subset (src/ui/fonts.scss): wanted by every page's first paint.
  const fonts = readdirSync(path.join(distDir, 'assets')).filter((f) =>
    /^open-sans-latin-(400|600|700)-normal-.*\.woff2$/.test(f),
  );

  /**
   * The files of `key` and its static imports that index.html does not load, scripts and styles apart. The scripts are
   * in evaluation order, each after the files it imports: src/app/main.tsx evaluates them one per task.
   */
  const closure = (key: string, scripts: Set<string>, styles: Set<string>, seen = new Set<string>()) => {
    if (inEntry.has(key) || !manifest[key] || seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    for (const file of chunk.css ?? []) styles.add(file);
    for (const i of chunk.imports ?? []) closure(i, scripts, styles, seen);
    scripts.add(chunk.file);
  };

  return {
    page(pathname, language, screen) {
      const route = findRoute(pathname);
      const scripts = new Set<string>();
      const styles = new Set<string>();
      // The route table names the layout's and the screen's modules as the manifest keys them.
      closure(LAYOUT_MODULES[route.layout], scripts, styles);
      closure(route.screen, scripts, styles);
      if (!screen) {
        closure(SESSION_API, scripts, styles);
        for (const lng of new Set(['en', ...(language ? [language] : [])])) {
          for (const ns of BOOT_NAMESPACES) closure(`locales/${lng}/${ns}.json`, scripts, styles);
        }
        const links = [
          ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
        ];
        return html.replace('</head>', `${links.join('\n    ')}\n  </head>`);
      }
      // A rendered screen paints from this file alone: its CSS inline, its fonts and images fetched at once. Its
      // scripts load after that paint (src/app/main.tsx): no preload of them here, nothing else competes with it.
      // Each inline file is followed by a link to it, which tells Vite's chunk loader it is there (it then does not
      // fetch it again). Its type is not CSS, so the browser does not fetch it either (HTML: a stylesheet of an
      // unsupported type is not fetched); made in the HTML, it costs no task after the paint.
      const inline = [...entryCss, ...styles].map(
        (file) =>
          `<style ${INLINE_CSS_ATTRIBUTE}="/${file}">${css(file)}</style><link rel="stylesheet" type="text/x-inline" crossorigin href="/${file}">`,
      );
      const fontLinks = fonts.map(
        (file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${file}">`,
      );
      // React writes its preloads (the first screen's images) ahead of the markup: they belong in the head.
      const hoisted = /^(?:<link [^>]*\/>)*/.exec(screen.html)![0];
      const body = screen.html.slice(hoisted.length);
      return html
        .replace(/<html lang="[^"]*"/, `<html lang="${screen.boot.language}"`)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(screen.title)}</title>`)
        .replace(/<link rel="stylesheet"[^>]*>/g, '')
        .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
        .replace('</head>', `${[...fontLinks, ...inline, hoisted].join('\n    ')}\n  </head>`)
        .replace(
          /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/,
          (_m, end: string) =>
            `<fieldset id="${SSR_LOCK_ID}" disabled role="none" style="display:contents"><div id="root" inert>${body}</div></fieldset>` +
            `\n    <script type="application/json" id="${SSR_BOOT_ID}" ${MODULES_ATTRIBUTE}="${[...scripts].map((file) => `/${file}`).join(' ')}">${scriptJson(screen.boot)}</script>${end}`,
        );
    },
  };
}

/** Text for an HTML element's content. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

/**
 * The CSP sources (`'sha256-…'`) of every style element a page of the build in `distDir` may hold: the inline styles
 * of index.html and each CSS file of dist/assets, which a rendered page writes inline (page()). None without a build.
 * They let the CSP's style-src go without 'unsafe-inline' (server/security.ts).
 */
export function inlineStyleHashes(distDir: string): string[] {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return [];
  const inIndex = [...readFileSync(index, 'utf8').matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  const assets = path.join(distDir, 'assets');
  const files = existsSync(assets) ? readdirSync(assets).filter((f) => f.endsWith('.css')) : [];
  const texts = [...inIndex, ...files.map((f) => readFileSync(path.join(assets, f), 'utf8'))];
  return [...new Set(texts.map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`))];
}
