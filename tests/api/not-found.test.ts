// Soft 404s (spec 8: "This page could not be found"): a page path no route knows, and a page whose subject does not
// exist (the member of /members/{id}, the content block of /{token}), answer status 404 with the page, which the app
// draws as the 404 page (server/page-render.ts, src/app/routes.ts subjectOf). The server here serves a build of
// index.html alone, so its pages are the plain shell: the statuses are the same with the rendered screen
// (tests/e2e/not-found.spec.ts draws it).
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeMember, Client, startServer, type TestServer } from './harness.ts';

const BOOT_STYLE = '.boot-bar{height:57px}';
const SHELL = `<!doctype html><html lang="en"><head><title>Heartline</title><style>${BOOT_STYLE}</style></head><body><div id="root"></div></body></html>`;

let server: TestServer;
let dist: string;
let visitor: Client;
let member: Client;
let demoId: number;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'not-found-dist-'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  server = await startServer(20, { env: { DIST_DIR: dist } });
  visitor = new Client(server.url);
  ({ client: member } = await activeMember(server));
  const { members } = (await visitor.get('/api/lander.php')).body as { members: { id: number }[] };
  demoId = members[0].id;
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

/** GET `pathname` as a browser navigation of `client`: its status and whether the answer is the page. */
async function open(client: Client, pathname: string): Promise<{ status: number; page: boolean }> {
  const res = await client.call('GET', pathname, undefined, { accept: 'text/html' });
  return { status: res.status, page: (res.headers.get('content-type') ?? '').startsWith('text/html') };
}

describe('page statuses', () => {
  it('answer 200 for the pages that exist', async () => {
    for (const pathname of ['/', '/login', '/members', `/members/${demoId}`, '/pages/faq', '/faq', '/landers/gallery/x']) {
      expect(await open(visitor, pathname), pathname).toEqual({ status: 200, page: true });
    }
    for (const pathname of [`/members/${demoId}`, `/likes/m/${demoId}`, '/chats']) {
      expect(await open(member, pathname), pathname).toEqual({ status: 200, page: true });
    }
  });

  it('answer 404 with the page for a path no route knows', async () => {
    for (const pathname of ['/a/b/c', '/landers/tinderswipe/x', '/pages/nope', '/members/1/chat/x', '/no-such-block']) {
      expect(await open(visitor, pathname), pathname).toEqual({ status: 404, page: true });
    }
  });

  it('answer 404 with the page for a profile of no visible member, or an id that is none', async () => {
    for (const pathname of ['/members/abc', '/members/0', '/members/042', '/members/999999', `/members/${2 ** 53}`]) {
      expect(await open(visitor, pathname), pathname).toEqual({ status: 404, page: true });
      expect(await open(member, pathname), pathname).toEqual({ status: 404, page: true });
    }
    expect(await open(member, '/likes/m/999999')).toEqual({ status: 404, page: true });
    // A visitor is sent to log in first (the app redirects): the page is not judged for them.
    expect(await open(visitor, '/likes/m/999999')).toEqual({ status: 200, page: true });
  });

  it('keep the 404 for a page served again from the visitor page cache', async () => {
    for (let i = 0; i < 2; i++) expect(await open(visitor, '/members/999998')).toEqual({ status: 404, page: true });
  });

  it("carry a CSP whose style-src allows the build's inline styles by hash, no other inline style element", async () => {
    const res = await visitor.call('GET', '/no/such/page', undefined, { accept: 'text/html' });
    const csp = Object.fromEntries(
      (res.headers.get('content-security-policy') ?? '').split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
    );
    const hash = `'sha256-${createHash('sha256').update(BOOT_STYLE).digest('base64')}'`;
    expect(csp['style-src']).toEqual(["'self'", hash]);
    // React's style={} props are attributes in a server-rendered page (docs/security.md).
    expect(csp['style-src-attr']).toEqual(["'unsafe-inline'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
  });

  it('leave API and file 404s in the error shape', async () => {
    const api = await visitor.get('/api/nope.php');
    expect([api.status, (api.body as { error: { code: string } }).error.code]).toEqual([404, 'not_found']);
    expect((await visitor.get('/assets/nope.js')).status).toBe(404);
  });
});
