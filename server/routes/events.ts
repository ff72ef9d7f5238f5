// The live channel (DESIGN: how data flows): GET /api/events.php, server-sent events that say "something changed"
// while a page is open, so the page's sync engine pulls the delta at once instead of at its next poll.
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { EventsQuery, LIVE_EVENTS, type LiveEvent } from '../../contract/index.ts';
import { sessions, users } from '../db/schema.ts';
import type { Db } from '../db/connect.ts';
import type { ServerContext } from '../context.ts';
import { hashToken, SESSION_COOKIE } from '../domain/accounts/sessions.ts';
import { maxChangeSeq } from '../domain/sync/sync.ts';
import { parse } from '../validate.ts';

/** EventSource's reconnect delay after a dropped stream (the `retry:` field), in ms. */
const RETRY_MS = 5_000;
/**
 * A draining server's streams are told to reconnect after a random delay below this, in ms (their `retry:` field): the
 * streams of one instance reach the others spread over it, not all at once.
 */
const DRAIN_RETRY_SPREAD_MS = 3_000;
/** A comment line this often keeps proxies and NAT tables from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** At most one `changed` event per this many ms per stream: a burst of writes wakes the page once. */
const COALESCE_MS = 100;
/** Open streams per member (tabs and devices): a new one beyond this ends that member's oldest. */
export const MAX_STREAMS_PER_MEMBER = 10;
/** A stream whose unsent output grows beyond this is a client that stopped reading: it is ended. */
const MAX_BUFFERED = 64 * 1024;
/**
 * A stream's connection on which nothing could be written for two heartbeats is dead and closed. The stream's own
 * idle limit: the server's connection timeout (CONNECTION_TIMEOUT_MS) may be shorter than a heartbeat.
 */
const STREAM_IDLE_MS = 2 * HEARTBEAT_MS + 10_000;

/** Whether the session of `token` still exists and has not expired (logout deletes it). */
async function sessionAlive(db: Db, token: string): Promise<boolean> {
  const rows = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return rows.length > 0;
}

/** Sets `userId`'s last_seen_at to now when it is older than a minute (as sessions.ts does on requests). */
async function touchLastSeen(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(users.id, userId), or(isNull(users.lastSeenAt), lt(users.lastSeenAt, sql`now() - interval '1 minute'`))));
}

/** One server-sent event: `id`, `event` and JSON `data`. */
const sse = (event: string, data: LiveEvent) => `id: ${data.cursor}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export default async function eventRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db, live } = ctx;
  /**
   * The open streams per member, oldest first, each with its ender (`end`) and its farewell (`reconnect`: tells the
   * page to reconnect, then ends): a shutting-down server says farewell to each (else app.close() would wait for the
   * clients), and a member's stream beyond MAX_STREAMS_PER_MEMBER ends the oldest.
   */
  const open = new Map<number, { end: () => void; reconnect: () => void }[]>();
  app.addHook('preClose', (done) => {
    for (const streams of [...open.values()]) for (const stream of [...streams]) stream.reconnect();
    done();
  });

  /**
   * *member*. A `text/event-stream` that stays open (docs/api.md "Live channel"): `retry: 5000`, an `event: ready`
   * with the member's current cursor, then an `event: changed` (id and `data.cursor` = the member's highest
   * change-log seq) whenever that grew, at most one per COALESCE_MS; `: hb` every HEARTBEAT_MS. Resume:
   * `Last-Event-ID` (or `?last_event_id=` on a fresh EventSource) below the current cursor sends `changed` at
   * once. A stream whose session ended (logout, expiry) is closed at its next heartbeat. A draining server (app.close())
   * ends every stream with `retry: <0..DRAIN_RETRY_SPREAD_MS>` and an `event: reconnect` (data: the cursor told).
   * Errors, before the stream starts: 403 authentication_required, 400 bad_request (a malformed id).
   */
  app.get('/api/events.php', async (req, reply) => {
    const user = await req.viewer.requireUser();
    const query = parse(EventsQuery, req.query);
    // HEAD (from the GET route): the stream's headers, no stream.
    if (req.method === 'HEAD') return reply.header('content-type', 'text/event-stream; charset=utf-8').send();
    const header = req.headers['last-event-id'];
    // The header (EventSource's own reconnects) is newer than the query of the URL the page first opened.
    const lastEventId = header !== undefined ? parse(EventsQuery, { last_event_id: header }).last_event_id : query.last_event_id;

    // Subscribe before reading the cursor: a change committed in between still wakes this stream.
    let dirty = false;
    let wake = () => {
      dirty = true;
    };
    const unsubscribe = live.subscribe(user.id, () => wake());
    let told: number;
    try {
      told = await maxChangeSeq(ctx, user.id);
    } catch (err) {
      unsubscribe();
      throw err;
    }

    reply.hijack();
    const res = reply.raw;
    let closed = false;
    let busy = false;
    let lastSent = 0;
    let coalesce: ReturnType<typeof setTimeout> | undefined;
    const write = (chunk: string) => {
      if (closed) return;
      res.write(chunk);
      if (res.writableLength > MAX_BUFFERED) end();
    };
    const token = req.cookies[SESSION_COOKIE] ?? '';
    const heartbeat = setInterval(() => {
      write(': hb\n\n');
      // An open page is a member who is online (their card's online dot, no notification mail): the heartbeat
      // keeps last_seen_at fresh as requests do (at most once a minute).
      sessionAlive(db, token)
        .then(async (alive) => {
          if (!alive) return end();
          await touchLastSeen(db, user.id);
        })
        .catch((err: unknown) => req.log.error(err));
    }, HEARTBEAT_MS);
    const cleanup = () => {
      if (closed) return;
      closed = true;
      ctx.metrics.liveStreams.dec();
      unsubscribe();
      clearInterval(heartbeat);
      clearTimeout(coalesce);
      const rest = (open.get(user.id) ?? []).filter((s) => s !== stream);
      if (rest.length) open.set(user.id, rest);
      else open.delete(user.id);
    };
    function end() {
      if (closed) return;
      cleanup();
      res.end();
    }
    const stream = {
      end,
      reconnect() {
        write(`retry: ${Math.floor(Math.random() * DRAIN_RETRY_SPREAD_MS)}\n\n`);
        write(sse(LIVE_EVENTS.reconnect, { cursor: told }));
        end();
      },
    };
    ctx.metrics.liveStreams.inc();
    res.on('close', cleanup);
    const mine = [...(open.get(user.id) ?? []), stream];
    open.set(user.id, mine);
    if (mine.length > MAX_STREAMS_PER_MEMBER) mine[0].end();
    // The client may have gone while the cursor was read: then 'close' already fired.
    if (res.destroyed || req.raw.socket.destroyed) {
      cleanup();
      return;
    }

    /** Sends `changed` when the member's log grew beyond what this stream told, at most once per COALESCE_MS. */
    const pump = () => {
      if (closed || busy || coalesce || !dirty) return;
      const wait = lastSent + COALESCE_MS - Date.now();
      if (wait > 0) {
        coalesce = setTimeout(() => {
          coalesce = undefined;
          pump();
        }, wait);
        return;
      }
      dirty = false;
      busy = true;
      maxChangeSeq(ctx, user.id)
        .then((seq) => {
          if (closed || seq <= told) return;
          told = seq;
          lastSent = Date.now();
          write(sse(LIVE_EVENTS.changed, { cursor: seq }));
        })
        .catch((err: unknown) => req.log.error(err))
        .finally(() => {
          busy = false;
          pump();
        });
    };

    // Hijacked: the headers set so far (security.ts) are written here, as Fastify no longer sends the reply.
    res.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      // The connection ends with the stream (a shutdown, the per-member cap): no idle keep-alive socket is left
      // behind for a closing server to wait on.
      connection: 'close',
    });
    // The server's request timeout ends with the request (a GET is whole with its headers); its idle timeout would
    // cut a quiet stream between heartbeats, so the stream sets its own.
    req.raw.socket.setTimeout(STREAM_IDLE_MS);
    write(`retry: ${RETRY_MS}\n\n`);
    write(sse(LIVE_EVENTS.ready, { cursor: told }));
    // A resuming client that missed changes hears of them at once; later ones follow the notifications.
    if (lastEventId !== undefined && told > lastEventId) {
      lastSent = Date.now();
      write(sse(LIVE_EVENTS.changed, { cursor: told }));
    }
    wake = () => {
      dirty = true;
      pump();
    };
    pump();
  });
}
