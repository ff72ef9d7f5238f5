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
  if (!apiKey || !merchantAccount || !hmacKey) throw new Error('PAYMENT_PROVIDER=adyen needs ADYEN_API_KEY, ADYEN_MERCHANT_ACCOUNT and ADYEN_HMAC_KEY');
  const live = env.ADYEN_LIVE === 'on';
  if (live && !env.ADYEN_LIVE_PREFIX) throw new Error('ADYEN_LIVE=on needs ADYEN_LIVE_PREFIX');
  return { apiKey, merchantAccount, hmacKey, live, ...(env.ADYEN_LIVE_PREFIX ? { livePrefix: env.ADYEN_LIVE_PREFIX } : {}) };
}
