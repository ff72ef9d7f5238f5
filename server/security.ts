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
 * `Cache-Control: no-store` on every /api/ answer (personal data) unless the route sets its own. `styleHashes`: the
 * CSP sources of the build's inline styles (none: no inline style element is allowed).
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
  if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
}

/**
 * True when an embedded-default tool (the dev mailbox) may answer `req`: with DEV_TOOLS=on, or to a client on
 * loopback (`req.ip`, which follows X-Forwarded-For only through the proxies of TRUST_PROXY). The caller also
 * checks that the embedded default is in use (no SMTP_URL).
 */
export function devToolsAllowed(req: FastifyRequest, config: Pick<Config, 'devTools'>): boolean {
  return config.devTools || isLoopback(req.ip);
}

const isLoopback = (ip: string) => ipaddr.isValid(ip) && ipaddr.process(ip).range() === 'loopback';

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
 * Exempt: the POSTs of EXTERNAL_POSTS, which need no same origin and take their own body types. The GETs of
 * STATE_CHANGING_GETS get the Sec-Fetch-Site check.
 * Throws ApiError 403 forbidden_origin or 415 unsupported_media_type.
 */
export function checkMutation(req: FastifyRequest, publicUrl: string): void {
  if (req.method === 'GET' && STATE_CHANGING_GETS.has(req.url.split('?', 1)[0])) return checkSameSite(req);
  if (!MUTATIONS.has(req.method) || !req.url.startsWith('/api/')) return;
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  const external = req.method === 'POST' ? EXTERNAL_POSTS[req.url.split('?', 1)[0]] : undefined;
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
