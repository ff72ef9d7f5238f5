// A local push service for tests (DESIGN: a fake only for what this machine cannot reach, speaking the real
// protocol): accepts RFC 8030 push requests over plain http on 127.0.0.1 and records them. A test-side "browser"
// (a P-256 key pair and auth secret) subscribes with an endpoint here and decrypts what arrives with http_ece.
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { PushPayload, type PushSubscriptionRequest } from '../../contract/index.ts';

/** One push request the service received. */
export interface ReceivedPush {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakePushService {
  /** Origin, e.g. http://127.0.0.1:41234 (the `aud` a VAPID JWT must name). */
  url: string;
  received: ReceivedPush[];
  /** Answers requests to `path` with `status` from now on (default 201 Created). */
  answer(path: string, status: number): void;
  /** Holds requests to `path` unanswered until the returned function is called. */
  hold(path: string): () => void;
  close(): Promise<void>;
}

/** Starts the service on a free loopback port. */
export async function startFakePushService(): Promise<FakePushService> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const held = new Map<string, Promise<void>>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, method: req.method ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      void (held.get(path) ?? Promise.resolve()).then(() => {
        res.statusCode = statuses.get(path) ?? 201;
        res.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    answer: (path, status) => void statuses.set(path, status),
    hold(path) {
      let release!: () => void;
      held.set(path, new Promise<void>((r) => (release = r)));
      return () => {
        held.delete(path);
        release();
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, and the JSON it posts. */
export interface TestBrowser {
  path: string;
  ecdh: ECDH;
  auth: Buffer;
  subscription: PushSubscriptionRequest;
}

/** A new browser subscribed (on the browser's side) at `service` under /push/<name>. */
export function testBrowser(service: FakePushService, name: string): TestBrowser {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const path = `/push/${name}`;
  return {
    path,
    ecdh,
    auth,
    subscription: {
      endpoint: service.url + path,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

/** Decrypts a push body (aes128gcm, RFC 8291) as `browser` does and parses it with the contract's PushPayload. */
export function decryptPush(push: ReceivedPush, browser: TestBrowser): PushPayload {
  const plain = ece.decrypt(push.body, {
    version: 'aes128gcm',
    privateKey: browser.ecdh,
    authSecret: browser.auth.toString('base64url'),
  });
  return PushPayload.parse(JSON.parse(plain.toString('utf8')));
}

/** A P-256 public key object from its uncompressed point (base64url), as VAPID's `k` and settings carry it. */
export function p256PublicKey(point: string) {
  const raw = Buffer.from(point, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('not an uncompressed P-256 point');
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  });
}

/**
 * The VAPID Authorization header (RFC 8292: `vapid t=<JWT>, k=<public key>`) checked: the JWT's ES256 signature
 * verifies with `k`. Returns `k` and the JWT's header and claims for the caller's checks.
 */
export function readVapid(authorization: string | undefined): {
  k: string;
  header: Record<string, unknown>;
  claims: { aud?: string; exp?: number; sub?: string };
} {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt, k] = m;
  const [h, p, s] = jwt.split('.');
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key: p256PublicKey(k), dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('VAPID JWT signature does not verify');
  return {
    k,
    header: JSON.parse(Buffer.from(h, 'base64url').toString()),
    claims: JSON.parse(Buffer.from(p, 'base64url').toString()),
  };
}
