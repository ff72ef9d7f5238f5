// Bundle size accounting for the DESIGN budgets (entry JS, each lazy chunk, CSS), on gzip sizes of the built dist/.
// The pure part (graphs, accounting, table) takes no file system; loadDist() reads a dist folder.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** KB as the budgets mean it: 1024 bytes of gzip. */
export const KB = 1024;

/** DESIGN.md "Budgets": entry JS <= 110 KB gzip, each lazy route <= 30 KB, CSS <= 10 KB. */
const BUDGETS = { entryJs: 110 * KB, lazyChunk: 30 * KB, css: 10 * KB } as const;
export type Budgets = { entryJs: number; lazyChunk: number; css: number };

/**
 * Files the page budgets leave out (shown for information): the service worker (sw.js) and workbox chunks, the
 * runtime files a generated worker imports and the page's lazily loaded workbox-window.
 */
const isServiceWorkerFile = (file: string) =>
  /(^|\/)(sw|service-worker)\.m?js$/.test(file) || /(^|\/)workbox-[^/]*\.m?js$/.test(file);

/** zlib level used for every size here (9 = best; Vite's own report uses the zlib default and reads a little larger). */
const GZIP_LEVEL = 9;

/** One JS chunk of the build. All paths are relative to dist/ with forward slashes, e.g. "assets/index-abc.js". */
interface ChunkInfo {
  file: string;
  /** Readable name: the source path with a manifest ("src/features/chat/chat-screen.tsx"), else the file name without hash. */
  name: string;
  /** Static imports (chunk files): downloaded together with this chunk. */
  imports: string[];
  /** Dynamic imports (chunk files): downloaded when the code asks for them. */
  dynamicImports: string[];
  /** CSS files this chunk (or, without a manifest, its static-import closure) brings. */
  css: string[];
}

export interface BuildGraph {
  /** Where the graph came from. */
  source: 'manifest' | 'html';
  /** JS files the page loads at start: index.html's <script src> and <link rel=modulepreload> (and the manifest's HTML entry). */
  entries: string[];
  /** CSS the page loads at start from <link rel=stylesheet> in index.html. */
  entryCss: string[];
  chunks: Map<string, ChunkInfo>;
}

/** The fields of a Vite manifest entry this uses (vite `ManifestChunk`). */
interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

const isJs = (f: string) => /\.m?js$/.test(f);
const isCss = (f: string) => f.endsWith('.css');
const uniq = <T>(xs: Iterable<T>) => [...new Set(xs)];

/** "/assets/x.js", "./assets/x.js", "assets/x.js?v=1" -> "assets/x.js"; null for other origins and data: URLs. */
export function distPath(url: string, base = ''): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return null;
  const clean = url.split(/[?#]/)[0];
  const joined = clean.startsWith('/') ? clean : path.posix.join(base, clean);
  return path.posix
    .normalize(joined)
    .replace(/^\/+/, '')
    .replace(/^(\.\.\/)+/, '');
}

/** The start-up resources of index.html: script sources, modulepreload links and stylesheets (dist paths). */
export function parseIndexHtml(html: string): { scripts: string[]; preloads: string[]; styles: string[] } {
  const attr = (tag: string, name: string) =>
    tag
      .match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'))
      ?.slice(1)
      .find((v) => v !== undefined);
  const scripts: string[] = [];
  const preloads: string[] = [];
  const styles: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    const file = src && distPath(src);
    if (file) scripts.push(file);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attr(tag, 'href');
    const file = href && distPath(href);
    if (!file) continue;
    if (rel.includes('modulepreload')) preloads.push(file);
    else if (rel.includes('stylesheet')) styles.push(file);
  }
  return { scripts, preloads, styles };
}

/** The graph of a Vite manifest (build.manifest). `html` (dist/index.html) adds what the page itself links. */
export function graphFromManifest(manifest: Manifest, html?: string): BuildGraph {
  const fileOf = (key: string) => manifest[key]?.file;
  const chunks = new Map<string, ChunkInfo>();
  for (const entry of Object.values(manifest)) {
    if (!isJs(entry.file)) continue;
    chunks.set(entry.file, {
      file: entry.file,
      name: entry.src ?? entry.name ?? baseName(entry.file),
      imports: uniq((entry.imports ?? []).map(fileOf).filter((f): f is string => !!f && isJs(f))),
      dynamicImports: uniq((entry.dynamicImports ?? []).map(fileOf).filter((f): f is string => !!f && isJs(f))),
      css: uniq(entry.css ?? []),
    });
  }
  const all = Object.values(manifest).filter((e) => e.isEntry && isJs(e.file));
  // The page's entry is the one built from index.html (else any HTML file); other entries (a worker, the staff
  // console's ops.html) are not the member page's.
  const fromIndex = all.filter((e) => e.src === 'index.html');
  const htmlEntries = fromIndex.length ? fromIndex : all.filter((e) => e.src?.endsWith('.html') && e.src !== OPS_HTML);
  const entries = (htmlEntries.length ? htmlEntries : all).map((e) => e.file);
  // The app's start, which the entry imports at once (after the first frame of a server-rendered page): as much a
  // part of every page's start as the entry itself.
  entries.push(...START_STAGES.map(fileOf).filter((f): f is string => !!f));
  let entryCss: string[] = [];
  if (html !== undefined) {
    const page = parseIndexHtml(html);
    entries.push(...[...page.scripts, ...page.preloads].filter((f) => chunks.has(f)));
    entryCss = page.styles;
  }
  return { source: 'manifest', entries: uniq(entries), entryCss: uniq(entryCss), chunks };
}

/** The staff console's page (vite.config.ts): its files are reported apart, never in the member budgets. */
const OPS_HTML = 'ops.html';

/** Modules the entry (src/app/main.tsx) loads at once by dynamic import: counted as entry JS. */
const START_STAGES = ['node_modules/react-dom/client.js', 'src/i18n/index.ts', 'src/app/boot.tsx'];

/** Static `import ... from "./x.js"`, `import "./x.js"` and `export ... from "./x.js"` of a (minified) ES module. */
export function staticImportsOf(code: string): string[] {
  const re =
    /(?:^|[;}\s/])(?:import|export)\s*(?:(?:\{[^}]*\}|\*\s*as\s*[\w$]+|\*|[\w$]+(?:\s*,\s*(?:\{[^}]*\}|\*\s*as\s*[\w$]+))?)\s*from\s*)?(["'`])(\.{1,2}\/[^"'`]+?\.m?js)\1/g;
  return uniq([...code.matchAll(re)].map((m) => m[2]));
}

/**
 * Dynamic `import("./x.js")` of a chunk, each with the files Vite preloads with it (`__vite__mapDeps([...])`,
 * dist-relative: JS and CSS of the target's closure), if any.
 */
export function dynamicImportsOf(code: string): { spec: string; deps: string[] }[] {
  const table = code.match(/__vite__mapDeps\s*=\s*\([^)]*\bm\.f\s*=\s*(\[[^\]]*\])/);
  let files: string[] = [];
  if (table) {
    try {
      files = JSON.parse(table[1].replace(/'/g, '"')) as string[];
    } catch {
      files = [];
    }
  }
  const re = /\bimport\(\s*(["'`])(\.{1,2}\/[^"'`]+?\.m?js)\1\s*\)(\s*,\s*__vite__mapDeps\(\s*\[([\d,\s]*)\]\s*\))?/g;
  return [...code.matchAll(re)].map((m) => ({
    spec: m[2],
    deps: (m[4] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((i) => files[Number(i)])
      .filter((f): f is string => !!f),
  }));
}

/**
 * The graph of a dist folder without a manifest: index.html's links, then each chunk's import statements.
 * `read` answers a dist file's text, or undefined when it does not exist.
 */
export function graphFromHtml(html: string, read: (file: string) => string | undefined): BuildGraph {
  const page = parseIndexHtml(html);
  const chunks = new Map<string, ChunkInfo>();
  const lazyCss = new Map<string, Set<string>>();
  const queue = [...page.scripts, ...page.preloads].filter(isJs);
  while (queue.length) {
    const file = queue.shift()!;
    if (chunks.has(file)) continue;
    const code = read(file);
    if (code === undefined) continue;
    const dir = path.posix.dirname(file);
    const resolve = (spec: string) => path.posix.normalize(path.posix.join(dir, spec));
    const imports = staticImportsOf(code).map(resolve);
    const dynamic = dynamicImportsOf(code).map((d) => ({ file: resolve(d.spec), deps: d.deps.map((f) => distPath(f) ?? f) }));
    for (const d of dynamic) {
      const css = lazyCss.get(d.file) ?? new Set<string>();
      for (const f of d.deps) if (isCss(f)) css.add(f);
      lazyCss.set(d.file, css);
    }
    chunks.set(file, {
      file,
      name: baseName(file),
      imports: uniq(imports),
      dynamicImports: uniq(dynamic.map((d) => d.file)),
      css: [],
    });
    queue.push(...imports, ...dynamic.map((d) => d.file));
  }
  for (const [file, css] of lazyCss) {
    const chunk = chunks.get(file);
    if (chunk) chunk.css = [...css];
  }
  return { source: 'html', entries: uniq([...page.scripts, ...page.preloads].filter(isJs)), entryCss: uniq(page.styles), chunks };
}

/** "assets/chat-screen-XYch15aM.js" -> "chat-screen". */
export function baseName(file: string): string {
  return path.posix
    .basename(file)
    .replace(/\.m?js$|\.css$/, '')
    .replace(/-[A-Za-z0-9_-]{8}$/, '');
}

/** Static-import closure of `roots` (roots included). Unknown files are kept (they count with size 0 if missing). */
function staticClosure(graph: BuildGraph, roots: string[]): string[] {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...(graph.chunks.get(f)?.imports ?? []));
  }
  return [...seen];
}

interface SizedFile {
  file: string;
  gzip: number;
  raw: number;
}

interface LazyChunkReport {
  /** The dynamic entry (what import() loads). */
  file: string;
  name: string;
  /** What the budget counts: its own chunk and the CSS it brings beyond the entry. */
  files: SizedFile[];
  /** Gzip bytes the first open downloads: own chunk plus shared chunks beyond the entry (not budgeted). */
  firstOpenGzip: number;
  gzip: number;
  raw: number;
  /** CSS it brings that the entry does not (part of its budget). */
  css: SizedFile[];
  over: boolean;
}

export interface SizeReport {
  source: BuildGraph['source'];
  gzipLevel: number;
  budgets: Budgets;
  entry: { files: SizedFile[]; gzip: number; raw: number; over: boolean };
  lazy: LazyChunkReport[];
  css: {
    entry: SizedFile[];
    lazy: { file: string; usedBy: string[]; gzip: number; raw: number }[];
    entryGzip: number;
    totalGzip: number;
    totalRaw: number;
    over: boolean;
  };
  /** Not budgeted, shown for information: the service worker and workbox files, and files nothing loads. */
  info: { label: string; files: SizedFile[] }[];
  over: boolean;
}

const sum = (xs: SizedFile[], k: 'gzip' | 'raw') => xs.reduce((n, x) => n + x[k], 0);

/**
 * The budget accounting (docs/perf.md). Entry JS = static closure of the page's entries. Every other JS chunk is
 * lazy and is budgeted on its own: a route chunk with the CSS it brings beyond the entry, and each shared chunk
 * (vendor code such as zod or Dexie, fetched once and cached for every route that needs it). For each route the
 * first-open download (own chunk plus shared chunks beyond the entry) is listed too, not budgeted. CSS: the
 * render-blocking entry CSS is budgeted; lazy CSS counts in its route. `size` answers gzip and raw byte sizes.
 */
export function analyze(
  graph: BuildGraph,
  size: (file: string) => { gzip: number; raw: number },
  budgets: Budgets = BUDGETS,
  ignore: (file: string) => boolean = isServiceWorkerFile,
): SizeReport {
  const sized = (file: string): SizedFile => ({ file, ...size(file) });
  const entryFiles = staticClosure(graph, graph.entries);
  const inEntry = new Set(entryFiles);
  const entrySized = entryFiles.map(sized).sort((a, b) => b.gzip - a.gzip);
  const entryGz = sum(entrySized, 'gzip');

  const entryCssFiles = uniq([...graph.entryCss, ...entryFiles.flatMap((f) => graph.chunks.get(f)?.css ?? [])]);
  const entryCssSet = new Set(entryCssFiles);

  // Every dynamic entry reachable from the page (through static and dynamic imports).
  const reachable = new Set<string>();
  const dynamicEntries: string[] = [];
  const stack = [...graph.entries];
  while (stack.length) {
    const f = stack.pop()!;
    if (reachable.has(f)) continue;
    reachable.add(f);
    const c = graph.chunks.get(f);
    if (!c) continue;
    stack.push(...c.imports);
    for (const d of c.dynamicImports) {
      if (!dynamicEntries.includes(d)) dynamicEntries.push(d);
      stack.push(d);
    }
  }

  const lazy: LazyChunkReport[] = [];
  const lazyCss = new Map<string, string[]>();
  const shared = new Set<string>();
  for (const file of dynamicEntries) {
    if (inEntry.has(file)) continue; // imported dynamically but already part of the entry: costs nothing more
    if (ignore(file)) continue; // workbox: not budgeted (loadDist lists it)
    const closure = staticClosure(graph, [file]).filter((f) => !inEntry.has(f));
    for (const f of closure) if (f !== file && !dynamicEntries.includes(f)) shared.add(f);
    const css = uniq(closure.flatMap((f) => graph.chunks.get(f)?.css ?? [])).filter((f) => !entryCssSet.has(f));
    const chunk = graph.chunks.get(file) ?? { file, name: baseName(file), imports: [], dynamicImports: [], css: [] };
    for (const c of css) lazyCss.set(c, [...(lazyCss.get(c) ?? []), chunk.name]);
    const own = [sized(file), ...css.map(sized)];
    const firstOpen = closure.map(sized);
    const gz = sum(own, 'gzip');
    lazy.push({
      file,
      name: chunk.name,
      files: own,
      gzip: gz,
      raw: sum(own, 'raw'),
      css: css.map(sized),
      firstOpenGzip: sum(firstOpen, 'gzip'),
      over: gz > budgets.lazyChunk,
    });
  }
  for (const file of shared) {
    if (ignore(file)) continue;
    const f = sized(file);
    lazy.push({
      file,
      name: `shared ${baseName(file)}`,
      files: [f],
      gzip: f.gzip,
      raw: f.raw,
      css: [],
      firstOpenGzip: f.gzip,
      over: f.gzip > budgets.lazyChunk,
    });
  }
  lazy.sort((a, b) => b.gzip - a.gzip);

  const entryCss = entryCssFiles.map(sized);
  const lazyCssRows = [...lazyCss].map(([file, usedBy]) => ({ ...sized(file), usedBy }));
  const totalGzip = sum(entryCss, 'gzip') + lazyCssRows.reduce((n, r) => n + r.gzip, 0);
  const totalRaw = sum(entryCss, 'raw') + lazyCssRows.reduce((n, r) => n + r.raw, 0);
  const css = {
    entry: entryCss,
    lazy: lazyCssRows,
    entryGzip: sum(entryCss, 'gzip'),
    totalGzip,
    totalRaw,
    over: sum(entryCss, 'gzip') > budgets.css,
  };

  const entry = { files: entrySized, gzip: entryGz, raw: sum(entrySized, 'raw'), over: entryGz > budgets.entryJs };
  return {
    source: graph.source,
    gzipLevel: GZIP_LEVEL,
    budgets,
    entry,
    lazy,
    css,
    info: [],
    over: entry.over || css.over || lazy.some((l) => l.over),
  };
}

const kb = (n: number) => `${(n / KB).toFixed(2)} KB`;
const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const lpad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);
const verdict = (over: boolean) => (over ? 'OVER' : 'OK');

/** The readable table of a report. */
export function formatReport(r: SizeReport, opts: { distLabel?: string; details?: boolean } = {}): string {
  const W = 58;
  const row = (label: string, gzip: number, raw: number | null, budget: number | null, over: boolean | null) =>
    `${pad(label, W)} ${lpad(kb(gzip), 11)} ${lpad(raw === null ? '' : kb(raw), 11)} ${lpad(budget === null ? '' : `${budget / KB} KB`, 8)}  ${over === null ? '' : verdict(over)}`.trimEnd();
  const out: string[] = [];
  out.push(
    `Bundle sizes of ${opts.distLabel ?? 'dist/'} (${r.source === 'manifest' ? 'from .vite/manifest.json' : "no manifest: from index.html and the chunks' import statements"})`,
  );
  out.push(`gzip level ${r.gzipLevel} per file (node:zlib), KB = 1024 bytes; budgets from DESIGN.md "Budgets".`);
  out.push('');
  out.push(`${pad('', W)} ${lpad('gzip', 11)} ${lpad('raw', 11)} ${lpad('budget', 8)}`);
  out.push(
    row(
      `Entry JS (${r.entry.files.length} chunks: <script type=module> + static imports)`,
      r.entry.gzip,
      r.entry.raw,
      r.budgets.entryJs,
      r.entry.over,
    ),
  );
  for (const f of r.entry.files) out.push(row(`    ${f.file}`, f.gzip, f.raw, null, null));
  out.push('');
  out.push(`Lazy chunks (${r.lazy.length}): each route chunk with its CSS, and each shared chunk, on its own`);
  for (const l of r.lazy) {
    const first = l.firstOpenGzip > l.gzip ? ` (first open ${kb(l.firstOpenGzip)})` : '';
    out.push(row(`  ${l.name}${first}`, l.gzip, l.raw, r.budgets.lazyChunk, l.over));
    if (opts.details || l.over) for (const f of l.files) out.push(row(`      ${f.file}`, f.gzip, f.raw, null, null));
  }
  out.push('');
  out.push('CSS');
  for (const c of r.css.entry) out.push(row(`  entry ${c.file}`, c.gzip, c.raw, null, null));
  for (const c of r.css.lazy)
    out.push(row(`  lazy  ${c.file} (${c.usedBy.length} chunk${c.usedBy.length === 1 ? '' : 's'})`, c.gzip, c.raw, null, null));
  out.push(row('CSS total (entry + lazy, each file once)', r.css.totalGzip, r.css.totalRaw, null, null));
  out.push(row('Entry CSS (render-blocking)', r.css.entryGzip, null, r.budgets.css, r.css.over));
  for (const i of r.info) {
    out.push('');
    out.push(i.label);
    for (const f of i.files) out.push(row(`  ${f.file}`, f.gzip, f.raw, null, null));
  }
  out.push('');
  const overs = [
    ...(r.entry.over ? [`entry JS ${kb(r.entry.gzip)} > ${r.budgets.entryJs / KB} KB`] : []),
    ...r.lazy.filter((l) => l.over).map((l) => `${l.name} ${kb(l.gzip)} > ${r.budgets.lazyChunk / KB} KB`),
    ...(r.css.over ? [`entry CSS ${kb(r.css.entryGzip)} > ${r.budgets.css / KB} KB`] : []),
  ];
  out.push(overs.length ? `OVER BUDGET: ${overs.join('; ')}` : 'All within budget.');
  return out.join('\n');
}

/** gzip (level GZIP_LEVEL) and raw size of a buffer. */
function gzipSize(buf: Buffer): { gzip: number; raw: number } {
  return { gzip: gzipSync(buf, { level: GZIP_LEVEL }).length, raw: buf.length };
}

function listFiles(dir: string, rel = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const r = rel ? `${rel}/${d.name}` : d.name;
    return d.isDirectory() ? listFiles(path.join(dir, d.name), r) : [r];
  });
}

/** Reads dist/ (manifest when present, else index.html + chunks) and answers the report. Throws when index.html is missing. */
export function loadDist(distDir: string, budgets: Budgets = BUDGETS): SizeReport {
  const htmlPath = path.join(distDir, 'index.html');
  if (!existsSync(htmlPath)) throw new Error(`${htmlPath} not found: run \`npm run build\` first`);
  const html = readFileSync(htmlPath, 'utf8');
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  const read = (file: string) => {
    const p = path.join(distDir, file);
    return existsSync(p) && statSync(p).isFile() ? readFileSync(p, 'utf8') : undefined;
  };
  const graph = existsSync(manifestPath)
    ? graphFromManifest(JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest, html)
    : graphFromHtml(html, read);
  if (!graph.entries.length) throw new Error(`no entry script found in ${htmlPath}`);
  const cache = new Map<string, { gzip: number; raw: number }>();
  const size = (file: string) => {
    let s = cache.get(file);
    if (!s) {
      const p = path.join(distDir, file);
      if (!existsSync(p)) throw new Error(`${file} is referenced by the build but missing from ${distDir}`);
      s = gzipSize(readFileSync(p));
      cache.set(file, s);
    }
    return s;
  };
  const report = analyze(graph, size, budgets);

  // Information only: the service worker and workbox files, and JS/CSS nothing of the page loads.
  const all = listFiles(distDir).filter((f) => !f.startsWith('.vite/'));
  const isWorker = isServiceWorkerFile;
  const workers = all.filter(isWorker);
  report.info.push(
    workers.length
      ? { label: 'Service worker and workbox files (not budgeted)', files: workers.map((f) => ({ file: f, ...size(f) })) }
      : { label: 'Service worker: no sw.js in dist/ (not budgeted)', files: [] },
  );
  const counted = new Set([
    ...report.entry.files.map((f) => f.file),
    ...report.lazy.flatMap((l) => [...l.files.map((f) => f.file), ...l.css.map((c) => c.file)]),
    ...report.css.entry.map((c) => c.file),
  ]);
  // The staff console: everything ops.html loads, at start or when a section opens, that is not the member page's
  // (shown for information, not budgeted).
  const opsHtml = read(OPS_HTML);
  if (opsHtml !== undefined) {
    const ops = graphFromHtml(opsHtml, read);
    const opsFiles = [...ops.chunks.keys(), ...ops.entryCss, ...[...ops.chunks.values()].flatMap((c) => c.css)];
    const own = uniq(opsFiles).filter((f) => !counted.has(f));
    const files = own.map((f) => ({ file: f, ...size(f) }));
    report.info.push({ label: `Staff console (${OPS_HTML}, not budgeted): ${kb(sum(files, 'gzip'))} gzip of its own`, files });
    for (const f of own) counted.add(f);
  }
  const loose = all.filter((f) => (isJs(f) || isCss(f)) && !isWorker(f) && !counted.has(f));
  if (loose.length)
    report.info.push({
      label: 'JS/CSS nothing in index.html reaches (not counted)',
      files: loose.map((f) => ({ file: f, ...size(f) })),
    });
  return report;
}
