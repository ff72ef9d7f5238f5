// Liveness and readiness (docs/observability.md "Health"): GET /healthz answers while the process serves; GET /readyz
// says whether this instance should get traffic: its database, live listener, job queue and media store answer, and
// it is neither starting nor draining. Neither is logged at info level, and neither answers anything personal.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { ServerContext } from './context.ts';

/** How long one readiness reading is answered again, in ms: a proxy's or orchestrator's probes cost one per second. */
export const READY_CACHE_MS = 1_000;
/** A check that has not answered within this is failed, in ms: a hanging dependency must not hang the probe. */
const CHECK_TIMEOUT_MS = 2_000;

/** One dependency's state: `ok`, `failed`, or `off` (not used on this instance: jobs with JOB_WORKERS=off). */
type CheckState = 'ok' | 'failed' | 'off';
/** The dependencies /readyz checks. */
type Checks = Record<'database' | 'live' | 'jobs' | 'media', CheckState>;
/**
 * The body of GET /readyz: `status` ready (200) or, with 503, starting (the app is not ready yet), draining (it is
 * shutting down) or unready (a check failed: `checks` says which).
 */
interface Readiness {
  status: 'ready' | 'starting' | 'draining' | 'unready';
  checks?: Checks;
}

/** `check()` as a CheckState within CHECK_TIMEOUT_MS; a failure is logged (warn) with `name`. */
async function probe(app: FastifyInstance, name: string, check: () => Promise<unknown>): Promise<CheckState> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch (err) {
    app.log.warn({ check: name, error: (err as Error).message }, 'readiness check failed');
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

/** The checks of `ctx` now: one query on the database, the live hub's listener, a query on the job queue, the media store. */
async function readChecks(app: FastifyInstance, ctx: ServerContext): Promise<Checks> {
  const [database, jobs, media] = await Promise.all([
    probe(app, 'database', () => ctx.db.execute(sql`select 1`)),
    ctx.jobs.working ? probe(app, 'jobs', () => ctx.jobs.check()) : ('off' as const),
    probe(app, 'media', () => ctx.images.check()),
  ]);
  return { database, live: ctx.live.listening() ? 'ok' : 'failed', jobs, media };
}

/**
 * GET /healthz: 200 `{"status":"alive"}` whenever the process answers. GET /readyz: 200 Readiness `ready` when every
 * check is ok or off, else 503 with `starting` (before the app is ready), `draining` (from the start of its close: a
 * SIGTERM) or `unready` and the checks. A reading is reused for READY_CACHE_MS. Both `cache-control: no-store`.
 */
export default async function healthRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  let phase: 'starting' | 'serving' | 'draining' = 'starting';
  app.addHook('onReady', async () => {
    phase = 'serving';
  });
  app.addHook('preClose', (done) => {
    phase = 'draining';
    done();
  });
  let last: { at: number; checks: Promise<Checks> } | null = null;

  app.get('/healthz', { logLevel: 'warn' }, async (_req, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'alive' }),
  );

  app.get('/readyz', { logLevel: 'warn' }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    if (phase !== 'serving') return reply.status(503).send({ status: phase } satisfies Readiness);
    if (!last || Date.now() - last.at > READY_CACHE_MS) last = { at: Date.now(), checks: readChecks(app, ctx) };
    const checks = await last.checks;
    const ready = Object.values(checks).every((state) => state !== 'failed');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unready', checks } satisfies Readiness);
  });
}
