// The size accounting on tiny fake builds: manifest and no-manifest (index.html + import statements) alike.
import { describe, expect, it } from 'vitest';
import {
  analyze,
  baseName,
  distPath,
  dynamicImportsOf,
  formatReport,
  graphFromHtml,
  graphFromManifest,
  KB,
  parseIndexHtml,
  staticImportsOf,
  type Manifest,
} from './sizes.ts';

// gzip sizes in KB by file: the entry is 60 + 30 + 10 = 100 KB; the chat route 29 + 1.5 (its CSS) = 30.5 KB,
// 44 KB on first open with the shared chunk.
const KBs: Record<string, number> = {
  'assets/index.js': 60,
  'assets/react.js': 30,
  'assets/runtime.js': 10,
  'assets/chat.js': 29,
  'assets/shared.js': 15,
  'assets/home.js': 5,
  'assets/en-common.js': 1,
  'assets/modal.js': 3,
  'assets/index.css': 8,
  'assets/chat.css': 1.5,
  'assets/home.css': 0.5,
};
const size = (file: string) => ({ gzip: (KBs[file] ?? 0) * KB, raw: (KBs[file] ?? 0) * KB * 3 });

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react.js', '_runtime.js'],
    dynamicImports: [
      'src/chat.tsx',
      'src/home.tsx',
      'locales/en/common.json',
      'node_modules/workbox-window/build/workbox-window.prod.es5.mjs',
    ],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js', imports: ['_runtime.js'] },
  '_runtime.js': { file: 'assets/runtime.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js', 'index.html'] },
  'src/chat.tsx': {
    file: 'assets/chat.js',
    src: 'src/chat.tsx',
    isDynamicEntry: true,
    imports: ['_shared.js', '_react.js', 'index.html'],
    dynamicImports: ['src/modal.tsx'],
    css: ['assets/chat.css'],
  },
  'src/modal.tsx': { file: 'assets/modal.js', src: 'src/modal.tsx', isDynamicEntry: true, imports: ['_shared.js'] },
  'src/home.tsx': {
    file: 'assets/home.js',
    src: 'src/home.tsx',
    isDynamicEntry: true,
    imports: ['index.html'],
    css: ['assets/home.css'],
  },
  'locales/en/common.json': { file: 'assets/en-common.js', src: 'locales/en/common.json', isDynamicEntry: true },
  // Workbox chunks are left out of the page budgets.
  'node_modules/workbox-window/build/workbox-window.prod.es5.mjs': {
    file: 'assets/workbox-window.prod.es5-Bd17z0YL.js',
    isDynamicEntry: true,
  },
  // A second entry (a worker built alongside) is not the page's.
  'sw.ts': { file: 'sw.js', src: 'sw.ts', isEntry: true },
};

describe('size accounting from a manifest', () => {
  const report = analyze(graphFromManifest(manifest), size);

  it('counts the HTML entry and its static imports once, not other entries', () => {
    expect(report.entry.files.map((f) => f.file).sort()).toEqual(['assets/index.js', 'assets/react.js', 'assets/runtime.js']);
    expect(report.entry.gzip).toBe(100 * KB);
    expect(report.entry.over).toBe(false);
  });

  it('counts a route chunk with its CSS, and each shared chunk on its own', () => {
    const chat = report.lazy.find((l) => l.name === 'src/chat.tsx')!;
    expect(chat.files.map((f) => f.file)).toEqual(['assets/chat.js', 'assets/chat.css']);
    expect(chat.gzip).toBe(30.5 * KB);
    expect(chat.firstOpenGzip).toBe(44 * KB);
    expect(chat.over).toBe(true);
    expect(report.lazy.find((l) => l.file === 'assets/shared.js')).toMatchObject({ gzip: 15 * KB, over: false });
    // A nested dynamic import is its own lazy chunk.
    expect(report.lazy.find((l) => l.name === 'src/modal.tsx')!.gzip).toBe(3 * KB);
    expect(report.lazy.find((l) => l.name === 'locales/en/common.json')).toMatchObject({ gzip: 1 * KB, over: false });
    expect(report.lazy.map((l) => l.file)).not.toContain('assets/workbox-window.prod.es5-Bd17z0YL.js');
    expect(report.over).toBe(true);
  });

  it('checks the entry CSS against the budget and lists lazy CSS with its chunks', () => {
    expect(report.css.entry.map((c) => c.file)).toEqual(['assets/index.css']);
    expect(report.css.lazy.map((c) => [c.file, c.usedBy])).toEqual([
      ['assets/chat.css', ['src/chat.tsx']],
      ['assets/home.css', ['src/home.tsx']],
    ]);
    expect(report.css.entryGzip).toBe(8 * KB);
    expect(report.css.totalGzip).toBe(10 * KB);
    expect(report.css.over).toBe(false); // <= 10 KB is within budget
  });

  it('prints a table with OK and OVER', () => {
    const text = formatReport(report);
    expect(text).toMatch(/Entry JS \(3 chunks.*100\.00 KB.*110 KB\s+OK/);
    expect(text).toMatch(/src\/chat\.tsx \(first open 44\.00 KB\).*30\.50 KB.*30 KB\s+OVER/);
    expect(text).toMatch(/OVER BUDGET: src\/chat\.tsx 30\.50 KB > 30 KB$/);
  });
});

describe('size accounting without a manifest', () => {
  const html = `<!doctype html><head>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react.js">
    <link rel="stylesheet" crossorigin href="/assets/index.css">
    <link rel="icon" href="/icons/logo.svg"><link rel="preconnect" href="https://cdn.example">
  </head>`;
  const files: Record<string, string> = {
    'assets/index.js':
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/chat.js","assets/shared.js","assets/react.js","assets/chat.css","assets/home.js","assets/home.css"])))=>i.map(i=>d[i]);' +
      'import{a as e}from"./react.js";import"./runtime.js";' +
      'const C=p(()=>import(`./chat.js`),__vite__mapDeps([0,1,2,3])),H=p(()=>import("./home.js"),__vite__mapDeps([4,5])),L=()=>import(`./en-common.js`);',
    'assets/react.js': 'import{r}from"./runtime.js";export{r as t};',
    'assets/runtime.js': 'var r=1;export{r};',
    'assets/chat.js':
      'import{t}from"./react.js";import{s}from"./shared.js";/* empty css */import{x}from"./index.js";const M=()=>import("./modal.js");export{t as default};',
    'assets/shared.js': 'export*from"./react.js";const s="import(\\"./nothing.js\\")";export{s};',
    'assets/modal.js': 'import{s}from"./shared.js";',
    'assets/home.js': 'import{x}from"./index.js";',
    'assets/en-common.js': 'var e={a:1};export{e as default};',
  };
  const graph = graphFromHtml(html, (f) => files[f]);
  const report = analyze(graph, size);

  it('finds the same entry, lazy chunks and CSS as the manifest does', () => {
    expect(report.entry.gzip).toBe(100 * KB);
    expect(report.lazy.map((l) => [l.name, l.gzip / KB])).toEqual([
      ['chat', 30.5],
      ['shared shared', 15],
      ['home', 5.5],
      ['modal', 3],
      ['en-common', 1],
    ]);
    expect(report.css.entry.map((c) => c.file)).toEqual(['assets/index.css']);
    expect(report.css.lazy.map((c) => c.file)).toEqual(['assets/chat.css', 'assets/home.css']);
  });

  it('parses index.html, import statements and preload tables', () => {
    expect(parseIndexHtml(html)).toEqual({
      scripts: ['assets/index.js'],
      preloads: ['assets/react.js'],
      styles: ['assets/index.css'],
    });
    expect(staticImportsOf(files['assets/chat.js'])).toEqual(['./react.js', './shared.js', './index.js']);
    expect(staticImportsOf(files['assets/shared.js'])).toEqual(['./react.js']);
    expect(dynamicImportsOf(files['assets/index.js'])).toEqual([
      { spec: './chat.js', deps: ['assets/chat.js', 'assets/shared.js', 'assets/react.js', 'assets/chat.css'] },
      { spec: './home.js', deps: ['assets/home.js', 'assets/home.css'] },
      { spec: './en-common.js', deps: [] },
    ]);
    expect(distPath('/assets/a.js?v=2')).toBe('assets/a.js');
    expect(distPath('https://cdn.example/a.js')).toBeNull();
    expect(baseName('assets/chat-screen-XYch15aM.js')).toBe('chat-screen');
    expect(baseName('assets/use-signed-up-Dz3_dVsn.js')).toBe('use-signed-up');
  });
});
