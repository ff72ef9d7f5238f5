// The server's context: the one object buildApp makes from the services and hands to every route plugin (instead
// of each function taking the database, the configuration and the services one by one). Nothing in server/ keeps
// state outside it, so two apps in one process share nothing they were not both given.
import { createCaches, type Caches } from './cache/caches.ts';
import { tellingCommits } from './cache/writes.ts';
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';
import { loadSites, type Sites } from './domain/content/sites.ts';
import { openGeoip, type Geoip } from './services/geoip.ts';
import type { ImageService } from './services/images.ts';
import type { JobQueue } from './services/jobs.ts';
import type { LiveHub } from './services/live.ts';
import type { MailService } from './services/mail.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import type { PaymentProvider } from './services/payment-provider.ts';
import type { PushService } from './services/push.ts';
import type { SmsService } from './services/sms.ts';

/** What the process starts before the app (server/main.ts, tests/api/harness.ts): the database and the services. */
export interface Services {
  db: Db;
  config: Config;
  mail: MailService;
  /** Text messages (the direct-debit code); embedded: the dev SMS outbox. */
  sms: SmsService;
  images: ImageService;
  /** Web Push to members' devices (VAPID keys, subscriptions, sending). */
  push: PushService;
  /** Live fan-out of change-log notifications to open event streams (/api/events.php). */
  live: LiveHub;
  /** Durable background work (pushes, mails, purge), written in the transaction of the change that causes it. */
  jobs: JobQueue;
  /** The payment provider; `testKeys` set: the embedded test payment service, whose routes the app serves. */
  payments: { provider: PaymentProvider; testKeys: { apiKey: string; hmacKey: string } | null };
  /** Queries waiting for a pooled database connection now (openDatabase's poolWaiting); absent or null: no pool (PGlite). */
  poolWaiting?: (() => number) | null;
}

/**
 * The services and what the app derives from them: the sites it answers for, its caches and the GeoIP database. `db` is the services'
 * database as this app writes to it: each transaction's writes reach the app's caches when it commits (cache/writes.ts).
 */
export interface ServerContext extends Services {
  sites: Sites;
  caches: Caches;
  /** The embedded GeoIP country database (services/geoip.ts), opened once when the app is built. */
  geoip: Geoip;
  /** The app's Prometheus metrics (server/metrics.ts), its own registry. */
  metrics: Metrics;
}

/**
 * The context of a new app over `services`: reads the sites and the GeoIP database and makes empty caches, which hear of every commit of
 * this app at once; the live hub's notifications (the other instances' commits) reach them once buildApp observes. Its
 * metrics read those caches.
 */
export async function createContext(services: Services): Promise<ServerContext> {
  const caches = createCaches();
  const [sites, geoip] = await Promise.all([loadSites(services.db), openGeoip()]);
  const metrics = createMetrics({ caches, jobs: services.jobs, db: services.db, poolWaiting: services.poolWaiting });
  return { ...services, db: tellingCommits(services.db, caches), sites, caches, geoip, metrics };
}
