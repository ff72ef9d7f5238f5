// Content blocks over the real server (spec 1, 9): every static page's token, the English fallback, 404 for an
// unknown token, the legal version-date rule, and raw HTML in a block never turning into markup.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ContentResponse, ErrorBody } from '../../contract/index.ts';
import { contentBlocks } from '../../server/db/schema.ts';
import { allSites } from '../../server/domain/content/sites.ts';
import { Markdown } from '../../src/features/pages/markdown.tsx';
import { Client, expectShape, startServer, type TestServer } from './harness.ts';

let server: TestServer;
let c: Client;
beforeAll(async () => {
  server = await startServer(0);
  c = new Client(server.url);
});
afterAll(() => server.close());

const PAGES = ['terms', 'privacy', 'cookies', 'ban', 'return-policy', 'faq', 'service', 'pricing', '2257'];

describe('GET /api/content.php', () => {
  it('answers every static page of spec 2 with its text filled from the site', async () => {
    for (const token of PAGES) {
      const { content } = expectShape(ContentResponse, await c.get(`/api/content.php?token=${token}`));
      expect(content).toMatchObject({ token, language: 'en' });
      expect(content.title.length, token).toBeGreaterThan(3);
      expect(content.markdown, token).not.toMatch(/\{\{|\}\}/);
    }
    const terms = expectShape(ContentResponse, await c.get('/api/content.php?token=terms')).content;
    expect(terms.markdown).toContain('Heartline Media B.V.');
    expect(terms.markdown).toContain('87654321');
    const refund = expectShape(ContentResponse, await c.get('/api/content.php?token=return-policy')).content;
    expect(refund.markdown).toContain('**14 days**');
    const privacy = expectShape(ContentResponse, await c.get('/api/content.php?token=privacy')).content;
    for (const right of ['access', 'rectification', 'erasure', 'restriction', 'data portability', 'object', 'withdraw consent'])
      expect(privacy.markdown).toContain(`**${right}**`);
    expect(privacy.markdown).toContain('support@heartline.example');
  });

  it('answers the language own block (seeded for every language), and English when the language has none', async () => {
    const german = expectShape(ContentResponse, await c.get('/api/content.php?token=faq&lang=de')).content;
    expect(german).toMatchObject({ language: 'de', title: 'Häufige Fragen' });
    expect(german.markdown).toContain('Credits');
    expect(german.markdown).not.toMatch(/\{\{/);
    const [site] = await allSites(server.db);
    await server.db
      .delete(contentBlocks)
      .where(and(eq(contentBlocks.siteId, site.id), eq(contentBlocks.language, 'de'), eq(contentBlocks.token, 'faq')));
    const fallback = expectShape(ContentResponse, await c.get('/api/content.php?token=faq&lang=de'));
    expect(fallback.content.language).toBe('en');
  });

  it('names the site by its name alone, never with its host ("Heartline (localhost)"), in every language', async () => {
    for (const lang of ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv']) {
      for (const token of PAGES) {
        const { content } = expectShape(ContentResponse, await c.get(`/api/content.php?token=${token}&lang=${lang}`));
        expect(`${content.title}\n${content.markdown}`, `${lang} ${token}`).not.toMatch(/\(localhost\)|Heartline \(/);
      }
      const terms = expectShape(ContentResponse, await c.get(`/api/content.php?token=terms&lang=${lang}`)).content;
      expect(terms.markdown, lang).toContain('Heartline');
    }
  });

  it('answers 404 in the error shape for an unknown token, 400 for one that cannot be a token', async () => {
    const missing = await c.get('/api/content.php?token=no-such-page');
    expect(missing.status).toBe(404);
    expect(ErrorBody.parse(missing.body).error).toMatchObject({ code: 'not_found', message: 'This page could not be found' });
    for (const bad of ['', '?token=', '?token=../terms', '?token=terms&lang=xx', '?token=TERMS']) {
      const res = await c.get(`/api/content.php${bad}`);
      expect(res.status, bad).toBe(400);
      expect(ErrorBody.parse(res.body).error.code).toBe('bad_request');
    }
  });

  it('dates the legal texts never earlier than 2023-12-01T12:00:00Z, or the later company added date (spec 9)', async () => {
    // The server reads the sites once, at its start (ServerContext.sites): change the company it holds.
    const [site] = server.sites.all;
    const added = site.company.added;
    try {
      site.company.added = '2024-03-01T12:00:00Z';
      for (const token of ['terms', 'privacy', 'cookies', 'return-policy']) {
        expect(expectShape(ContentResponse, await c.get(`/api/content.php?token=${token}`)).content.version_date).toBe(
          '2024-03-01T12:00:00.000Z',
        );
      }
      site.company.added = '2021-06-15T08:00:00Z';
      expect(expectShape(ContentResponse, await c.get('/api/content.php?token=terms')).content.version_date).toBe(
        '2023-12-01T12:00:00.000Z',
      );
      expect(expectShape(ContentResponse, await c.get('/api/content.php?token=faq')).content.version_date).toBeNull();
    } finally {
      site.company.added = added;
    }
  });

  it('passes raw HTML in a block on as text, and the page renders it as text, never as markup', async () => {
    const [site] = await allSites(server.db);
    const hostile =
      '## Hello\n\n<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[click](javascript:alert(3)) and [faq](/pages/faq)';
    await server.db
      .insert(contentBlocks)
      .values({ siteId: site.id, language: 'en', token: 'hostile', title: 'Hostile', markdown: hostile });
    const res = await fetch(`${server.url}/api/content.php?token=hostile`);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const { content } = ContentResponse.parse(await res.json());
    expect(content.markdown).toBe(hostile);
    const html = renderToStaticMarkup(
      createElement(Router, { ssrPath: '/', children: createElement(Markdown, null, content.markdown) }),
    );
    expect(html).toContain('<h2 id="hello">Hello</h2>');
    // Tags and attributes, not words: the hostile text itself may show as text.
    expect(html).not.toMatch(/<script|<img|<[^>]*\son\w+=|href="javascript:/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<p>click and <a href="/pages/faq" class="text-decoration-underline">faq</a></p>');
  });
});
