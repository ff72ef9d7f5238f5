// Server configuration from environment variables (README lists them), read once at start.
import path from 'node:path';

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
}

/** Reads the configuration from `env` (default process.env). Throws on a non-numeric PORT. */
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
    vapidSubject: env.VAPID_SUBJECT || null,
    mailWebhookSecret: env.MAIL_WEBHOOK_SECRET || null,
    trustProxy: env.TRUST_PROXY?.trim() || false,
    devTools: env.DEV_TOOLS === 'on',
    jobWorkers: env.JOB_WORKERS !== 'off',
    adyen: adyenConfig(env),
  };
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
