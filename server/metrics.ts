// Prometheus metrics of one app (docs/observability.md "Metrics"): a prom-client registry per app context, its families
// read from the app's caches, job queue, database and live streams, and served on a port of their own (METRICS_PORT).
import { createServer, type Server } from 'node:http';
import { count } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Caches } from './cache/caches.ts';
import type { Db } from './db/connect.ts';
import { payments } from './db/schema.ts';
import type { JobQueue, QueueStats } from './services/jobs.ts';

/** The metrics of one app: its registry and the families its hooks and routes feed (the rest are read on scrape). */
export interface Metrics {
  registry: Registry;
  /** Seconds per answered request, by route pattern (Fastify's routeOptions.url), method and status class ('2xx'). */
  requestDuration: Histogram<'route' | 'method' | 'status_class'>;
  /** Live streams (GET /api/events.php) open now; the events route counts them up and down. */
  liveStreams: Gauge;
}

/** Buckets of the request duration histogram, in seconds: the API's answers sit in the first ones. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** How long one reading of the job queue's figures serves the scrape's three job families, in ms. */
const QUEUE_STATS_MS = 1_000;

/**
 * The metrics of an app over `from` (its caches, job queue, database and pool): default process metrics, the request
 * histogram, open live streams, and, read on each scrape, job queue depth, failures and dead letters per queue (one
 * statement), cache lookups and hit ratio per cache, payments by state (one statement) and, with a pool (PostgreSQL),
 * the queries waiting for a connection. A family whose reading fails is left empty in that scrape.
 */
export function createMetrics(from: { caches: Caches; jobs: JobQueue; db: Db; poolWaiting?: (() => number) | null }): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  // The three job families of one scrape share one reading.
  let queueStats: { at: number; stats: Promise<QueueStats> } | null = null;
  const readQueueStats = () => {
    if (!queueStats || Date.now() - queueStats.at > QUEUE_STATS_MS) queueStats = { at: Date.now(), stats: from.jobs.stats() };
    return queueStats.stats;
  };
  /** Sets `metric` per queue from `pick` of the queue figures; empty when they cannot be read. */
  const perQueue = async (metric: Gauge<'queue'> | Counter<'queue'>, pick: (s: QueueStats) => Record<string, number>) => {
    metric.reset();
    const stats = await readQueueStats().catch(() => null);
    if (!stats) return;
    for (const [queue, value] of Object.entries(pick(stats)))
      if (metric instanceof Gauge) metric.set({ queue }, value);
      else metric.inc({ queue }, value);
  };

  new Gauge({
    name: 'heartline_job_queue_depth',
    help: 'Jobs waiting or running (created, retry, active) per queue.',
    labelNames: ['queue'],
    registers,
    collect() {
      return perQueue(this, (s) => s.depth);
    },
  });
  new Counter({
    name: 'heartline_job_failures_total',
    help: 'Failed job attempts run by this instance since it started, per queue.',
    labelNames: ['queue'],
    registers,
    collect() {
      return perQueue(this, (s) => s.failures);
    },
  });
  new Gauge({
    name: 'heartline_job_dead_letters',
    help: 'Jobs that failed their last try and wait in their dead-letter queue for an operator, per queue.',
    labelNames: ['queue'],
    registers,
    collect() {
      return perQueue(this, (s) => s.dead);
    },
  });

  new Counter({
    name: 'heartline_cache_lookups_total',
    help: 'Lookups of each in-memory cache since the app started, by result (hit: answered from memory, miss).',
    labelNames: ['cache', 'result'],
    registers,
    collect() {
      this.reset();
      for (const [cache, counts] of Object.entries(from.caches.hitCounts())) {
        this.inc({ cache, result: 'hit' }, counts.hits);
        this.inc({ cache, result: 'miss' }, counts.misses);
      }
    },
  });
  new Gauge({
    name: 'heartline_cache_hit_ratio',
    help: 'Share of lookups answered from memory since the app started, per cache (absent before its first lookup).',
    labelNames: ['cache'],
    registers,
    collect() {
      this.reset();
      for (const [cache, { hits, misses }] of Object.entries(from.caches.hitCounts()))
        if (hits + misses > 0) this.set({ cache }, hits / (hits + misses));
    },
  });

  new Gauge({
    name: 'heartline_payments',
    help: 'Payments by state (pending, completed, failed, cancelled, expired, refunded), all sites.',
    labelNames: ['state'],
    registers,
    async collect() {
      this.reset();
      const rows = await from.db
        .select({ state: payments.status, n: count() })
        .from(payments)
        .groupBy(payments.status)
        .catch(() => []);
      for (const { state, n } of rows) this.set({ state }, n);
    },
  });

  const poolWaiting = from.poolWaiting;
  if (poolWaiting)
    new Gauge({
      name: 'heartline_db_pool_waiting',
      help: 'Queries waiting for a pooled PostgreSQL connection now.',
      registers,
      collect() {
        this.set(poolWaiting());
      },
    });

  return {
    registry,
    requestDuration: new Histogram({
      name: 'heartline_http_request_duration_seconds',
      help: 'Seconds from a request to its answer, by route pattern, method and status class.',
      labelNames: ['route', 'method', 'status_class'],
      buckets: DURATION_BUCKETS,
      registers,
    }),
    liveStreams: new Gauge({
      name: 'heartline_live_streams',
      help: 'Live streams (GET /api/events.php) open now.',
      registers,
    }),
  };
}

/**
 * Serves `registry` as GET /metrics (Prometheus text format) on `port` and `host`, anything else 404; resolves to the
 * listening server once it listens (port 0: a free one, its address() says which).
 */
export function serveMetrics(registry: Registry, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?', 1)[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
