// Server rendering of a page's first screen (docs/perf.md, "Server rendering"): the request's session (the settings
// and user calls, answered in-process), the first calls its route declares (src/app/routes.ts), then the app's own
// render (dist/.ssr/ssr-entry.js, src/app/ssr-entry.tsx) into the page shell. A visitor's page is the same for everyone
// with the same host, address, country and language: it is kept for a minute.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Settings, User } from '../contract/index.ts';
import { findRoute, firstCalls, LANG_COOKIE, pickLanguage, type RenderPage } from '../src/app/server-entry.ts';
import { SESSION_COOKIE } from './domain/accounts/sessions.ts';
import { pageShell } from './page-shell.ts';

/** How long a server render may take before the plain shell is served instead. */
const RENDER_TIMEOUT_MS = 5_000;
/** How long a visitor's page is reused (the settings it shows change rarely; landers' members every 5 minutes). */
const VISITOR_PAGE_TTL_MS = 60_000;

/** A page answer: its HTML, and whether it holds the member's own data (then never stored by a cache). */
export interface PageAnswer {
  html: string;
  personal: boolean;
}

/**
 * Answers the function that builds the page of a request. It renders the first screen when dist/.ssr exists and the
 * page shows for this session as it is (a page that redirects, e.g. /members for a visitor, is the plain shell); any
 * failure of a call or of the render also gives the plain shell, logged. Never throws.
 */
export function pageRenderer(app: FastifyInstance, distDir: string): (req: FastifyRequest) => Promise<PageAnswer> {
  const shell = pageShell(distDir);
  const renderer: Promise<RenderPage | null> = import(pathToFileURL(path.join(distDir, '.ssr', 'ssr-entry.js')).href).then(
    (mod: { renderPage: RenderPage }) => mod.renderPage,
    () => null,
  );
  const visitorPages = new LRUCache<string, string>({ max: 500, ttl: VISITOR_PAGE_TTL_MS });

  /** GET `url` in-process with the request's cookies, host and country: the JSON of a 200, else null. */
  const call = async (req: FastifyRequest, url: string): Promise<unknown> => {
    const headers: Record<string, string> = { 'x-client': 'pwa' };
    for (const name of ['host', 'cookie', 'x-country', 'user-agent', 'x-forwarded-for', 'x-forwarded-proto']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const res = await app.inject({ method: 'GET', url, headers });
    return res.statusCode === 200 ? res.json() : null;
  };

  return async (req) => {
    const [pathname, query = ''] = req.url.split('?', 2);
    const route = findRoute(pathname);
    const member = Boolean(req.cookies[SESSION_COOKIE]);
    const langCookie = req.cookies[LANG_COOKIE];
    const key = member ? null : [req.headers.host, req.url, req.headers['x-country'], langCookie].join('\n');
    const kept = key === null ? undefined : visitorPages.get(key);
    if (kept) return { html: kept, personal: false };
    try {
      const search = query ? `?${query}` : '';
      const [settingsAnswer, userAnswer] = await Promise.all([
        call(req, `/api/settings.php${search}`) as Promise<{ settings: Settings } | null>,
        member ? (call(req, '/api/user.php') as Promise<{ user: User | null } | null>) : { user: null },
      ]);
      if (!settingsAnswer || !userAnswer) return { html: shell.page(pathname, langCookie ?? null), personal: member };
      const { settings } = settingsAnswer;
      const { user } = userAnswer;
      const language = pickLanguage(langCookie ?? user?.language, settings.domain_language);
      const render = await renderer;
      // The app redirects these itself (src/app/app-router.tsx): nothing to draw here.
      const redirects = user ? route.access === 'guest' : route.access === 'members' || route.access === 'search';
      if (!render || redirects) return { html: shell.page(pathname, language), personal: user !== null };
      const answers: Record<string, unknown> = {};
      await Promise.all(
        firstCalls(route, pathname, user, settings).map(async (url) => {
          const body = await call(req, url);
          if (body !== null) answers[url] = body;
        }),
      );
      const boot = { settings, user, language, answers };
      const rendered = await render(req.url, boot, AbortSignal.timeout(RENDER_TIMEOUT_MS));
      const html = shell.page(pathname, language, {
        html: rendered.html,
        boot: { ...boot, namespaces: rendered.namespaces, countryNames: rendered.countryNames },
        title: settings.index_title || settings.name,
      });
      if (key !== null && user === null) visitorPages.set(key, html);
      return { html, personal: user !== null };
    } catch (error) {
      req.log.warn({ err: error, url: req.url }, 'server render failed: plain shell served');
      return { html: shell.page(pathname, langCookie ?? null), personal: member };
    }
  };
}
