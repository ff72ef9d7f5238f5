// Server configuration from environment variables (README lists them), read once at start.
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';

/** Server configuration. Paths are absolute; `port` 0 picks a free port (tests). */
export interface Config {
  /** TCP port (PORT, default 8080). */
  port: number;
  /** Listen address (HOST, default 0.0.0.0). */
  host: string;
  /** Folder for the embedded database and media (DATA_DIR, default ./data). */
  dataDir: string;
  /** Photo storage in an S3-compatible bucket (S3_URL, parsed by parseS3Url); null = files under dataDir/media. docs/media.md. */
  s3: S3Config | null;
  /** PostgreSQL URL (DATABASE_URL); unset = embedded PGlite under dataDir/db, or in memory when dataDir is ':memory:'. */
  databaseUrl: string | null;
  /** Public origin of the site, used in mails and for the Origin check (PUBLIC_URL, default http://localhost:PORT). */
  publicUrl: string;
  /** SMTP URL for real mail (SMTP_URL); unset = mails kept in the database (dev mailbox). */
  smtpUrl: string | null;
  /** Number of demo members seeded at first start (SEED_MEMBERS, default 2400; 0 = none). */
  seedMembers: number;
  /** Built PWA to serve (DIST_DIR, default ./dist); missing folder = API only. */
  distDir: string;
  /** Cookies carry Secure (COOKIE_SECURE, default: when publicUrl is https). */
  cookieSecure: boolean;
  /**
   * Staff sessions of the back office (docs/operations.md): ended after `idleMinutes` without a call
   * (OPS_IDLE_MINUTES, default 30) and `hours` after sign-in (OPS_SESSION_HOURS, default 12).
   */
  ops: { idleMinutes: number; hours: number };
  /**
   * The AES-256 key sealing staff TOTP secrets (OPS_TOTP_KEY, 32 bytes in base64; unset = one made once and kept in
   * the database). docs/operations.md "Set-up".
   */
  opsTotpKey: Buffer | null;
  /**
   * How long an operator's claim on a fictional profile's conversation lasts, renewed by each reply
   * (FICTIONAL_CLAIM_MINUTES, default 10). docs/operations.md "Fictional profiles' inbox".
   */
  fictionalClaimMinutes: number;
  /** VAPID subject of Web Push, an https: URL or mailto: address (VAPID_SUBJECT; unset = PUBLIC_URL when https, else mailto:support_email). */
  vapidSubject: string | null;
  /**
   * Shared secret of the mail provider's bounce and complaint webhook, POST /api/mail-events.php, sent as
   * `Authorization: Bearer <secret>` (MAIL_WEBHOOK_SECRET; unset = the webhook answers 404). docs/notifications.md.
   */
  mailWebhookSecret: string | null;
  /**
   * The reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are believed (TRUST_PROXY: a comma-separated list of
   * addresses, CIDR ranges or the names loopback, linklocal, uniquelocal); unset = none, the client is the socket's peer.
   */
  trustProxy: string | false;
  /**
   * The country of a visitor whose address is loopback or private (docs/i18n.md "How the country is decided"):
   * a country code (LOCAL_COUNTRY=PL), 'none' for no country (LOCAL_COUNTRY=none), or null (unset) for the site's own
   * country. Throws at load on anything else.
   */
  localCountry: string | null;
  /**
   * The embedded-default tools (dev mailbox) answer every client, not only loopback (DEV_TOOLS=on). They never
   * answer when their real counterpart is configured (SMTP_URL). docs/security.md.
   */
  devTools: boolean;
  /**
   * This instance runs background jobs (pushes, mails, purge) as well as requests (JOB_WORKERS, default on; off: it
   * only writes jobs, another instance on the same database runs them).
   */
  jobWorkers: boolean;
  /**
   * The payment provider (docs/payments.md): Adyen when PAYMENT_PROVIDER=adyen with ADYEN_API_KEY,
   * ADYEN_MERCHANT_ACCOUNT, ADYEN_HMAC_KEY (hex) and, for live, ADYEN_LIVE=on with ADYEN_LIVE_PREFIX; null = the
   * embedded test payment service.
   */
  adyen: { apiKey: string; merchantAccount: string; hmacKey: string; live: boolean; livePrefix?: string } | null;
  /** Timeouts, connection caps and load shedding against slow and too many clients (docs/architecture.md "Production"). */
  limits: Limits;
  /**
   * Port of the Prometheus metrics listener, GET /metrics on `host` (METRICS_PORT; unset = no metrics listener).
   * docs/observability.md.
   */
  metricsPort: number | null;
  /**
   * How long a SIGTERM or SIGINT waits for running requests, streams and jobs before the process exits anyway, in ms
   * (DRAIN_TIMEOUT_MS, default 10 s). docs/observability.md "Graceful drain".
   */
  drainTimeoutMs: number;
}

/**
 * Limits of the HTTP server (docs/architecture.md "Production: timeouts and limits"). Times in ms; 0 switches a
 * limit off (except `headersTimeoutMs`, which Node requires).
 */
export interface Limits {
  /** A request's headers must have arrived this long after its first byte, else 408 and closed (HEADERS_TIMEOUT_MS, default 15 s). */
  headersTimeoutMs: number;
  /** A whole request, body included, must have arrived within this (REQUEST_TIMEOUT_MS, default 300 s: a 10 MiB photo at 300 kbit/s). */
  requestTimeoutMs: number;
  /** A connection with nothing read or written for this long is closed (CONNECTION_TIMEOUT_MS, default 60 s). */
  connectionTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (KEEP_ALIVE_TIMEOUT_MS, default 72 s: above a proxy's usual 60 s). */
  keepAliveTimeoutMs: number;
  /** Requests on one keep-alive connection before the server closes it (MAX_REQUESTS_PER_SOCKET, default 1000). */
  maxRequestsPerSocket: number;
  /** Open connections in all; a further one is dropped at once (MAX_CONNECTIONS, default 10,000: below the open-file limit). */
  maxConnections: number;
  /**
   * Open connections from one peer address; a further one is dropped at once (MAX_CONNECTIONS_PER_PEER, default 256,
   * or 0 = none when TRUST_PROXY is set: then the peer is the proxy).
   */
  maxConnectionsPerPeer: number;
  /**
   * Mean event-loop delay over a second above which requests get 503 (SHED_EVENT_LOOP_DELAY_MS, default 1000 on
   * PostgreSQL, 0 on PGlite: PGlite runs its queries on the event loop, so there the delay is the database's own work).
   */
  shedEventLoopDelayMs: number;
  /** V8 heap in use above which requests get 503, in bytes (SHED_HEAP_USED_MB, default 90 % of V8's heap limit). */
  shedHeapUsedBytes: number;
}

/** Reads the configuration from `env` (default process.env). Throws on a non-numeric PORT, a bad limit (limitsConfig) or a bad OPS_* value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const dataDir = env.DATA_DIR === ':memory:' ? ':memory:' : path.resolve(env.DATA_DIR ?? 'data');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    s3: env.S3_URL ? parseS3Url(env.S3_URL) : null,
    databaseUrl: env.DATABASE_URL || null,
    publicUrl,
    smtpUrl: env.SMTP_URL || null,
    seedMembers: Number(env.SEED_MEMBERS ?? 2400),
    distDir: path.resolve(env.DIST_DIR ?? 'dist'),
    cookieSecure: env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : publicUrl.startsWith('https:'),
    ops: { idleMinutes: positive(env, 'OPS_IDLE_MINUTES', 30), hours: positive(env, 'OPS_SESSION_HOURS', 12) },
    opsTotpKey: opsTotpKeyConfig(env.OPS_TOTP_KEY),
    fictionalClaimMinutes: positive(env, 'FICTIONAL_CLAIM_MINUTES', 10),
    vapidSubject: env.VAPID_SUBJECT || null,
    mailWebhookSecret: env.MAIL_WEBHOOK_SECRET || null,
    trustProxy: env.TRUST_PROXY?.trim() || false,
    localCountry: localCountryConfig(env.LOCAL_COUNTRY),
    devTools: env.DEV_TOOLS === 'on',
    jobWorkers: env.JOB_WORKERS !== 'off',
    adyen: adyenConfig(env),
    limits: limitsConfig(env),
    metricsPort: metricsPortConfig(env.METRICS_PORT),
    drainTimeoutMs: wholeNumber(env, 'DRAIN_TIMEOUT_MS', 10_000),
  };
}

/** The positive number of variable `name` of `env`, `fallback` when unset; throws on anything else. */
function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!(value > 0)) throw new Error(`${name} must be a positive number, got ${raw}`);
  return value;
}

/** OPS_TOTP_KEY (Config.opsTotpKey): unset or empty gives null; throws unless base64 of 32 bytes. */
function opsTotpKeyConfig(raw: string | undefined): Buffer | null {
  if (!raw?.trim()) return null;
  const key = Buffer.from(raw.trim(), 'base64');
  if (key.length !== 32) throw new Error('OPS_TOTP_KEY must be 32 bytes in base64 (openssl rand -base64 32)');
  return key;
}

/** METRICS_PORT (Config.metricsPort): unset or empty gives null; throws unless a port number (0: a free port, tests). */
function metricsPortConfig(raw: string | undefined): number | null {
  const value = raw?.trim();
  if (!value) return null;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`METRICS_PORT must be a port number, got ${raw}`);
  return port;
}

/** The whole number ≥ 0 of `env[name]`, `fallback` when unset or empty; throws on anything else. */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number ≥ 0, got ${raw}`);
  return value;
}

/** LOCAL_COUNTRY (Config.localCountry): unset or empty gives null; throws unless 'none' or two letters. */
function localCountryConfig(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  if (value === 'none') return value;
  if (!/^[a-z]{2}$/i.test(value)) throw new Error(`LOCAL_COUNTRY must be a country code or none, got ${raw}`);
  return value.toUpperCase();
}

/** The Limits of `env`; throws on a value that is not a whole number ≥ 0, or a headers timeout above the request timeout. */
function limitsConfig(env: NodeJS.ProcessEnv): Limits {
  const num = (name: string, fallback: number): number => wholeNumber(env, name, fallback);
  const MiB = 1024 * 1024;
  const heapMb = num('SHED_HEAP_USED_MB', Math.round((0.9 * getHeapStatistics().heap_size_limit) / MiB));
  const limits: Limits = {
    headersTimeoutMs: num('HEADERS_TIMEOUT_MS', 15_000),
    requestTimeoutMs: num('REQUEST_TIMEOUT_MS', 300_000),
    connectionTimeoutMs: num('CONNECTION_TIMEOUT_MS', 60_000),
    keepAliveTimeoutMs: num('KEEP_ALIVE_TIMEOUT_MS', 72_000),
    maxRequestsPerSocket: num('MAX_REQUESTS_PER_SOCKET', 1000),
    maxConnections: num('MAX_CONNECTIONS', 10_000),
    maxConnectionsPerPeer: num('MAX_CONNECTIONS_PER_PEER', env.TRUST_PROXY?.trim() ? 0 : 256),
    shedEventLoopDelayMs: num('SHED_EVENT_LOOP_DELAY_MS', env.DATABASE_URL ? 1000 : 0),
    shedHeapUsedBytes: heapMb * MiB,
  };
  if (limits.headersTimeoutMs === 0) throw new Error('HEADERS_TIMEOUT_MS must be above 0');
  if (limits.requestTimeoutMs > 0 && limits.headersTimeoutMs > limits.requestTimeoutMs)
    throw new Error('HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS');
  return limits;
}

/** The Adyen settings of `env`; throws when PAYMENT_PROVIDER=adyen lacks one of them. */
function adyenConfig(env: NodeJS.ProcessEnv): Config['adyen'] {
  if (env.PAYMENT_PROVIDER !== 'adyen') return null;
  const { ADYEN_API_KEY: apiKey, ADYEN_MERCHANT_ACCOUNT: merchantAccount, ADYEN_HMAC_KEY: hmacKey } = env;
  if (!apiKey || !merchantAccount || !hmacKey)
    throw new Error('PAYMENT_PROVIDER=adyen needs ADYEN_API_KEY, ADYEN_MERCHANT_ACCOUNT and ADYEN_HMAC_KEY');
  const live = env.ADYEN_LIVE === 'on';
  if (live && !env.ADYEN_LIVE_PREFIX) throw new Error('ADYEN_LIVE=on needs ADYEN_LIVE_PREFIX');
  return { apiKey, merchantAccount, hmacKey, live, ...(env.ADYEN_LIVE_PREFIX ? { livePrefix: env.ADYEN_LIVE_PREFIX } : {}) };
}

/** An S3-compatible bucket for photos (docs/media.md). */
export interface S3Config {
  /** Endpoint origin, e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  bucket: string;
  /** Prefix of every object key: '' or a path ending in '/' (e.g. 'media/'). */
  prefix: string;
  /** Signing region (default us-east-1; MinIO and most S3-compatible services accept any). */
  region: string;
  /** Path-style addressing (https://host/bucket/key) instead of virtual hosts (https://bucket.host/key); MinIO needs it. */
  pathStyle: boolean;
  /** Static credentials from the URL; both unset = the AWS SDK's default chain (AWS_ACCESS_KEY_ID, profile, IAM role). */
  accessKeyId?: string;
  secretAccessKey?: string;
}

const S3_URL_FORM = 's3://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix][?region=…&path_style=1] (s3+http:// for plain HTTP)';
/** Bucket names of S3's rules: 3-63 lower-case letters, digits, dots and hyphens, a letter or digit at both ends. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * Parses S3_URL, `s3://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix]?region=eu-central-1&path_style=1`: `s3://` speaks
 * HTTPS, `s3+http://` plain HTTP (a MinIO on the same machine); key and secret percent-encoded. Throws an Error naming
 * the expected form and what is wrong (never repeating the secret).
 */
export function parseS3Url(value: string): S3Config {
  const fail = (why: string): never => {
    throw new Error(`S3_URL must look like ${S3_URL_FORM}: ${why}`);
  };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail('not a URL');
  }
  const scheme = ({ 's3:': 'https', 's3+http:': 'http' } as Record<string, string | undefined>)[url.protocol];
  if (!scheme) fail(`unknown scheme ${url.protocol}`);
  if (!url.hostname) fail('the host is missing');
  const [bucket = '', ...rest] = url.pathname.replace(/^\/+|\/+$/g, '').split('/');
  if (!BUCKET.test(bucket)) fail(bucket ? `"${bucket}" is not a valid bucket name` : 'the bucket is missing');
  if (Boolean(url.username) !== Boolean(url.password)) fail('give both the access key and the secret, or neither');
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region)) fail(`"${region}" is not a region`);
  const pathStyle = url.searchParams.get('path_style') ?? '0';
  if (pathStyle !== '0' && pathStyle !== '1') fail('path_style must be 0 or 1');
  for (const name of url.searchParams.keys()) if (name !== 'region' && name !== 'path_style') fail(`unknown parameter ${name}`);
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return fail('a bad percent-encoding');
    }
  };
  return {
    endpoint: `${scheme}://${url.host}`,
    bucket,
    prefix: rest.length ? `${rest.map(decode).join('/')}/` : '',
    region,
    pathStyle: pathStyle === '1',
    ...(url.username ? { accessKeyId: decode(url.username), secretAccessKey: decode(url.password) } : {}),
  };
}
