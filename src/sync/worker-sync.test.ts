import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryPolicy } from '../api/client.ts';
import { provisionalId, type AppDB } from '../data/db.ts';
import { messagePage } from '../data/messages-repo.ts';
import { withSyncLock } from '../data/sync-names.ts';
import { readCursor } from './cursor.ts';
import { createSyncEngine } from './engine.ts';
import { drainOutbox, queueLike, queueMessage } from './outbox.ts';
import { takeWorkerMatch } from './outbox-calls.ts';
import { card, chat, delta, freshDb, message, offline, stubApi, type Handler } from './test-kit.ts';
import { flushOutboxInWorker, pullInWorker } from './worker-sync.ts';

const ME = 7;
const peer = card(42, 'Sanne');
const pageHooks = () => ({ onUser: vi.fn(), onCredits: vi.fn(), onMatch: vi.fn(), onDeleteFailed: vi.fn(), onNewLikes: vi.fn() });

/** POST /api/message.php storing by id (idempotent, like the real one); its answers leave out gift and photo. */
function messageServer() {
  const stored = new Map<string, { seq: number; text: string }>();
  let seq = 100;
  const handler: Handler = ({ body }) => {
    const b = body as { id: string; text: string };
    let m = stored.get(b.id);
    if (!m) stored.set(b.id, (m = { seq: ++seq, text: b.text }));
    const created_at = new Date(Date.UTC(2026, 0, 1, 0, 0, m.seq)).toISOString();
    const answer = { id: b.id, conversation_id: 9, sender_id: ME, text: m.text, created_at, seq: m.seq, read: false };
    return { status: 200, body: { message: answer, credits: 40, cost: 10 } };
  };
  return { stored, handler };
}

/** An in-memory navigator.locks: one holder per name, the others wait in order (the Web Locks the browser has). */
function stubLocks() {
  const tails = new Map<string, Promise<unknown>>();
  const request = (name: string, fn: () => Promise<unknown>) => {
    const run = (tails.get(name) ?? Promise.resolve()).then(fn);
    tails.set(
      name,
      run.catch(() => {}),
    );
    return run;
  };
  vi.stubGlobal('navigator', { locks: { request } });
}

let db: AppDB;
beforeEach(() => {
  db = freshDb();
  retryPolicy.baseDelayMs = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('flushOutboxInWorker', () => {
  it('sends the outbox in the order written with the same ids and stores the answers as the page does', async () => {
    const server = messageServer();
    stubApi({ '/api/message.php': server.handler });
    const ids = [];
    for (const text of ['one', 'two']) ids.push(await queueMessage(db, ME, peer, text));
    expect(await flushOutboxInWorker(db)).toBe('done');
    expect([...server.stored.keys()]).toEqual(ids);
    expect(await db.conversations.get(provisionalId(peer.id))).toBeUndefined();
    expect((await db.conversations.get(9))?.lastMessage?.text).toBe('two');
    const page = await messagePage(db, 9);
    expect(page.map((m) => [m.id, m.status, m.seq, m.gift, m.photo])).toEqual([
      [ids[0], 'sent', 101, null, null],
      [ids[1], 'sent', 102, null, null],
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('answers retry while offline (the entry stays, one attempt more), then sends it once', async () => {
    const server = messageServer();
    let up = false;
    stubApi({ '/api/message.php': (req) => (up ? server.handler(req) : offline()) });
    const id = await queueMessage(db, ME, peer, 'later');
    expect(await flushOutboxInWorker(db)).toBe('retry');
    expect((await db.outbox.toArray())[0]).toMatchObject({ attempts: 1, messageId: id });
    expect((await db.messages.get(id))?.status).toBe('pending');
    up = true;
    expect(await flushOutboxInWorker(db)).toBe('done');
    expect(server.stored.size).toBe(1);
    expect((await db.messages.get(id))?.status).toBe('sent');
  });

  it('leaves a refused entry for the page, whose drain records the refusal', async () => {
    stubApi({
      '/api/message.php': () => ({ status: 402, body: { error: { code: 'not_enough_credits', message: 'No credits' } } }),
    });
    const id = await queueMessage(db, ME, peer, 'no credits');
    expect(await flushOutboxInWorker(db)).toBe('left');
    expect(await db.outbox.count()).toBe(1);
    expect(await drainOutbox(db, pageHooks())).toBe(true);
    expect(await db.messages.get(id)).toMatchObject({ status: 'failed', failure: { code: 'not_enough_credits' } });
  });

  it('a page that sends the same entry again after a lost answer changes nothing: the id makes it one message', async () => {
    const server = messageServer();
    let loseAnswer = true;
    stubApi({
      '/api/message.php': async (req) => {
        const reply = await server.handler(req);
        if (!loseAnswer) return reply;
        loseAnswer = false;
        return offline();
      },
    });
    const id = await queueMessage(db, ME, peer, 'once');
    expect(await flushOutboxInWorker(db)).toBe('retry');
    expect(await drainOutbox(db, pageHooks())).toBe(true);
    expect(server.stored.size).toBe(1);
    expect((await db.messages.get(id))?.status).toBe('sent');
  });

  it('holding the sync lock, makes a page that opens meanwhile wait and send nothing twice', async () => {
    stubLocks();
    const server = messageServer();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls: string[] = [];
    stubApi({
      '/api/message.php': async (req) => {
        calls.push((req.body as { id: string }).id);
        if (calls.length === 1) await gate;
        return server.handler(req);
      },
      '/api/sync.php': () => ({ status: 200, body: delta(1) }),
    });
    const id = await queueMessage(db, ME, peer, 'from the worker');
    const worker = withSyncLock(ME, () => flushOutboxInWorker(db));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const pageRun = createSyncEngine(db, ME, pageHooks()).request('start');
    release();
    expect(await worker).toBe('done');
    await pageRun;
    expect(calls).toEqual([id]);
    expect((await db.messages.get(id))?.status).toBe('sent');
  });
});

describe('a match made by a like the worker sent', () => {
  it('is kept for the next page, which announces it once as a like of a liked profile', async () => {
    const likes: number[] = [];
    stubApi({
      '/api/like.php': ({ body }) => {
        const id = (body as { profile: number }).profile;
        likes.push(id);
        return { status: 200, body: { liked: true, match: id === peer.id } };
      },
    });
    await queueLike(db, peer, true);
    await queueLike(db, card(43, 'Eva'), true);
    expect(await flushOutboxInWorker(db)).toBe('done');
    expect(likes).toEqual([peer.id, 43]);
    expect(await takeWorkerMatch(db)).toEqual({ ...peer, like_new: false });
    expect(await takeWorkerMatch(db)).toBeNull();
  });

  it('is dropped when the member unliked that profile since', async () => {
    stubApi({ '/api/like.php': () => ({ status: 200, body: { liked: true, match: true } }) });
    await queueLike(db, peer, true);
    expect(await flushOutboxInWorker(db)).toBe('done');
    await db.likes.delete(peer.id);
    expect(await takeWorkerMatch(db)).toBeNull();
  });
});

describe('pullInWorker', () => {
  it('pulls until `more` is false, then stops on 304 for the saved ETag', async () => {
    const first = message(1, 9, 42);
    const second = { ...message(2, 9, 42), gift: undefined, photo: undefined };
    const answers = [
      delta(1, { snapshot: true, more: true, chats: [chat(9, peer, first, 1)], messages: [first] }),
      delta(2, { chats: [chat(9, peer, second as never, 2)], messages: [second as never] }),
    ];
    const server: Handler = ({ url, headers }) => {
      const since = Number(url.searchParams.get('since') ?? 0);
      if (since >= 2) return headers['if-none-match'] === '"e2"' ? { status: 304 } : { status: 500 };
      return { status: 200, headers: { etag: `"e${since + 1}"` }, body: answers[since] };
    };
    const fetchMock = stubApi({ '/api/sync.php': server });
    await pullInWorker(db);
    expect(await readCursor(db)).toEqual({ cursor: 2, etag: '"e2"' });
    expect((await db.conversations.get(9))?.unread).toBe(2);
    expect((await messagePage(db, 9)).map((m) => [m.seq, m.gift])).toEqual([
      [1, null],
      [2, null],
    ]);
    await pullInWorker(db);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('throws on a network failure or an answer of unknown shape and keeps the cursor', async () => {
    let reply: Handler = offline;
    stubApi({ '/api/sync.php': (req) => reply(req) });
    await expect(pullInWorker(db)).rejects.toThrow(/network/);
    reply = () => ({ status: 200, body: { cursor: 3 } });
    await expect(pullInWorker(db)).rejects.toThrow(/shape/);
    expect(await readCursor(db)).toEqual({ cursor: null, etag: null });
  });
});
