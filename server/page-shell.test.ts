import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SsrBoot } from '../src/app/server-entry.ts';
import { createHash } from 'node:crypto';
import { inlineStyleHashes, pageShell, scriptJson } from './page-shell.ts';

describe('pageShell', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'page-shell-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(path.join(dist, '.vite'));
  const indexHtml =
    '<html lang="en"><head><title>Dating</title><link rel="stylesheet" crossorigin href="/assets/index.css"></head><body>\n<div id="root"><div class="boot-bar"></div></div>\n</body></html>';
  writeFileSync(path.join(dist, 'index.html'), indexHtml);
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'index.css'), 'body{margin:0}');
  writeFileSync(path.join(dist, 'assets', 'default-layout.css'), '.nav{color:red}');
  writeFileSync(path.join(dist, 'assets', 'open-sans-latin-400-normal-x1.woff2'), '');
  const manifest = {
    'index.html': { file: 'assets/index.js', imports: ['_react.js'], css: ['assets/index.css'] },
    '_react.js': { file: 'assets/react.js' },
    '_contract.js': { file: 'assets/contract.js' },
    'src/app/layouts/default-layout.tsx': {
      file: 'assets/default-layout.js',
      imports: ['_react.js', '_nav.js'],
      css: ['assets/default-layout.css'],
    },
    '_nav.js': { file: 'assets/nav.js' },
    'src/features/account/login-screen.tsx': { file: 'assets/login-screen.js', imports: ['index.html', '_contract.js'] },
    'src/features/account/session-api.ts': { file: 'assets/session-api.js', imports: ['_contract.js'] },
    'locales/en/common.json': { file: 'assets/common-en.js' },
    'locales/en/errors.json': { file: 'assets/errors-en.js' },
  };
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  const shell = pageShell(dist);

  it("preloads the route's layout and screen, the session calls' module and the boot namespaces, each once", async () => {
    // No language known: only the English namespaces are preloaded.
    const html = shell.page('/login', null);
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(preloads.sort()).toEqual(
      [
        '/assets/common-en.js',
        '/assets/contract.js',
        '/assets/default-layout.js',
        '/assets/errors-en.js',
        '/assets/login-screen.js',
        '/assets/nav.js',
        '/assets/session-api.js',
      ].sort(),
    );
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/default-layout.css">');
    // What index.html loads itself is not preloaded again.
    expect(html).not.toContain('/assets/react.js');
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
  });

  it('puts a rendered screen into a locked #root, its CSS inline, its boot JSON and preloads in the page', () => {
    const boot = {
      language: 'nl',
      namespaces: ['account'],
      answers: { '/api/x': '</script><script>alert(1)</script>' },
    } as unknown as SsrBoot;
    const html = shell.page('/login', 'nl', {
      html: '<link rel="preload" as="image" href="/i.png"/><h1>Inloggen</h1>',
      boot,
      title: 'A <b> site',
    });
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain('<title>A &lt;b> site</title>');
    expect(html).toMatch(
      /<fieldset id="ssr-lock" disabled role="none" style="display:contents"><div id="root" inert><h1>Inloggen<\/h1><\/div><\/fieldset>/,
    );
    expect(html).not.toContain('boot-bar');
    // The CSS is inline, named by its file; no stylesheet or script is fetched before the paint.
    expect(html).toContain('<style data-href="/assets/index.css">body{margin:0}</style>');
    expect(html).toContain('<style data-href="/assets/default-layout.css">.nav{color:red}</style>');
    // Each is named for Vite's chunk loader by a link the browser does not fetch (a type that is not CSS).
    expect(html).toContain('<link rel="stylesheet" type="text/x-inline" crossorigin href="/assets/index.css">');
    expect(html.match(/<link rel="stylesheet"[^>]*>/g)!.every((link) => link.includes('type="text/x-inline"'))).toBe(true);
    expect(html).not.toContain('modulepreload');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/i.png"/>');
    expect(head).toContain(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/open-sans-latin-400-normal-x1.woff2">',
    );
    // The screen's scripts beyond the entry, for the entry to preload after the paint and evaluate one by one: each once,
    // none of the entry's, each after the files it imports.
    expect(html).toContain(
      '<script type="application/json" id="ssr-boot" data-modules="/assets/nav.js /assets/default-layout.js /assets/contract.js /assets/login-screen.js">',
    );
    const json = /<script type="application\/json" id="ssr-boot"[^>]*>(.*)<\/script>/.exec(html)![1];
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toEqual(boot);
  });

  it('escapes "<" in the boot JSON', () => {
    expect(scriptJson({ a: '</script>' })).toBe('{"a":"\\u003c/script>"}');
  });

  it("lists a CSP hash for every style element of a rendered page and of index.html, so style-src needs no 'unsafe-inline'", () => {
    const html = shell.page('/login', 'en', { html: '<h1>Log in</h1>', boot: { language: 'en' } as SsrBoot, title: 'x' });
    const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
    expect(styles).toEqual(['body{margin:0}', '.nav{color:red}']);
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    writeFileSync(path.join(dist, 'index.html'), indexHtml.replace('</head>', '<style>.boot-bar{height:57px}</style></head>'));
    const hashes = inlineStyleHashes(dist);
    writeFileSync(path.join(dist, 'index.html'), indexHtml);
    for (const text of [...styles, '.boot-bar{height:57px}']) expect(hashes).toContain(sha(text));
    expect(inlineStyleHashes(path.join(dist, 'nonexistent'))).toEqual([]);
  });

  it('answers index.html as it is when the build has no manifest', () => {
    rmSync(path.join(dist, '.vite'), { recursive: true });
    expect(pageShell(dist).page('/login', null)).toBe(indexHtml);
  });
});
