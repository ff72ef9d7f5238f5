// The live channel over the real server: GET /api/events.php as server-sent events, woken by the database's
// notifications (in-process on PGlite; LISTEN/NOTIFY across two server instances on PostgreSQL).
import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { LiveEvent, SyncResponse } from '../../contract/index.ts';
import { users } from '../../server/db/schema.ts';
import { LISTENER_APP_NAME } from '../../server/db/listen-pg.ts';
import { HEARTBEAT_MS } from '../../server/routes/events.ts';
import { activeMember, Client, expectShape, newId, startServer, type TestServer } from './harness.ts';

type Member = Awaited<ReturnType<typeof activeMember>>;

interface SseEvent {
  event: string;
  id: string | null;
  data: string;
  /** Date.now() when it arrived. */
  at: number;
}

/** An open event stream read as a browser's EventSource would: events, comments and the `retry` field. */
class EventStream {
  events: SseEvent[] = [];
  comments: string[] = [];
  retry: number | null = null;
  ended = false;
  private wakers: (() => void)[] = [];

  constructor(
    readonly status: number,
    readonly headers: Headers,
    private readonly req: ClientRequest,
    res: IncomingMessage,
  ) {
    let buf = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buf += chunk;
      let cut: number;
      while ((cut = buf.indexOf('\n\n')) >= 0) {
        this.block(buf.slice(0, cut));
        buf = buf.slice(cut + 2);
      }
    });
    res.on('close', () => {
      this.ended = true;
      this.wake();
    });
  }

  /**
   * Opens the stream on a connection of its own (node:http, no keep-alive agent: fetch's pool may open a spare
   * connection after an abort, which a closing server then waits for). A refusal answers status, JSON body and headers.
   */
  static open(
    client: Client,
    path = '/api/events.php',
    headers: Record<string, string> = {},
  ): Promise<EventStream | { status: number; body: any; headers: Headers }> {
    return new Promise((resolve, reject) => {
      const req = http.get(
        client.base + path,
        { agent: false, headers: { cookie: client.cookie, accept: 'text/event-stream', ...headers } },
        (res) => {
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
          if (res.statusCode === 200) return resolve(new EventStream(200, h, req, res));
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            text += c;
          });
          res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : null, headers: h }));
        },
      );
      req.on('error', reject);
    });
  }

  private block(text: string) {
    const ev: SseEvent = { event: 'message', id: null, data: '', at: Date.now() };
    let hasData = false;
    for (const line of text.split('\n')) {
      if (line.startsWith(':')) {
        this.comments.push(line.slice(1).trim());
        continue;
      }
      const [field, ...rest] = line.split(':');
      const value = rest.join(':').replace(/^ /, '');
      if (field === 'retry') this.retry = Number(value);
      else if (field === 'event') ev.event = value;
      else if (field === 'id') ev.id = value;
      else if (field === 'data') {
        ev.data += value;
        hasData = true;
      }
    }
    if (hasData) this.events.push(ev);
    this.wake();
  }

  private wake() {
    const w = this.wakers;
    this.wakers = [];
    w.forEach((fn) => fn());
  }

  /** Waits for the `n`th event (1-based) named `name`, at most `ms`; rejects on timeout. */
  async nth(name: string, n: number, ms = 1000): Promise<SseEvent> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.events.filter((e) => e.event === name)[n - 1];
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0 || this.ended)
        throw new Error(`no ${name} event #${n} within ${ms} ms (got ${JSON.stringify(this.events.map((e) => e.event))})`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.wakers.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  count(name: string): number {
    return this.events.filter((e) => e.event === name).length;
  }

  close() {
    this.req.destroy();
  }
}

async function openStream(m: Member | Client, path?: string, headers?: Record<string, string>): Promise<EventStream> {
  const s = await EventStream.open(m instanceof Client ? m : m.client, path, headers);
  if (!(s instanceof EventStream)) throw new Error(`stream refused: ${s.status} ${JSON.stringify(s.body)}`);
  return s;
}

const cursorOf = (e: SseEvent) => LiveEvent.parse(JSON.parse(e.data)).cursor;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function send(from: Member, to: Member, text: string, via = from.client): Promise<void> {
  const res = await via.post('/api/message.php', { id: newId(), profile: to.id, text });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function syncCursor(m: Member, since?: number, via = m.client): Promise<number> {
  const res = await via.get(`/api/sync.php${since === undefined ? '' : `?since=${since}`}`);
  expect(res.status).toBe(200);
  return expectShape(SyncResponse, res).cursor;
}

/** Polls `check` until true, at most `ms`. */
async function eventually(check: () => boolean, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

describe('GET /api/events.php', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(10);
  });
  afterAll(() => server.close());

  it('answers 403 JSON to a visitor, before any stream starts, and 400 to a malformed event id', async () => {
    const out = await EventStream.open(new Client(server.url));
    expect(out).not.toBeInstanceOf(EventStream);
    const refused = out as { status: number; body: any; headers: Headers };
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(refused.body.error.code).toBe('authentication_required');

    const a = await activeMember(server);
    for (const bad of [{ path: '/api/events.php?last_event_id=abc' }, { headers: { 'last-event-id': '-1' } }]) {
      const res = await EventStream.open(a.client, bad.path, bad.headers);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(server.live.size(a.id)).toBe(0);
  });

  it('opens with retry and ready, then a message to the member is a changed event within 1 s whose cursor sync reports', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server, { gender: 'female' });
    const stream = await openStream(a);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('content-security-policy')).toContain("default-src 'self'");

    const ready = await stream.nth('ready', 1);
    expect(stream.retry).toBe(5000);
    const snapshot = await syncCursor(a);
    expect(cursorOf(ready)).toBe(snapshot);
    expect(ready.id).toBe(String(snapshot));
    expect(server.live.size(a.id)).toBe(1);

    const sent = Date.now();
    await send(b, a, 'are you there?');
    const changed = await stream.nth('changed', 1);
    expect(changed.at - sent).toBeLessThan(1000);
    const cursor = cursorOf(changed);
    expect(changed.id).toBe(String(cursor));
    expect(cursor).toBeGreaterThan(snapshot);
    expect(await syncCursor(a, snapshot)).toBe(cursor);
    stream.close();
  });

  it('stays silent for a message between two other members', async () => {
    const a = await activeMember(server);
    const [c, d] = [await activeMember(server), await activeMember(server, { gender: 'female' })];
    const stream = await openStream(a);
    await stream.nth('ready', 1);
    await send(c, d, 'not for a');
    await sleep(400);
    expect(stream.events.map((e) => e.event)).toEqual(['ready']);
    // The stream is alive: a message to A still comes through.
    await send(d, a, 'for a');
    await stream.nth('changed', 1);
    stream.close();
  });

  it('coalesces a burst: at most one event per 100 ms, cursors rising, the last one at the final cursor', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server, { gender: 'female' });
    await server.db.update(users).set({ credits: 1000 }).where(eq(users.id, b.id));
    await send(b, a, 'first');
    const stream = await openStream(a);
    await stream.nth('ready', 1);
    const started = Date.now();
    await Promise.all(Array.from({ length: 8 }, (_, i) => send(b, a, `burst ${i}`)));
    const final = await syncCursor(a);
    await eventually(() => stream.events.some((e) => e.event === 'changed' && cursorOf(e) === final));
    const lastArrival = Date.now();
    await sleep(250);
    const changed = stream.events.filter((e) => e.event === 'changed');
    // The server sends at most one event per 100 ms, all after `started` and the last before `lastArrival`, so n
    // events need at least (n - 1) * 100 ms in between, however late a busy test process reads each one.
    expect(changed.length).toBeLessThanOrEqual(Math.floor((lastArrival - started) / 100) + 1);
    expect(changed.length).toBeLessThanOrEqual(8);
    for (let i = 1; i < changed.length; i++) expect(cursorOf(changed[i])).toBeGreaterThan(cursorOf(changed[i - 1]));
    expect(cursorOf(changed.at(-1)!)).toBe(final);
    stream.close();
  });

  it('resumes: a Last-Event-ID (header or query) older than the cursor gets changed at once; the current one does not', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server, { gender: 'female' });
    const first = await openStream(a);
    const seen = cursorOf(await first.nth('ready', 1));
    first.close();
    await send(b, a, 'while you were away');
    const now = await syncCursor(a);

    for (const how of [{ headers: { 'last-event-id': String(seen) } }, { path: `/api/events.php?last_event_id=${seen}` }]) {
      const stream = await openStream(a, how.path, how.headers);
      const ready = await stream.nth('ready', 1);
      const changed = await stream.nth('changed', 1, 200);
      expect(cursorOf(ready)).toBe(now);
      expect(cursorOf(changed)).toBe(now);
      expect(changed.id).toBe(String(now));
      stream.close();
    }
    // The header wins over a stale query (EventSource's reconnect keeps the URL it was opened with).
    const current = await openStream(a, `/api/events.php?last_event_id=${seen}`, { 'last-event-id': String(now) });
    await current.nth('ready', 1);
    await sleep(300);
    expect(current.count('changed')).toBe(0);
    current.close();
  });

  it('writes a heartbeat comment every 25 s, and ends the stream at the heartbeat after a logout', async () => {
    const a = await activeMember(server);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const stream = await openStream(a);
      await stream.nth('ready', 1);
      // The member looked away from the rest of the site long ago: the open stream alone keeps them online.
      await server.db
        .update(users)
        .set({ lastSeenAt: new Date(Date.now() - 3_600_000) })
        .where(eq(users.id, a.id));
      vi.advanceTimersByTime(HEARTBEAT_MS);
      await eventually(() => stream.comments.includes('hb'));
      expect(stream.ended).toBe(false);
      await expect
        .poll(async () => {
          const [row] = await server.db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, a.id));
          return Date.now() - row.at!.getTime();
        })
        .toBeLessThan(60_000);
      expect((await a.client.get('/api/logout.php')).status).toBe(200);
      vi.advanceTimersByTime(HEARTBEAT_MS);
      await eventually(() => stream.ended);
      expect(server.live.size(a.id)).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops the subscription when the client disconnects', async () => {
    const a = await activeMember(server);
    const streams = [await openStream(a), await openStream(a)];
    await Promise.all(streams.map((s) => s.nth('ready', 1)));
    expect(server.live.size(a.id)).toBe(2);
    streams[0].close();
    await eventually(() => server.live.size(a.id) === 1);
    streams[1].close();
    await eventually(() => server.live.size(a.id) === 0);
  });

  it('ends open streams when the server closes', async () => {
    const other = await startServer(0);
    const a = await activeMember(other);
    const stream = await openStream(a);
    await stream.nth('ready', 1);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(5000);
    await eventually(() => stream.ended);
    expect(other.live.size()).toBe(0);
  });
});

// The production fan-out: two server instances on one PostgreSQL database, woken through LISTEN/NOTIFY.
describe.skipIf(!process.env.TEST_DATABASE_URL)('GET /api/events.php across server instances (PostgreSQL LISTEN/NOTIFY)', () => {
  let one: TestServer;
  let two: TestServer;
  beforeAll(async () => {
    one = await startServer(10);
    two = await startServer(0, { sameDatabaseAs: one });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('a message sent through instance 1 reaches a live client of instance 2 within 1 s', async () => {
    const a = await activeMember(one);
    const b = await activeMember(one, { gender: 'female' });
    const onTwo = new Client(two.url);
    onTwo.cookie = b.client.cookie; // sessions live in the shared database
    const stream = await openStream(onTwo);
    const ready = await stream.nth('ready', 1);
    expect(two.live.size(b.id)).toBe(1);
    expect(one.live.size(b.id)).toBe(0);

    const sent = Date.now();
    await send(a, b, 'across instances');
    const changed = await stream.nth('changed', 1);
    expect(changed.at - sent).toBeLessThan(1000);
    expect(cursorOf(changed)).toBe(await syncCursor(b, cursorOf(ready), onTwo));
    stream.close();
  });

  it('after the listener connection drops, reconnects and tells its streams of what it may have missed', async () => {
    const a = await activeMember(one);
    const b = await activeMember(one, { gender: 'female' });
    const onTwo = new Client(two.url);
    onTwo.cookie = b.client.cookie;
    const stream = await openStream(onTwo);
    await stream.nth('ready', 1);

    // Kill both instances' listener backends (two each: the live channel's and the job queue's wake-ups), then write
    // while they are away.
    const killed = await one.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_APP_NAME} and datname = current_database()`,
    );
    expect(killed.rows.length).toBe(4);
    await send(a, b, 'sent during the gap');
    const missed = await syncCursor(b);
    const changed = await stream.nth('changed', 1, 5000);
    expect(cursorOf(changed)).toBe(missed);

    // Listening again: the next message comes through as usual.
    const listening = async () =>
      Number(
        (
          await one.db.execute(
            sql`select count(*) as n from pg_stat_activity where application_name = ${LISTENER_APP_NAME} and datname = current_database()`,
          )
        ).rows[0].n,
      );
    const deadline = Date.now() + 5000;
    while ((await listening()) < 4 && Date.now() < deadline) await sleep(50);
    expect(await listening()).toBe(4);
    const sent = Date.now();
    await send(a, b, 'after the gap');
    const next = await stream.nth('changed', 2);
    expect(next.at - sent).toBeLessThan(1000);
    stream.close();
  });
});
