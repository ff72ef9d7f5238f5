// Request-level security baseline of DESIGN.md: response headers and the same-origin check on mutations.
import type { FastifyReply, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { Config } from './config.ts';
import { ApiError } from './errors.ts';

/**
 * The Content-Security-Policy of every answer. Style elements only from this origin or with one of `styleHashes` (the
 * build's inline styles: server/page-shell.ts inlineStyleHashes), never any other inline `<style>`. Style attributes
 * (`style-src-attr`) stay allowed: React writes `style={…}` props as attributes into a server-rendered page, which a
 * hash cannot cover (docs/security.md).
 */
function contentSecurityPolicy(styleHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    ["style-src 'self'", ...styleHashes].join(' '),
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // The PWA: its service worker (/sw.js) and web app manifest come from this origin only (docs/pwa.md).
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** Powerful features no page of the site uses are off; location and payments only for the site itself. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), usb=(), geolocation=(self), payment=(self)';

/**
 * Sets CSP and the other protective headers on every answer: HSTS when PUBLIC_URL is https, and
 * `Cache-Control: no-store` on every answer of an /api/ route (personal data) unless the route sets its own (the
 * public lists), and on every answer no route matched (errors). Keyed on the matched route, not the request's
 * spelling of it, so no spelling of a path serves personal data without it.
 * `styleHashes`: the CSP sources of the build's inline styles (none: no inline style element is allowed).
 */
export function securityHeaders(
  req: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string,
  styleHashes: readonly string[] = [],
): void {
  reply.header('content-security-policy', contentSecurityPolicy(styleHashes));
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  reply.header('x-frame-options', 'DENY');
  reply.header('permissions-policy', PERMISSIONS_POLICY);
  if (publicUrl.startsWith('https:')) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  const route = req.routeOptions.url;
  if (route === undefined || route.startsWith('/api/')) reply.header('cache-control', 'no-store');
}

/** The path prefixes whose routes act for a member or on the server: the API, the images and the dev tools. */
const GUARDED = /^\/(api|media|dev)(\/|$)/;

/**
 * A path under GUARDED as the routes spell it: segments of unreserved characters (RFC 3986), none empty, none a dot
 * segment, lower-case prefix, and nothing between the path and the query (no `#`, no `;`).
 */
const CANONICAL = /^\/(api|media|dev)(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/;

/**
 * The path of a request target as a lenient router might take it: the path of an absolute-form target, up to `?`,
 * `#` or `;`, percent-decoded once, backslashes as slashes, runs of slashes as one, dot segments resolved, lower case.
 */
function loosePath(target: string): string {
  let path = target;
  if (!path.startsWith('/')) {
    try {
      path = new URL(path).pathname;
    } catch {
      return path.toLowerCase();
    }
  }
  path = path
    .split(/[?#;]/, 1)[0]
    .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/[\\/]+/g, '/');
  const segments: string[] = [];
  for (const segment of path.split('/').slice(1)) {
    if (segment === '..') segments.pop();
    else if (segment !== '.') segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
}

/**
 * Refuses an API, image or dev-tools path not spelled in its canonical form (CANONICAL): percent-encoding, `//`,
 * dot segments, case variants of the prefix, a trailing slash, `#`, `;`, an absolute-form target. The router matches
 * some of these (it decodes percent-encoding) while a check on the raw spelling would not; refusing them before any
 * route runs closes that gap for every route at once. Throws ApiError 404 not_found.
 */
export function checkCanonicalPath(req: FastifyRequest): void {
  const target = req.raw.url ?? '/';
  const path = target.split('?', 1)[0];
  if (CANONICAL.test(path) || !GUARDED.test(loosePath(target))) return;
  throw new ApiError(404, 'not_found');
}

/**
 * True when an embedded-default tool (the dev mailbox, the dev SMS outbox, the test payment service) may answer `req`:
 * its Host must name this server (ownHost), and the client must be on loopback (`req.ip`, which follows
 * X-Forwarded-For only through the proxies of TRUST_PROXY) unless DEV_TOOLS=on. The caller also checks that the
 * embedded default is in use (no SMTP_URL).
 */
export function devToolsAllowed(req: FastifyRequest, config: Pick<Config, 'devTools' | 'publicUrl'>): boolean {
  return ownHost(req.headers.host, config.publicUrl) && (config.devTools || isLoopback(req.ip));
}

const isLoopback = (ip: string) => ipaddr.isValid(ip) && ipaddr.process(ip).range() === 'loopback';

/** A Host header: a name or IPv4 address, or an IPv6 address in brackets; then an optional port. */
const HOST = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9.-]+))(?::\d{1,5})?$/i;

/**
 * Whether Host header `host` names this server whatever the port: PUBLIC_URL's host, or a name only this machine
 * answers (localhost and *.localhost, which browsers resolve to loopback themselves and no DNS can rebind; a loopback
 * address). A page on another domain whose DNS was rebound to this machine sends its own domain: refused.
 */
function ownHost(host: string | undefined, publicUrl: string): boolean {
  const match = HOST.exec(host ?? '');
  if (!match) return false;
  const [, ipv6, name = ''] = match;
  if (ipv6 !== undefined) return isLoopback(ipv6) || `[${ipv6.toLowerCase()}]` === new URL(publicUrl).hostname;
  const lower = name.toLowerCase();
  return lower === 'localhost' || lower.endsWith('.localhost') || isLoopback(lower) || lower === new URL(publicUrl).hostname;
}

const MUTATIONS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** POST /api/unsubscribe.php: RFC 8058 one-click unsubscribe, posted by mail systems (docs/notifications.md). */
export const UNSUBSCRIBE_PATH = '/api/unsubscribe.php';
/** POST /api/mail-events.php: the mail provider's bounce and complaint webhook (docs/notifications.md). */
export const MAIL_EVENTS_PATH = '/api/mail-events.php';
/** POST /api/payment-webhook.php: the payment provider's notifications (docs/payments.md). */
export const PAYMENT_WEBHOOK_PATH = '/api/payment-webhook.php';

/**
 * The only mutations not made by the site's own pages, so the same-origin check does not apply to them. Each one
 * authenticates itself instead of relying on the session cookie (which is what the check protects): the unsubscribe
 * call by the signed token in its URL, the mail webhook by `Authorization: Bearer MAIL_WEBHOOK_SECRET`, the payment
 * webhook by the HMAC signature of each notification. A mail system
 * posts the unsubscribe from its own servers or from a webmail page (a foreign Origin), as an HTML form would
 * (RFC 8058 section 3.1: `application/x-www-form-urlencoded` or `multipart/form-data`). Exact POST paths only.
 */
const EXTERNAL_POSTS: Record<string, readonly string[]> = {
  [UNSUBSCRIBE_PATH]: ['application/x-www-form-urlencoded', 'multipart/form-data'],
  [MAIL_EVENTS_PATH]: ['application/json'],
  [PAYMENT_WEBHOOK_PATH]: ['application/json'],
};

/**
 * The spec's GET calls that change state (spec 7: logout, the auto-like). A browser says where a request comes from in
 * Sec-Fetch-Site: another site's link or image must not log a member out or make a like.
 */
const STATE_CHANGING_GETS: ReadonlySet<string> = new Set(['/api/logout.php', '/api/auto-like.php']);

/** Throws ApiError 403 forbidden_origin when the browser's `Sec-Fetch-Site` says the request came from another site. */
function checkSameSite(req: FastifyRequest): void {
  const site = req.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') throw new ApiError(403, 'forbidden_origin');
}

/**
 * Refuses cross-site mutations of /api/: a browser's `Origin` must be the request's own host or PUBLIC_URL,
 * and `Sec-Fetch-Site`, when sent, must be same-origin or none. Bodies must be JSON (or multipart uploads).
 * Exempt: the POSTs of EXTERNAL_POSTS, which need no same origin and take their own body types. The GETs (and
 * HEADs) of STATE_CHANGING_GETS get the Sec-Fetch-Site check. All of it keyed on the matched route.
 * Throws ApiError 403 forbidden_origin or 415 unsupported_media_type.
 */
export function checkMutation(req: FastifyRequest, publicUrl: string): void {
  // The matched route, however the request spelled its path (checkCanonicalPath refuses the odd spellings too).
  const route = req.routeOptions.url ?? '';
  // HEAD runs the GET route's handler (Fastify's exposeHeadRoutes), so it gets the GET's check.
  if ((req.method === 'GET' || req.method === 'HEAD') && STATE_CHANGING_GETS.has(route)) return checkSameSite(req);
  if (!MUTATIONS.has(req.method) || !route.startsWith('/api/')) return;
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  const external = req.method === 'POST' ? EXTERNAL_POSTS[route] : undefined;
  if (external) {
    if (hasBody && !external.includes(type)) throw new ApiError(415, 'unsupported_media_type');
    return;
  }
  checkSameSite(req);
  const origin = req.headers.origin;
  if (origin) {
    const own = `${req.protocol}://${req.headers.host}`;
    if (origin !== own && origin !== publicUrl) throw new ApiError(403, 'forbidden_origin');
  }
  if (hasBody && type !== 'application/json' && type !== 'multipart/form-data') throw new ApiError(415, 'unsupported_media_type');
}
