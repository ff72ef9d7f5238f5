// Builds the Fastify instance: plugins, security headers, error mapping, API routes and the built PWA.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import { constants as zlib } from 'node:zlib';
import { createContext, type Services } from './context.ts';
import { decorateRequests } from './request-context.ts';
import { ApiError, clientErrorHandler, errorBody, errorReply } from './errors.ts';
import { checkCanonicalPath, checkMutation, securityHeaders } from './security.ts';
import { capConnections, serverLimitOptions, shedLoad } from './http-limits.ts';
import { pageRenderer } from './page-render.ts';
import healthRoutes from './health.ts';
import { serveMetrics } from './metrics.ts';
import { inlineStyleHashes } from './page-shell.ts';
import accountRoutes from './routes/account.ts';
import siteRoutes from './routes/site.ts';
import contentRoutes from './routes/content.ts';
import memberRoutes from './routes/members.ts';
import chatRoutes from './routes/chats.ts';
import likeRoutes from './routes/likes.ts';
import autoLikeRoutes from './routes/auto-like.ts';
import syncRoutes from './routes/sync.ts';
import eventRoutes from './routes/events.ts';
import mediaRoutes from './routes/media.ts';
import pushRoutes from './routes/push.ts';
import paymentRoutes from './routes/payments.ts';
import storedCardRoutes from './routes/stored-cards.ts';
import readingRoutes from './routes/reading.ts';
import notificationRoutes from './routes/notifications.ts';
import photoRoutes from './routes/photos.ts';
import profileRoutes from './routes/profile.ts';
import passwordRoutes from './routes/password.ts';
import accountLifeRoutes from './routes/account-life.ts';
import exportRoutes from './routes/export.ts';
import invoiceRoutes from './routes/invoices.ts';
import complaintRoutes from './routes/complaints.ts';
import offerRoutes from './routes/offers.ts';
import discoveryRoutes from './routes/discovery.ts';
import opsRoutes from './routes/ops.ts';
import opsSupportRoutes from './routes/ops-support.ts';
import opsModerationRoutes from './routes/ops-moderation.ts';
import opsInboxRoutes from './routes/ops-inbox.ts';

/** The API's route plugins, each given the server's context (tests/api/ops-access.test.ts walks their ops routes). */
export const ROUTES = [
  accountRoutes,
  siteRoutes,
  contentRoutes,
  memberRoutes,
  chatRoutes,
  likeRoutes,
  autoLikeRoutes,
  syncRoutes,
  eventRoutes,
  mediaRoutes,
  pushRoutes,
  readingRoutes,
  notificationRoutes,
  photoRoutes,
  profileRoutes,
  passwordRoutes,
  accountLifeRoutes,
  exportRoutes,
  complaintRoutes,
  paymentRoutes,
  storedCardRoutes,
  invoiceRoutes,
  offerRoutes,
  discoveryRoutes,
  opsRoutes,
  opsSupportRoutes,
  opsModerationRoutes,
  opsInboxRoutes,
] as const;

/**
 * Builds the app (not listening) over `services`, with its own context (server/context.ts): two apps in one process
 * share only the services they were both given. Serves /api/* (spec 7 paths), /media/* (images) and, when
 * `config.distDir` exists, the built PWA with a history-mode fallback to index.html, and the staff console's
 * ops.html at /ops and /ops/*. The HTTP server gets the timeouts, connection caps and load shedding of
 * `config.limits` (server/http-limits.ts). /healthz and /readyz
 * (server/health.ts); the metrics (server/metrics.ts) on `config.metricsPort` from when the app is ready until it
 * closes. Closing it (app.close(), a SIGTERM in main.ts) is the graceful drain: /readyz answers 503, the live streams
 * are told to reconnect (elsewhere), no connection is accepted, and requests already on a connection are answered.
 */
export async function buildApp(services: Services, opts: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const ctx = await createContext(services);
  const { config } = ctx;
  const app = Fastify({
    trustProxy: config.trustProxy,
    bodyLimit: 1_000_000,
    clientErrorHandler,
    // A drain answers the requests that still arrive on open connections (with Connection: close) instead of 503,
    // so /readyz can say `draining` and a request sent just before the close is not bounced.
    return503OnClosing: false,
    ...serverLimitOptions(config.limits),
    ...opts,
  });
  capConnections(app.server, config.limits);
  // First of the hooks: an overloaded server answers 503 before spending anything on a request.
  await shedLoad(app, config.limits, config.publicUrl);
  // A drain's answers close their connections: a keep-alive connection whose request began before the close would
  // otherwise stay open, idle, and keep the server from closing until its keep-alive timeout.
  let draining = false;
  app.addHook('preClose', (done) => {
    draining = true;
    done();
  });
  app.addHook('onSend', async (_req, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  // Per route pattern (never the raw URL: one series per route, and no ids or e-mail addresses from paths).
  app.addHook('onResponse', async (req, reply) => {
    ctx.metrics.requestDuration.observe(
      { route: req.routeOptions.url ?? 'unmatched', method: req.method, status_class: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });
  if (config.metricsPort !== null) {
    const port = config.metricsPort;
    let metricsServer: Awaited<ReturnType<typeof serveMetrics>> | null = null;
    app.addHook('onReady', async () => {
      metricsServer = await serveMetrics(ctx.metrics.registry, port, config.host);
    });
    app.addHook('onClose', async () => {
      metricsServer?.closeAllConnections();
      await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
    });
  }
  await app.register(fastifyCookie);
  decorateRequests(app, ctx);
  // API answers over 1 KiB are compressed on the fly (brotli at a fast quality, else gzip); the PWA's files come
  // precompressed from the build (preCompressed below); the event stream is hijacked and left alone.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  const styleHashes = inlineStyleHashes(config.distDir);
  app.addHook('onRequest', async (req, reply) => {
    securityHeaders(req, reply, config.publicUrl, styleHashes);
    checkCanonicalPath(req);
    checkMutation(req, config.publicUrl);
  });

  app.setErrorHandler((err: unknown, req, reply) => {
    const { status, body, serverFault } = errorReply(err);
    if (serverFault) req.log.error(err);
    return reply.status(status).send(body);
  });

  // DELETE with a JSON body is allowed; an empty JSON body counts as {} (the page-hidden beacon).
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body).trim();
    if (!text) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError(400, 'bad_request'), undefined);
    }
  });

  await app.register(healthRoutes, ctx);
  for (const routes of ROUTES) await app.register(routes, ctx);
  // Jobs being run (pushes, mails) finish before the database closes; waiting ones stay for the next start.
  app.addHook('onClose', () => ctx.jobs.stop());
  // The caches hear of the other instances' commits through the live hub's NOTIFYs (of this app's own at commit).
  const unobserve = ctx.live.observe(ctx.caches);
  app.addHook('onClose', async () => {
    unobserve();
  });

  const indexHtml = path.join(config.distDir, 'index.html');
  const hasDist = existsSync(indexHtml);
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: config.distDir,
      wildcard: false,
      // "/" is a page like any other: the shell below, with its preloads.
      index: false,
      preCompressed: true,
      setHeaders(res, file) {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (_req, reply) => reply.status(404).send(errorBody('not_found')));
  const opsHtml = path.join(config.distDir, 'ops.html');
  if (existsSync(opsHtml)) {
    // The staff console (docs/operations.md "Console"): one page for /ops and every path under it, never the member
    // page renderer; not indexed, and never kept stale by a cache (each load asks for the current build's file).
    const html = readFileSync(opsHtml, 'utf8');
    const answerConsole = async (_req: FastifyRequest, reply: FastifyReply) =>
      reply.header('cache-control', 'no-cache').header('x-robots-tag', 'noindex').type('text/html; charset=utf-8').send(html);
    app.get('/ops', answerConsole);
    app.get('/ops/*', answerConsole);
  }
  if (hasDist) {
    const page = pageRenderer(app, config.distDir);
    // History-mode routing (spec 2): every page path answers the page, its first screen rendered by the server. A
    // route, not the not-found handler, so @fastify/compress compresses it; the build's files are routes of their
    // own (fastifyStatic above) and win over the wildcard.
    app.get('/*', async (req, reply) => {
      // A missing file (/sw.js of an older build, a stale chunk) is a 404, never the shell: the SW and the
      // chunk-reload guard rely on that. Page paths have no file extension.
      const isFile = /\/[^/]+\.[a-z0-9]+$/i.test(req.url.split('?', 1)[0]);
      if (req.url.startsWith('/api/') || req.url.startsWith('/media/') || isFile)
        return reply.status(404).send(errorBody('not_found'));
      const { html, status, personal } = await page(req);
      // A member's page holds their data (the boot JSON): no cache keeps it. An unknown page is the 404 page, as a 404.
      return reply
        .status(status)
        .header('cache-control', personal ? 'private, no-store' : 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html);
    });
  }
  return app;
}
