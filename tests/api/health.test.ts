// Health, readiness and metrics (docs/observability.md): /healthz and /readyz answer without a session, /readyz says
// which check failed, and the metrics listener shows every family, moving as requests, streams and jobs happen.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMetrics } from '../../server/metrics.ts';
import { READY_CACHE_MS } from '../../server/health.ts';
import { activeMember, Client, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(5);
});
afterAll(async () => {
  await server.close();
});

/** The sum of every sample of heartline_cache_lookups_total in `text`. */
const lookups = (text: string) =>
  [...text.matchAll(/^heartline_cache_lookups_total\{.*\} (\d+)$/gm)].reduce((n, m) => n + Number(m[1]), 0);

/** The value of the sample `name{labels}` in the Prometheus text `text`, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('health and readiness', () => {
  it('/healthz answers alive; /readyz ready with every check', async () => {
    const alive = await new Client(server.url).get('/healthz');
    expect(alive.status).toBe(200);
    expect(alive.body).toEqual({ status: 'alive' });
    const ready = await new Client(server.url).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(ready.body).toEqual({ status: 'ready', checks: { database: 'ok', live: 'ok', jobs: 'ok', media: 'ok' } });
  });

  it('/readyz answers 503 naming the failed check, once its reading is older than READY_CACHE_MS', async () => {
    const check = server.images.check;
    server.images.check = async () => {
      throw new Error('the bucket is gone');
    };
    try {
      await new Promise((r) => setTimeout(r, READY_CACHE_MS + 50));
      const res = await new Client(server.url).get('/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'unready', checks: { database: 'ok', live: 'ok', jobs: 'ok', media: 'failed' } });
    } finally {
      server.images.check = check;
    }
    await new Promise((r) => setTimeout(r, READY_CACHE_MS + 50));
    expect((await new Client(server.url).get('/readyz')).status).toBe(200);
  });
});

describe('metrics', () => {
  it('the metrics listener shows every family, and they move', async () => {
    const listener = await serveMetrics(server.app.ctx.metrics.registry, 0, '127.0.0.1');
    const scrape = async () => {
      const res = await fetch(`http://127.0.0.1:${(listener.address() as AddressInfo).port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      return res.text();
    };
    try {
      const before = await scrape();
      for (const family of [
        'heartline_http_request_duration_seconds',
        'heartline_live_streams',
        'heartline_job_queue_depth',
        'heartline_job_failures_total',
        'heartline_job_dead_letters',
        'heartline_cache_lookups_total',
        'heartline_cache_hit_ratio',
        'heartline_payments',
        'process_resident_memory_bytes',
        'nodejs_eventloop_lag_seconds',
      ])
        expect(before, family).toContain(`# TYPE ${family} `);
      // A pool only on PostgreSQL; PGlite has none to wait for.
      expect(before.includes('# TYPE heartline_db_pool_waiting gauge')).toBe(server.databaseUrl !== null);
      const route = { route: '/api/user.php', method: 'GET', status_class: '2xx' };
      const count = (text: string) => sample(text, 'heartline_http_request_duration_seconds_count', route) ?? 0;

      const { client } = await activeMember(server);
      await client.get('/api/user.php');
      await client.get('/api/user.php');
      // The hot calls' caches (sessions, change-log heads).
      await client.get('/api/sync.php');
      await client.get('/api/sync.php');
      const after = await scrape();
      expect(count(after)).toBeGreaterThanOrEqual(count(before) + 2);
      // Never the raw URL: a page path is its route pattern.
      expect(after).not.toMatch(/route="\/api\/user\.php\?/);
      expect(lookups(after)).toBeGreaterThan(lookups(before));
      expect(after).toMatch(/^heartline_cache_hit_ratio\{cache="\w+"\} [\d.]+$/m);
      expect(sample(after, 'heartline_job_queue_depth', { queue: 'mail' })).toBeGreaterThanOrEqual(0);
      expect(sample(after, 'heartline_job_dead_letters', { queue: 'mail' })).toBe(0);
    } finally {
      listener.closeAllConnections();
      await new Promise((r) => listener.close(r));
    }
  });
});
