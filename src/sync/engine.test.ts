import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryPolicy } from '../api/client.ts';
import type { AppDB } from '../data/db.ts';
import { readCursor } from './cursor.ts';
import { createSyncEngine, pull } from './engine.ts';
import { queueMessage } from './outbox.ts';
import { card, chat, delta, freshDb, message, offline, stubApi, type Handler } from './test-kit.ts';

const sanne = card(42, 'Sanne');
const hooks = () => ({ onUser: vi.fn(), onCredits: vi.fn(), onMatch: vi.fn(), onDeleteFailed: vi.fn(), onNewLikes: vi.fn() });

/** A sync endpoint over a change log of messages from Sanne: `since` answers the next `limit` of them. */
function syncServer(total: number, limit: number) {
  const log = Array.from({ length: total }, (_, i) => message(i + 1, 9, 42));
  let failNext = 0;
  const handler: Handler = ({ url, headers }) => {
    if (failNext > 0) {
      failNext--;
      return offline();
    }
    const since = Number(url.searchParams.get('since') ?? 0);
    const etag = `"s-${total}"`;
    if (headers['if-none-match'] === etag && since >= total) return { status: 304 };
    const page = log.filter((m) => m.seq > since).slice(0, limit);
    const cursor = page.at(-1)?.seq ?? since;
    return {
      status: 200,
      headers: { etag },
      body: delta(cursor, {
        snapshot: !url.searchParams.has('since'),
        more: cursor < total,
        chats: page.length ? [chat(9, sanne, page.at(-1)!, page.length)] : [],
        messages: page,
      }),
    };
  };
  return {
    handler,
    failTimes: (n: number) => {
      failNext = n;
    },
  };
}

let db: AppDB;
beforeEach(() => {
  db = freshDb();
  retryPolicy.baseDelayMs = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('pull', () => {
  it('follows `more` until the server has nothing left, then answers 304 on the saved ETag', async () => {
    const server = syncServer(25, 10);
    const fetchMock = stubApi({ '/api/sync.php': server.handler });
    await pull(db, hooks());
    expect(await db.messages.count()).toBe(25);
    expect(await readCursor(db)).toEqual({ cursor: 25, etag: '"s-25"' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await pull(db, hooks());
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(fetchMock.mock.results.at(-1)?.type).toBe('return');
    expect((await (fetchMock.mock.results.at(-1)!.value as Promise<Response>)).status).toBe(304);
  });

  it('after an error resumes from the saved cursor: nothing skipped, nothing twice', async () => {
    const server = syncServer(25, 10);
    const fetchMock = stubApi({ '/api/sync.php': server.handler });
    const engine = createSyncEngine(db, 7, hooks());
    // The first page lands, then the network fails for longer than the client's retries.
    let calls = 0;
    fetchMock.mockImplementation(async (input, init) => {
      calls++;
      if (calls > 1 && calls <= 7) throw new TypeError('Failed to fetch');
      const url = new URL(String(input));
      const reply = await server.handler({
        method: 'GET',
        url,
        body: undefined,
        headers: (init?.headers ?? {}) as Record<string, string>,
      });
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: reply.headers,
      });
    });
    await engine.request('test');
    expect(engine.lastError).not.toBeNull();
    expect((await readCursor(db)).cursor).toBe(10);
    await engine.request('test');
    expect(engine.lastError).toBeNull();
    const seqs = (await db.messages.orderBy('[conversationId+seq]').toArray()).map((m) => m.seq);
    expect(seqs).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });
  it('tells onNewLikes the cards of likes a delta brought, not those of the snapshot', async () => {
    const eva = card(43, 'Eva');
    let answer = delta(1, { snapshot: true, liked_by: [{ ...sanne, like_new: true }] });
    stubApi({ '/api/sync.php': () => ({ status: 200, headers: { etag: `"e${answer.cursor}"` }, body: answer }) });
    const h = hooks();
    await pull(db, h);
    expect(h.onNewLikes).not.toHaveBeenCalled();
    answer = delta(2, {
      liked_by: [
        { ...eva, like_new: true },
        { ...sanne, like_new: true },
      ],
    });
    await pull(db, h);
    expect(h.onNewLikes).toHaveBeenCalledExactlyOnceWith([{ ...eva, like_new: true }]);
  });
});

describe('createSyncEngine', () => {
  it('drains the outbox before pulling, and requests during a run share one follow-up run', async () => {
    const order: string[] = [];
    stubApi({
      '/api/message.php': ({ body }) => {
        order.push('send');
        const b = body as { id: string; text: string };
        return { status: 200, body: { message: { ...message(1, 9, 7, b.text), id: b.id }, credits: 40, cost: 10 } };
      },
      '/api/sync.php': () => {
        order.push('pull');
        return { status: 200, headers: { etag: '"e"' }, body: delta(1) };
      },
    });
    await queueMessage(db, 7, sanne, 'hi');
    const engine = createSyncEngine(db, 7, hooks());
    const first = engine.request('a');
    const second = engine.request('b');
    const third = engine.request('c');
    expect(second).toBe(third);
    await Promise.all([first, second]);
    expect(order).toEqual(['send', 'pull', 'pull']);
  });

  it('asks for Background Sync when a drain leaves writes queued, not when it sends them all', async () => {
    let up = false;
    stubApi({
      '/api/message.php': ({ body }) => {
        if (!up) return offline();
        const b = body as { id: string; text: string };
        return { status: 200, body: { message: { ...message(1, 9, 7, b.text), id: b.id }, credits: 40, cost: 10 } };
      },
      '/api/sync.php': () => ({ status: 200, headers: { etag: '"e"' }, body: delta(1) }),
    });
    await queueMessage(db, 7, sanne, 'offline');
    const h = { ...hooks(), onOutboxWaiting: vi.fn() };
    const engine = createSyncEngine(db, 7, h);
    await engine.request('a');
    expect(h.onOutboxWaiting).toHaveBeenCalledTimes(1);
    up = true;
    await engine.request('b');
    expect(h.onOutboxWaiting).toHaveBeenCalledTimes(1);
    expect(await db.outbox.count()).toBe(0);
  });
});
