import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryPolicy } from '../api/client.ts';
import { provisionalId, type AppDB } from '../data/db.ts';
import { messagePage } from '../data/messages-repo.ts';
import {
  drainOutbox,
  queueDeleteChat,
  queueGift,
  queueLike,
  queueMessage,
  queueReadChat,
  retryMessage,
  discardMessage,
} from './outbox.ts';
import { readCursor, writeCursor } from './cursor.ts';
import { card, freshDb, offline, stubApi, type Handler } from './test-kit.ts';

const ME = 7;
const peer = card(42, 'Sanne');
const hooks = () => ({ onCredits: vi.fn(), onMatch: vi.fn(), onDeleteFailed: vi.fn() });

/** A server for POST /api/message.php that stores by id (idempotent), like the real one. */
function messageServer(start = 100) {
  const stored = new Map<string, { seq: number; text: string }>();
  let seq = start;
  let credits = 50;
  const handler: Handler = ({ body }) => {
    const b = body as { id: string; profile: number; text: string };
    let m = stored.get(b.id);
    if (!m) {
      m = { seq: ++seq, text: b.text };
      stored.set(b.id, m);
      credits -= 10;
    }
    return {
      status: 200,
      body: {
        message: {
          id: b.id,
          conversation_id: 9,
          sender_id: ME,
          text: m.text,
          created_at: new Date().toISOString(),
          seq: m.seq,
          read: false,
        },
        credits,
        cost: 10,
      },
    };
  };
  return { stored, handler };
}

let db: AppDB;
beforeEach(() => {
  db = freshDb();
  retryPolicy.baseDelayMs = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('queueMessage', () => {
  it('shows the message at once as pending in a provisional conversation, with one outbox entry', async () => {
    const id = await queueMessage(db, ME, peer, 'Hi!');
    const conv = await db.conversations.get(provisionalId(peer.id));
    expect(conv?.lastMessage?.text).toBe('Hi!');
    const [m] = await messagePage(db, provisionalId(peer.id));
    expect(m).toMatchObject({ id, status: 'pending', text: 'Hi!', senderId: ME });
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('drainOutbox', () => {
  it('sends in the order written and moves the provisional conversation to the server id', async () => {
    const server = messageServer();
    stubApi({ '/api/message.php': server.handler });
    const ids = [];
    for (const text of ['one', 'two', 'three']) ids.push(await queueMessage(db, ME, peer, text));
    const h = hooks();
    expect(await drainOutbox(db, h)).toBe(true);
    expect([...server.stored.values()].map((m) => m.text)).toEqual(['one', 'two', 'three']);
    expect(await db.conversations.get(provisionalId(peer.id))).toBeUndefined();
    const page = await messagePage(db, 9);
    expect(page.map((m) => [m.id, m.status, m.seq])).toEqual(ids.map((id, i) => [id, 'sent', 101 + i]));
    expect(h.onCredits).toHaveBeenLastCalledWith(20);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps the entry when offline and sends it once when the network is back', async () => {
    const server = messageServer();
    let up = false;
    const fetchMock = stubApi({ '/api/message.php': (req) => (up ? server.handler(req) : offline()) });
    const id = await queueMessage(db, ME, peer, 'later');
    expect(await drainOutbox(db, hooks())).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(6); // the first try and 5 retries (spec 7)
    expect((await db.outbox.toArray())[0]).toMatchObject({ attempts: 1, kind: 'send-message', messageId: id });
    expect((await db.messages.get(id))?.status).toBe('pending');
    up = true;
    expect(await drainOutbox(db, hooks())).toBe(true);
    expect(server.stored.size).toBe(1);
    expect((await db.messages.get(id))?.status).toBe('sent');
  });

  it('sends a message whose answer was lost again with the same id: the server stores it once', async () => {
    const server = messageServer();
    let loseAnswer = true;
    stubApi({
      '/api/message.php': async (req) => {
        const reply = await server.handler(req);
        if (loseAnswer) {
          loseAnswer = false;
          return offline();
        }
        return reply;
      },
    });
    const id = await queueMessage(db, ME, peer, 'once');
    await drainOutbox(db, hooks());
    expect(server.stored.size).toBe(1);
    expect((await db.messages.get(id))?.status).toBe('sent');
  });

  it('sends a gift to /api/gift.php like a message: after a network failure again with the same id', async () => {
    const bodies: { id: string; profile: number; gift: string }[] = [];
    let loseAnswer = true;
    stubApi({
      '/api/gift.php': ({ body }) => {
        const b = body as { id: string; profile: number; gift: string };
        bodies.push(b);
        if (loseAnswer) {
          loseAnswer = false;
          return offline();
        }
        const message = {
          id: b.id,
          conversation_id: 9,
          sender_id: ME,
          text: '',
          gift: b.gift,
          created_at: new Date().toISOString(),
          seq: 5,
          read: false,
        };
        return { status: 200, body: { message, credits: 25, cost: 25 } };
      },
    });
    const id = await queueGift(db, ME, peer, 'rose');
    expect((await db.conversations.get(provisionalId(peer.id)))?.lastMessage).toMatchObject({ gift: 'rose', text: '' });
    const h = hooks();
    await drainOutbox(db, h);
    expect(bodies).toEqual([
      { id, profile: peer.id, gift: 'rose' },
      { id, profile: peer.id, gift: 'rose' },
    ]);
    expect(await db.messages.get(id)).toMatchObject({ status: 'sent', gift: 'rose', conversationId: 9 });
    expect((await db.conversations.get(9))?.lastMessage).toMatchObject({ gift: 'rose' });
    expect(h.onCredits).toHaveBeenLastCalledWith(25);
  });

  it('marks a refused message failed with the reason; retry sends it with the same id, delete removes it', async () => {
    let refuse = true;
    const server = messageServer();
    stubApi({
      '/api/message.php': (req) =>
        refuse
          ? { status: 402, body: { error: { code: 'not_enough_credits', message: 'Not enough credits' } } }
          : server.handler(req),
    });
    const id = await queueMessage(db, ME, peer, 'pay me');
    expect(await drainOutbox(db, hooks())).toBe(true);
    expect(await db.messages.get(id)).toMatchObject({ status: 'failed', failure: { status: 402, code: 'not_enough_credits' } });
    refuse = false;
    await retryMessage(db, id);
    await drainOutbox(db, hooks());
    expect(await db.messages.get(id)).toMatchObject({ status: 'sent', failure: null });
    expect([...server.stored.keys()]).toEqual([id]);

    refuse = true;
    const other = await queueMessage(db, ME, card(43), 'nope');
    await drainOutbox(db, hooks());
    await discardMessage(db, other);
    expect(await db.messages.get(other)).toBeUndefined();
    expect(await db.conversations.get(provisionalId(43))).toBeUndefined();
  });

  it('queues one entry per like key: like then unlike sends only the unlike', async () => {
    const calls: string[] = [];
    stubApi({
      '/api/like.php': ({ method }) => {
        calls.push(method);
        return { status: 200, body: { liked: method === 'POST', match: false } };
      },
    });
    await queueLike(db, peer, true);
    expect(await db.likes.get(peer.id)).toBeDefined();
    await queueLike(db, peer, false);
    expect(await db.likes.get(peer.id)).toBeUndefined();
    await drainOutbox(db, hooks());
    expect(calls).toEqual(['DELETE']);
  });

  it('sends a swipe like with its source; a swipe_limit refusal undoes it through a fresh snapshot', async () => {
    const bodies: unknown[] = [];
    stubApi({
      '/api/like.php': ({ body }) => {
        bodies.push(body);
        return { status: 429, body: { error: { code: 'swipe_limit', message: 'x' } } };
      },
    });
    await writeCursor(db, { cursor: 12, etag: '"e"' });
    await queueLike(db, peer, true, 'swipe');
    await drainOutbox(db, hooks());
    expect(bodies).toEqual([{ profile: peer.id, source: 'swipe' }]);
    expect(await db.outbox.count()).toBe(0);
    expect((await readCursor(db)).cursor).toBeNull();
  });

  it('reports a match and a refused chat delete (spec 4: alert, then chats reload from a snapshot)', async () => {
    stubApi({
      '/api/like.php': () => ({ status: 200, body: { liked: true, match: true } }),
      '/api/chat.php': () => ({ status: 404, body: { error: { code: 'not_found', message: 'x' } } }),
    });
    await db.conversations.put({
      id: 5,
      peerId: 50,
      profile: card(50),
      lastMessageAt: '',
      lastMessage: null,
      unread: 2,
      peerReadSeq: 0,
      nextBefore: null,
    });
    await writeCursor(db, { cursor: 12, etag: '"e"' });
    await queueLike(db, peer, true);
    await queueDeleteChat(db, 5);
    expect(await db.conversations.get(5)).toBeUndefined();
    const h = hooks();
    await drainOutbox(db, h);
    expect(h.onMatch).toHaveBeenCalledWith(peer.id);
    expect(h.onDeleteFailed).toHaveBeenCalledOnce();
    expect((await readCursor(db)).cursor).toBeNull();
  });

  it('reading a chat zeroes its unread count at once and tells the server', async () => {
    const read = vi.fn(() => ({ status: 200, body: { total_unread: 0 } }));
    stubApi({ '/api/chat-read.php': read });
    await db.conversations.put({
      id: 5,
      peerId: 50,
      profile: card(50),
      lastMessageAt: '',
      lastMessage: null,
      unread: 3,
      peerReadSeq: 0,
      nextBefore: null,
    });
    await queueReadChat(db, 5);
    expect((await db.conversations.get(5))?.unread).toBe(0);
    await drainOutbox(db, hooks());
    expect(read).toHaveBeenCalledOnce();
  });
});
