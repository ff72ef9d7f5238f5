// The HTTP server's defences against slow and too many clients (docs/architecture.md "Production: timeouts and
// limits"): Node's timeouts, connection caps, and 503 with Retry-After while the process is overloaded.
import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import fastifyUnderPressure from '@fastify/under-pressure';
import type { Limits } from './config.ts';
import { errorBody } from './errors.ts';
import { securityHeaders } from './security.ts';

/** Seconds an overloaded server asks clients to wait (`Retry-After` of its 503 answers). */
const RETRY_AFTER_S = 10;

/**
 * The Fastify options of `limits`: the idle, keep-alive and whole-request timeouts, the requests per keep-alive
 * connection, and Node's headers timeout. Node looks for expired headers and requests only every
 * `connectionsCheckingInterval` (30 s by default): a quarter of the headers timeout keeps a slow client's connection
 * from outliving it by much.
 */
export function serverLimitOptions(limits: Limits): FastifyHttpOptions<Server> {
  return {
    connectionTimeout: limits.connectionTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    maxRequestsPerSocket: limits.maxRequestsPerSocket,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.round(limits.headersTimeoutMs / 4))),
    },
  };
}

/**
 * Caps the open connections of `server`: `maxConnections` in all (Node drops a further one before any byte is
 * read) and `maxConnectionsPerPeer` from one peer address (a further one is destroyed at once). 0 = no cap.
 */
export function capConnections(server: Server, limits: Limits): void {
  if (limits.maxConnections > 0) server.maxConnections = limits.maxConnections;
  const perPeer = limits.maxConnectionsPerPeer;
  if (perPeer === 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const peer = socket.remoteAddress ?? '';
    const count = (open.get(peer) ?? 0) + 1;
    if (count > perPeer) {
      socket.destroy();
      return;
    }
    open.set(peer, count);
    socket.once('close', () => {
      const left = (open.get(peer) ?? 1) - 1;
      if (left > 0) open.set(peer, left);
      else open.delete(peer);
    });
  });
}

/**
 * Load shedding through @fastify/under-pressure: while the mean event-loop delay of the last second is above
 * `shedEventLoopDelayMs` or the V8 heap in use above `shedHeapUsedBytes`, every new request is answered 503
 * `server_error` in the error shape with `Retry-After: 10` (and the security headers), before any work is done for
 * it. Streams already open (the live channel) go on.
 */
export async function shedLoad(app: FastifyInstance, limits: Limits, publicUrl: string): Promise<void> {
  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: limits.shedEventLoopDelayMs,
    maxHeapUsedBytes: limits.shedHeapUsedBytes,
    // Resolves once the answer is written: the plugin then calls the next hook, which finds the reply sent.
    pressureHandler: async (req, reply) => {
      securityHeaders(req, reply, publicUrl);
      await reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_S))
        .header('cache-control', 'no-store')
        .send(errorBody('server_error'));
    },
  });
}
