// Vite build and dev server of the page app (DESIGN: budgets; the API server proxies in dev).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import purgeCss from '@fullhuman/postcss-purgecss';
import type { AcceptedPlugin, Plugin as PostcssPlugin } from 'postcss';

/** Where `npm run dev` runs the API server (scripts/dev.ts starts it with PORT=8081). */
const API_ORIGIN = 'http://localhost:8081';
const apiProxy = {
  '/api': { target: API_ORIGIN, changeOrigin: false },
  '/media': { target: API_ORIGIN, changeOrigin: false },
};

/**
 * The web app manifest's one home is manifest.webmanifest at the repo root (DESIGN); the PWA plugin writes it to
 * dist/manifest.webmanifest and links it from index.html.
 */
const manifest = localizeManifest(
  JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8')) as Partial<ManifestOptions>,
);

/**
 * Issue 13: the manifest's description (its one home: locales/<lng>/pwa.json) and shortcut names in every site language, as the manifest localization
 * members (`description_localized`, `name_localized`; browsers without them read the English fields), taken from
 * locales/<lng>/pwa.json `manifest.description` and common.json `nav.*` at build time.
 */
function localizeManifest(base: Partial<ManifestOptions>): Partial<ManifestOptions> {
  const read = (lng: string, ns: string) =>
    JSON.parse(readFileSync(new URL(`./locales/${lng}/${ns}.json`, import.meta.url), 'utf8'));
  const others = readdirSync(new URL('./locales/', import.meta.url)).filter((lng) => lng !== base.lang);
  const byLanguage = (pick: (lng: string) => string) => Object.fromEntries(others.map((lng) => [lng, pick(lng)]));
  const shortcutKeys: Record<string, string> = { '/chats': 'messages', '/likes': 'likes', '/members': 'searchMembers' };
  return {
    ...base,
    description: read(base.lang ?? 'en', 'pwa').manifest.description,
    description_localized: byLanguage((lng) => read(lng, 'pwa').manifest.description),
    shortcuts: base.shortcuts?.map((s) => {
      const key = shortcutKeys[s.url];
      return key ? { ...s, name_localized: byLanguage((lng) => read(lng, 'common').nav[key]) } : s;
    }),
  } as Partial<ManifestOptions>;
}

/**
 * The staff console (docs/operations.md "Console"): ops.html -> src/ops/main.tsx, built apart from the member app
 * into the same dist/ once the member build is written (opsBuild), so the member bundle's chunks are exactly what
 * they would be without it (a shared input made Rolldown split React, wouter, the preload helper and its runtime
 * into chunks of their own). Every console file is named `assets/ops-…`, which the precache leaves out.
 */
const OPS_FILE_PREFIX = 'ops-';

/** The console's own build (no PWA plugin: no manifest link, no service worker), into `outDir` beside the app. */
async function buildConsole(root: string, outDir: string): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react(), compression({ include: /\.(html|css|js|svg)$/, threshold: 1024 })],
    resolve: { alias: [{ find: /^dexie$/, replacement: 'dexie/dist/modern/dexie.mjs' }] },
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: false,
      manifest: false,
      rolldownOptions: {
        input: { ops: path.join(root, 'ops.html') },
        output: {
          entryFileNames: `assets/${OPS_FILE_PREFIX}[name]-[hash].js`,
          chunkFileNames: `assets/${OPS_FILE_PREFIX}[name]-[hash].js`,
          assetFileNames: `assets/${OPS_FILE_PREFIX}[name]-[hash][extname]`,
        },
      },
    },
  });
}

/**
 * The console's page: in dev the server answers /ops and /ops/* with ops.html (as server/app.ts does in production);
 * a build of the member app is followed by the console's (buildConsole), into the same folder.
 */
function opsPage(): Plugin {
  let root = '';
  let outDir = '';
  let building = false;
  return {
    name: 'ops-page',
    configResolved(config) {
      root = config.root;
      building = config.command === 'build';
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/ops(\/|\?|$)/.test(req.url)) req.url = `/ops.html${req.url.slice(req.url.search(/\?|$/))}`;
        next();
      });
    },
    // The dev server closes its plugins too: only a build builds the console.
    closeBundle: { order: 'post', sequential: true, handler: () => (building ? buildConsole(root, outDir) : undefined) },
  };
}

/**
 * The service worker (docs/pwa.md): sw/sw.ts built by vite-plugin-pwa with the precache list injected. The
 * precache holds the app shell and every chunk (routes and locale namespaces), so any screen opens offline;
 * fonts only as woff2 (every browser with service workers reads it), icons but not the manifest screenshots.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'sw',
  filename: 'sw.ts',
  // src/pwa/register-sw.ts registers it (production builds only), with the update prompt.
  injectRegister: false,
  manifest,
  includeManifestIcons: false,
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,woff2}', 'icons/*.{png,svg}'],
    // The staff console (ops.html and its `ops-` files, OPS_FILE_PREFIX) is never precached for members.
    globIgnores: ['**/node_modules/**/*', 'ops.html', `assets/${OPS_FILE_PREFIX}*`],
    // A classic script: module service workers are not yet supported by every browser that installs PWAs.
    rollupFormat: 'iife',
  },
});

/**
 * react-bootstrap (and CountBadge) build class names from props: variant="outline-danger" ->
 * btn-outline-danger, bg="warning" -> text-bg-warning, animation="border" -> spinner-border,
 * size="sm" -> btn-sm. The words quoted in those props also count with the prefixes Bootstrap adds.
 */
const CLASS_PROP = /\b(variant|bg|animation|size)=(?:"([^"]*)"|\{([^}]*)\})/g;
const PROP_PREFIXES: Record<string, string[]> = {
  variant: ['btn-', 'text-'],
  bg: ['text-bg-'],
  animation: ['spinner-'],
  size: ['btn-', 'form-control-', 'form-select-', 'modal-', 'spinner-border-'],
};

function extractClassNames(content: string): string[] {
  const found = new Set(content.match(/[A-Za-z0-9_-]+/g) ?? []);
  for (const match of content.matchAll(CLASS_PROP)) {
    const words = match[2] !== undefined ? [match[2]] : [...(match[3] ?? '').matchAll(/'([\w-]+)'/g)].map((m) => m[1]);
    for (const word of words) for (const prefix of PROP_PREFIXES[match[1]]) found.add(prefix + word);
  }
  return [...found];
}

/**
 * DESIGN budget: CSS <= 10 KB gzip. Bootstrap's rules that no source file names are dropped from the
 * Sass stylesheets (only those: CSS modules are already scoped to what their component uses).
 */
function purgeTheme(): PostcssPlugin {
  const purge = purgeCss({
    content: ['index.html', 'src/**/*.{ts,tsx}'],
    // The console has Bootstrap's whole stylesheet of its own: its class names must not keep rules in the member's.
    skippedContentGlobs: ['src/ops/**'],
    defaultExtractor: extractClassNames,
    keyframes: true,
    // Classes react-bootstrap's Button, Dropdown, Form, Modal, Navbar and Spinner add at run time.
    safelist: {
      standard: [
        'btn',
        'btn-close',
        'active',
        'disabled',
        'show',
        'fade',
        'collapse',
        'collapsing',
        'dropdown',
        'dropdown-toggle',
        'dropdown-menu',
        'dropdown-menu-end',
        'dropdown-item',
        'dropdown-divider',
        'dropdown-header',
        'navbar',
        'navbar-expand-md',
        'navbar-dark',
        'navbar-brand',
        'navbar-toggler',
        'navbar-toggler-icon',
        'navbar-collapse',
        'navbar-nav',
        'navbar-text',
        'form-control',
        'form-select',
        'form-label',
        'form-text',
        'is-invalid',
        'invalid-feedback',
        /^modal-(?:dialog|content|header|title|body|footer|backdrop|open|static|sm|lg)/,
        'modal',
        'spinner-border',
        'spinner-border-sm',
      ],
    },
  }) as PostcssPlugin;
  return {
    postcssPlugin: 'purge-theme',
    async OnceExit(root, helpers) {
      if (!root.source?.input.file?.endsWith('.scss')) return;
      const run = (purge as { OnceExit?: (r: typeof root, h: typeof helpers) => Promise<void> }).OnceExit;
      await run?.(root, helpers);
    },
  };
}

/**
 * The `unicode-range` of each @fontsource face, by its file's name (`open-sans-latin-ext-400-normal`), read from the
 * package's all-subset stylesheets (`400.css`, ...) in `dir`. The per-subset stylesheets the app imports
 * (`latin-400.css`) leave the range out.
 */
function fontsourceRanges(dir: string): Map<string, string> {
  const ranges = new Map<string, string>();
  for (const file of readdirSync(dir).filter((f) => /^\d+\.css$/.test(f))) {
    const css = readFileSync(path.join(dir, file), 'utf8');
    for (const [, face, range] of css.matchAll(/\/\* (\S+) \*\/\s*@font-face\s*{[^}]*unicode-range:\s*([^;]+);/g))
      ranges.set(face, range);
  }
  return ranges;
}

/**
 * Open Sans (@fontsource) with `font-display: optional`: a font that is not there by the first paint (the server's
 * HTML preloads it, server/page-shell.ts) is not swapped in later, so text never repaints or moves after that paint.
 * Each face also gets its subset's `unicode-range` (fontsourceRanges): without it the browser fetched the latin-ext
 * faces (48 KB) on every page, for text that has none of their characters. The WOFF fallbacks are left out.
 */
function fontsourceFaces(): PostcssPlugin {
  const rangesByDir = new Map<string, Map<string, string>>();
  return {
    postcssPlugin: 'fontsource-faces',
    AtRule: {
      'font-face': (rule) => {
        const file = rule.source?.input.file;
        if (!file?.includes('@fontsource')) return;
        rule.walkDecls('font-display', (decl) => {
          decl.value = 'optional';
        });
        // WOFF2 only: every browser the app supports reads it, and the WOFF fallback only lengthened the entry CSS.
        rule.walkDecls('src', (decl) => {
          decl.value = decl.value
            .split(/,\s*(?=url\()/)
            .filter((s) => !/format\(['"]?woff['"]?\)/.test(s))
            .join(', ');
        });
        let hasRange = false;
        rule.walkDecls('unicode-range', () => {
          hasRange = true;
        });
        const face = /files\/([\w-]+)\.woff2/.exec(rule.toString())?.[1];
        if (hasRange || !face) return;
        const dir = path.dirname(file);
        if (!rangesByDir.has(dir)) rangesByDir.set(dir, fontsourceRanges(dir));
        const range = rangesByDir.get(dir)?.get(face);
        if (!range) throw new Error(`no unicode-range for the font face ${face} in ${dir}`);
        rule.append({ prop: 'unicode-range', value: range });
      },
    },
  };
}

/**
 * zod and the contract's schemas in six chunks (see build.rolldownOptions): zod's core, the rest of zod with the
 * contract's common schemas, the contract's core, the members' and the payments' schemas, and the barrel
 * (contract/index.ts), which imports them all. The files without zod (search-access, money, push-guard, countries)
 * stay where the build puts them: the app's start uses them without zod. Highest priority captures first.
 */
const CONTRACT_CHUNKS = [
  { name: 'zod-core', priority: 6, test: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]/ },
  { name: 'contract', priority: 5, test: /([\\/]node_modules[\\/]zod[\\/]|[\\/]contract[\\/](common|errors)\.ts$)/ },
  { name: 'contract-core', priority: 4, test: /[\\/]contract[\\/](notifications|user|settings|account|password|content)\.ts$/ },
  {
    name: 'contract-members',
    priority: 3,
    test: /[\\/]contract[\\/](members|landers|profile|photos|likes|discovery|chats|sync|live|push|complaints|gifts)\.ts$/,
  },
  { name: 'contract-payments', priority: 2, test: /[\\/]contract[\\/](payments|premium|discounts)\.ts$/ },
  { name: 'contract-index', priority: 1, test: /[\\/]contract[\\/]index\.ts$/ },
];

export default defineConfig(({ command, isSsrBuild }) => ({
  // Brotli and gzip copies of every text asset over 1 KiB, served by @fastify/static's preCompressed (server/app.ts).
  // The server-render build (`vite build --ssr`, src/app/ssr-entry.tsx) needs neither them nor the service worker.
  plugins: isSsrBuild
    ? [react()]
    : [react(), pwa, compression({ include: /\.(html|css|js|mjs|svg|json|webmanifest)$/, threshold: 1024 }), opsPage()],

  resolve: {
    // Dexie's package entry wraps its ES5 build (30.1 KB gzip); its ES2017+ module build is 28.8 KB and keeps the
    // shared Dexie chunk within the 30 KB lazy-chunk budget. One module for every importer, so one Dexie instance.
    alias: [{ find: /^dexie$/, replacement: 'dexie/dist/modern/dexie.mjs' }],
  },
  build: {
    // The server render's module goes beside the page's files, in a folder the site does not serve (server/app.ts).
    outDir: isSsrBuild ? 'dist/.ssr' : 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the list of chunks the PWA test checks against the precache.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // Budgets are checked on gzip sizes; Vite prints them.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 400,
    // zod and the contract in chunks, which src/app/boot.tsx evaluates one per task: zod builds every schema as its
    // module loads, and the whole contract at once was the longest task after a drawn page's paint (docs/perf.md).
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { includeDependenciesRecursively: false, groups: CONTRACT_CHUNKS } } },
  },
  css: {
    postcss: { plugins: (command === 'build' ? [purgeTheme(), fontsourceFaces()] : [fontsourceFaces()]) as AcceptedPlugin[] },
    preprocessorOptions: {
      scss: {
        // Bootstrap 5.3 still uses @import and the global Sass functions; its warnings are not ours to fix.
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  // The server render bundles its imports (bootstrap's Sass, the locales, wouter) like the page does; Node's own
  // packages and the big server-only ones stay external.
  ssr: { noExternal: true, external: ['react', 'react-dom'] },
  server: { port: 8080, strictPort: true, proxy: apiProxy },
  preview: { port: 8080, proxy: apiProxy },
}));
