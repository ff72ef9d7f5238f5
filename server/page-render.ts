// Server rendering of a page's first screen (docs/perf.md, "Server rendering"): the request's session (the settings
// and user calls, answered in-process), the first calls its route declares (src/app/routes.ts), then the app's own
// render (dist/.ssr/ssr-entry.js, src/app/ssr-entry.tsx) into the page shell. A visitor's page is the same for everyone
// with the same host, address, country and language: it is kept for a minute.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Settings, User } from '../contract/index.ts';
import {
  ENTRY_WARNING_COOKIE,
  findRoute,
  firstCalls,
  LANG_COOKIE,
  pickLanguage,
  subjectOf,
  type RenderPage,
} from '../src/app/server-entry.ts';
import { SESSION_COOKIE } from './domain/accounts/sessions.ts';
import { SELECTED_COUNTRY_COOKIE, visitorCountry } from './domain/content/visitor-country.ts';
import { pageShell } from './page-shell.ts';

/** How long a server render may take before the plain shell is served instead. */
const RENDER_TIMEOUT_MS = 5_000;
/** How long a visitor's page is reused (the settings it shows change rarely; landers' members every 5 minutes). */
const VISITOR_PAGE_TTL_MS = 60_000;

/**
 * A page answer: its HTML, its status (404 for a path no route knows and for a page whose subject does not exist:
 * src/app/routes.ts subjectOf; the page then shows the 404 page) and whether it holds the member's own data (then
 * never stored by a cache).
 */
export interface PageAnswer {
  html: string;
  status: 200 | 404;
  personal: boolean;
}

/** A subject call's statuses that say there is no such subject (a malformed parameter, a missing member or block). */
const MISSING: ReadonlySet<number> = new Set([400, 404]);

/**
 * Answers the function that builds the page of a request. It renders the first screen when dist/.ssr exists and the
 * page shows for this session as it is (a page that redirects, e.g. /members for a visitor, is the plain shell); any
 * failure of a call or of the render also gives the plain shell, logged. The status is 404 when the route table
 * knows no such page or the page's subject call (AppRoute.subject) answers that there is none; a page that redirects
 * is 200. Never throws.
 */
export function pageRenderer(app: FastifyInstance, distDir: string): (req: FastifyRequest) => Promise<PageAnswer> {
  const shell = pageShell(distDir);
  const renderer: Promise<RenderPage | null> = import(pathToFileURL(path.join(distDir, '.ssr', 'ssr-entry.js')).href).then(
    (mod: { renderPage: RenderPage }) => mod.renderPage,
    () => null,
  );
  const visitorPages = new LRUCache<string, { html: string; status: 200 | 404 }>({ max: 500, ttl: VISITOR_PAGE_TTL_MS });

  /**
   * GET `url` in-process with the request's cookies, host, proxy headers and peer address (so the call decides the
   * client address and country as the request's own would): its status and JSON.
   */
  const send = async (req: FastifyRequest, url: string): Promise<{ status: number; body: unknown }> => {
    const headers: Record<string, string> = { 'x-client': 'pwa' };
    const names = ['host', 'cookie', 'x-country', 'cf-ipcountry', 'user-agent', 'x-forwarded-for', 'x-forwarded-proto'];
    for (const name of names) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const res = await app.inject({ method: 'GET', url, headers, remoteAddress: req.socket.remoteAddress });
    return { status: res.statusCode, body: res.statusCode === 200 || MISSING.has(res.statusCode) ? res.json() : null };
  };
  /** GET `url` as `send`: the JSON of a 200, else null. */
  const call = async (req: FastifyRequest, url: string): Promise<unknown> => {
    const res = await send(req, url);
    return res.status === 200 ? res.body : null;
  };

  return async (req) => {
    const [pathname, query = ''] = req.url.split('?', 2);
    const route = findRoute(pathname);
    const member = Boolean(req.cookies[SESSION_COOKIE]);
    const langCookie = req.cookies[LANG_COOKIE];
    const country = [
      visitorCountry(req, req.site, { geoip: app.ctx.geoip, localCountry: app.ctx.config.localCountry }),
      req.cookies[SELECTED_COUNTRY_COOKIE],
    ].join(' ');
    // A visitor's page shows the entry warning unless its cookie says it was accepted (src/app/entry-warning.tsx).
    const entryWarningAccepted = ENTRY_WARNING_COOKIE in req.cookies;
    const key = member ? null : [req.headers.host, req.url, country, langCookie, entryWarningAccepted].join('\n');
    const kept = key === null ? undefined : visitorPages.get(key);
    if (kept) return { ...kept, personal: false };
    // What the route table alone knows; the subject's call, once the language is known, may make it a 404.
    let status: 200 | 404 = subjectOf(route, pathname, 'en').found ? 200 : 404;
    try {
      const search = query ? `?${query}` : '';
      const [settingsAnswer, userAnswer] = await Promise.all([
        call(req, `/api/settings.php${search}`) as Promise<{ settings: Settings } | null>,
        member ? (call(req, '/api/user.php') as Promise<{ user: User | null } | null>) : { user: null },
      ]);
      if (!settingsAnswer || !userAnswer) return { html: shell.page(pathname, langCookie ?? null), status, personal: member };
      const { settings } = settingsAnswer;
      const { user } = userAnswer;
      const language = pickLanguage(langCookie ?? user?.language, settings.domain_language);
      const render = await renderer;
      // The app redirects these itself (src/app/app-router.tsx): nothing to draw here. A visitor's search pages
      // redirect only where the site and their traffic source keep them out: their subject is asked all the same, and
      // its 404 (a refused visitor gets 403) is the page's.
      const redirects = user ? route.access === 'guest' : route.access === 'members' || route.access === 'search';
      const judged = !redirects || (user === null && route.access === 'search');
      if (!judged) status = 200;
      const subject = subjectOf(route, pathname, language);
      const subjectCall = judged && subject.found ? subject.call : undefined;
      const calls = redirects ? [] : firstCalls(route, pathname, user, settings, language);
      const answers: Record<string, unknown> = {};
      await Promise.all(
        [...new Set([...calls, ...(subjectCall ? [subjectCall] : [])])].map(async (url) => {
          const res = await send(req, url);
          const missing = url === subjectCall && MISSING.has(res.status);
          if (missing) status = 404;
          // A first call's 404 goes to the page too: its screen then shows the 404 page (member-screen.tsx).
          if (calls.includes(url) && (res.status === 200 || missing)) answers[url] = res.body;
        }),
      );
      if (redirects || !render) return { html: shell.page(pathname, language), status, personal: user !== null };
      const boot = { settings, user, language, answers };
      const rendered = await render(req.url, { ...boot, entryWarningAccepted }, AbortSignal.timeout(RENDER_TIMEOUT_MS));
      const html = shell.page(pathname, language, {
        html: rendered.html,
        boot: { ...boot, namespaces: rendered.namespaces, countryNames: rendered.countryNames },
        title: rendered.title,
      });
      if (key !== null && user === null) visitorPages.set(key, { html, status });
      return { html, status, personal: user !== null };
    } catch (error) {
      req.log.warn({ err: error, url: req.url }, 'server render failed: plain shell served');
      return { html: shell.page(pathname, langCookie ?? null), status, personal: member };
    }
  };
}
