// Web Push sending (RFC 8030 + 8291 + 8292), apart from the domain because it talks to the browsers' push services:
// VAPID keys made once and kept in the `meta` table, payloads encrypted by web-push, sent with fetch, dead
// subscriptions (404/410) removed. Sends run after the response, so a slow push service never delays a member.
import { isIP } from 'node:net';
import { and, eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushKind, PushPayload } from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';
import { storedOnce } from '../db/meta-value.ts';
import { pushSubscriptions } from '../db/schema.ts';
import { publicFetch } from './public-fetch.ts';

/** A VAPID key pair (RFC 8292), base64url: `publicKey` is the uncompressed P-256 point the browser subscribes with. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The `meta` row that holds the server's VAPID keys. */
export const VAPID_META_KEY = 'vapid_keys';

/**
 * The server's VAPID keys: read from `meta`, or made and stored on first start. Two instances starting at once on
 * one PostgreSQL database agree: the first insert wins and both read it back. Changing the keys orphans every
 * subscription (browsers subscribed with the old public key), so they are never replaced here.
 */
export function loadVapidKeys(db: Db): Promise<VapidKeys> {
  return storedOnce(db, VAPID_META_KEY, () => webpush.generateVAPIDKeys());
}

/**
 * The VAPID `sub` claim: a contact for push services' operators. web-push accepts only an https: URL or a mailto:
 * address: `override` (VAPID_SUBJECT) when set, else `publicUrl` when it is https and not localhost, else
 * `mailto:<supportEmail>`.
 */
export function vapidSubject(publicUrl: string, supportEmail: string, override?: string | null): string {
  if (override) return override;
  const url = new URL(publicUrl);
  if (url.protocol === 'https:' && url.hostname !== 'localhost') return url.origin;
  return `mailto:${supportEmail}`;
}

/** Seconds a push service keeps an undelivered push (the TTL header), per kind. */
const PUSH_TTL: Record<PushKind, number> = { message: 24 * 3600, match: 24 * 3600, like: 12 * 3600 };
/** The Urgency header (RFC 8030 section 5.3) per kind: a phone in power saving still wakes for high. */
const PUSH_URGENCY: Record<PushKind, 'high' | 'normal'> = { message: 'high', match: 'high', like: 'normal' };
/** A member's devices kept at most; subscribing one more drops the least recently working ones. */
export const MAX_SUBSCRIPTIONS_PER_MEMBER = 10;
/** Milliseconds one push service request may take. */
const SEND_TIMEOUT_MS = 10_000;

/** Where a warning goes (Fastify's logger or the console). */
type PushLog = (message: string, detail: Record<string, unknown>) => void;

export interface PushServiceOptions {
  db: Db;
  keys: VapidKeys;
  /** The VAPID subject (see vapidSubject). */
  subject: string;
  /** Allow http: and IP-literal endpoints (tests with a local fake push service); otherwise https named hosts only. */
  allowInsecureEndpoints?: boolean;
  /** The HTTP client (default publicFetch: public addresses only; global fetch when allowInsecureEndpoints). */
  fetch?: typeof fetch;
  log?: PushLog;
}

/**
 * Sends Web Pushes to a member's devices. Called by the push jobs (server/domain/notifications/push-notices.ts), never by a
 * request: a slow push service never delays an answer.
 */
export interface PushService {
  /** The VAPID public key (base64url): settings.push_public_key, the browser's applicationServerKey. */
  readonly publicKey: string;
  /** Whether `endpoint` may be stored: an https URL of a named host (any http(s) URL when allowInsecureEndpoints). */
  acceptsEndpoint(endpoint: string): boolean;
  /**
   * Sends `payload` to every subscription of `userId`, one request each, in parallel. Never throws: a 404/410
   * answer deletes that subscription, a 2xx notes last_success_at, anything else is logged (docs/push.md).
   * `topic` (RFC 8030 section 5.4, up to 32 base64url characters) lets a newer push replace an undelivered one.
   */
  send(userId: number, payload: PushPayload, topic?: string): Promise<void>;
}

/** The Web Push service over `opts.db`'s push_subscriptions. */
export function createPushService(opts: PushServiceOptions): PushService {
  const { db, keys } = opts;
  const doFetch = opts.fetch ?? (opts.allowInsecureEndpoints ? fetch : publicFetch);
  const log: PushLog = opts.log ?? ((message, detail) => console.warn(message, detail));
  const vapidDetails = { subject: opts.subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  // An endpoint in a log names a device: keep the origin only.
  const originOf = (endpoint: string) => URL.parse(endpoint)?.origin ?? '?';

  async function deliver(
    sub: typeof pushSubscriptions.$inferSelect,
    body: string,
    kind: PushKind,
    topic?: string,
  ): Promise<void> {
    try {
      const details = webpush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        body,
        {
          vapidDetails,
          TTL: PUSH_TTL[kind],
          urgency: PUSH_URGENCY[kind],
          contentEncoding: 'aes128gcm',
          ...(topic ? { topic } : {}),
        },
      );
      const headers: Record<string, string> = {};
      // fetch sets Content-Length itself from the body.
      for (const [name, value] of Object.entries(details.headers))
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      const res = await doFetch(details.endpoint, {
        method: 'POST',
        headers,
        body: new Uint8Array(details.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await res.body?.cancel();
      if (res.ok) {
        await db.update(pushSubscriptions).set({ lastSuccessAt: new Date() }).where(eq(pushSubscriptions.id, sub.id));
      } else if (res.status === 404 || res.status === 410) {
        // The browser unsubscribed or the subscription expired: it will never work again (RFC 8030 section 7.3).
        await db
          .delete(pushSubscriptions)
          .where(and(eq(pushSubscriptions.id, sub.id), eq(pushSubscriptions.endpoint, sub.endpoint)));
      } else {
        log('push refused', {
          status: res.status,
          service: originOf(sub.endpoint),
          retryAfter: res.headers.get('retry-after') ?? undefined,
        });
      }
    } catch (e) {
      // fetch's own message is just "fetch failed"; the cause says why (ECONNREFUSED, a timeout, TLS).
      const err = e as Error & { cause?: { code?: string; message?: string } };
      log('push failed', { service: originOf(sub.endpoint), error: err.cause?.code ?? err.cause?.message ?? err.message });
    }
  }

  return {
    publicKey: keys.publicKey,
    acceptsEndpoint(endpoint) {
      const url = URL.parse(endpoint);
      if (!url) return false;
      if (opts.allowInsecureEndpoints) return url.protocol === 'https:' || url.protocol === 'http:';
      // Browsers' push services are https hosts with DNS names; refusing IP literals and localhost names here, and
      // every non-public address when connecting (publicFetch), keeps members from aiming the server's requests at
      // internal addresses.
      const host = url.hostname.replace(/\.$/, '');
      return (
        url.protocol === 'https:' && host !== 'localhost' && !host.endsWith('.localhost') && !isIP(host.replace(/^\[|\]$/g, ''))
      );
    },
    async send(userId, payload, topic) {
      const subs = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
      if (subs.length === 0) return;
      const body = JSON.stringify(payload);
      await Promise.all(subs.map((s) => deliver(s, body, payload.kind, topic)));
    },
  };
}
