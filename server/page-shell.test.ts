import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { layouts, notFoundRoute, routes } from '../src/app/routes.ts';
import type { Db } from './db/connect.ts';
import { moduleOf, pageShell } from './page-shell.ts';

describe('moduleOf', () => {
  it('finds the module file of every route screen and layout', () => {
    for (const component of [...routes.map((r) => r.screen), notFoundRoute.screen, ...Object.values(layouts)]) {
      const file = moduleOf(component);
      expect(file, String(component.load)).toMatch(/^src\/(app|features)\/.+\.tsx$/);
      expect(existsSync(file!), file!).toBe(true);
    }
  });
});

describe('pageShell', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'page-shell-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'index.html'), '<html><head><title>Dating</title></head><body></body></html>');
  const manifest = {
    'index.html': { file: 'assets/index.js', imports: ['_react.js'] },
    '_react.js': { file: 'assets/react.js' },
    '_contract.js': { file: 'assets/contract.js' },
    'src/app/layouts/default-layout.tsx': { file: 'assets/default-layout.js', imports: ['_react.js', '_nav.js'], css: ['assets/default-layout.css'] },
    '_nav.js': { file: 'assets/nav.js' },
    'src/features/account/login-screen.tsx': { file: 'assets/login-screen.js', imports: ['index.html', '_contract.js'] },
    'src/features/account/session-api.ts': { file: 'assets/session-api.js', imports: ['_contract.js'] },
    'locales/en/common.json': { file: 'assets/common-en.js' },
    'locales/en/errors.json': { file: 'assets/errors-en.js' },
  };
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  // No database: the language is unknown and only the English namespaces are preloaded.
  const shell = pageShell(dist, {} as Db);
  const request = (url: string) => ({ url, cookies: {}, headers: { host: 'localhost' } }) as unknown as FastifyRequest;

  it('preloads the route\'s layout and screen, the session calls\' module and the boot namespaces, each once', async () => {
    const html = await shell(request('/login?next=%2Fchats'));
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(preloads.sort()).toEqual(
      ['/assets/common-en.js', '/assets/contract.js', '/assets/default-layout.js', '/assets/errors-en.js', '/assets/login-screen.js', '/assets/nav.js', '/assets/session-api.js'].sort(),
    );
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/default-layout.css">');
    // What index.html loads itself is not preloaded again.
    expect(html).not.toContain('/assets/react.js');
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
  });

  it('answers index.html as it is when the build has no manifest', async () => {
    rmSync(path.join(dist, '.vite'), { recursive: true });
    expect(await pageShell(dist, {} as Db)(request('/login'))).toBe('<html><head><title>Dating</title></head><body></body></html>');
  });
});
