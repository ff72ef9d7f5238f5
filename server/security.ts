// Request-level security baseline of DESIGN.md: response headers and the same-origin check on mutations.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
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

/** Sets CSP and the other protective headers on every answer. */
export function securityHeaders(reply: FastifyReply): void {
  reply.header('content-security-policy', CSP);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  reply.header('x-frame-options', 'DENY');
}

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses cross-site mutations of /api/: a browser's `Origin` must be the request's own host or PUBLIC_URL,
 * and `Sec-Fetch-Site`, when sent, must be same-origin or none. Bodies must be JSON (or multipart uploads).
 * Throws ApiError 403 forbidden_origin or 415 unsupported_media_type.
 */
export function checkMutation(req: FastifyRequest, publicUrl: string): void {
  if (!MUTATIONS.has(req.method) || !req.url.startsWith('/api/')) return;
  const site = req.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') throw new ApiError(403, 'forbidden_origin');
  const origin = req.headers.origin;
  if (origin) {
    const own = `${req.protocol}://${req.headers.host}`;
    if (origin !== own && origin !== publicUrl) throw new ApiError(403, 'forbidden_origin');
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (hasBody && type !== 'application/json' && type !== 'multipart/form-data') throw new ApiError(415, 'unsupported_media_type');
}
