import { beforeEach, describe, expect, it } from 'vitest';
import { SNAPSHOT_MESSAGES } from '../../contract/index.ts';
import { badgeCount } from '../data/badge-count.ts';
import { listConversations } from '../data/conversations-repo.ts';
import { provisionalId, type AppDB } from '../data/db.ts';
import { messagePage } from '../data/messages-repo.ts';
import { applyDelta } from './apply-delta.ts';
import { readCursor } from './cursor.ts';
import { queueMessage } from './outbox.ts';
import { card, chat, delta, freshDb, message } from './test-kit.ts';

const ME = 7;
const sanne = card(42, 'Sanne');
const eva = card(43, 'Eva');
let db: AppDB;
beforeEach(() => {
  db = freshDb();
});

describe('applyDelta', () => {
  it('stores a snapshot with its cursor and ETag; the badge is unread + new likes', async () => {
    const msgs = [message(1, 9, 42), message(2, 9, ME), message(3, 10, 43)];
    await applyDelta(
      db,
      delta(30, {
        snapshot: true,
        chats: [chat(9, sanne, msgs[1], 1), chat(10, eva, msgs[2], 2)],
        messages: msgs,
        liked_by: [{ ...sanne, like_new: true }],
        likes: [eva],
      }),
      '"s7-30"',
    );
    expect((await listConversations(db)).map((c) => c.id)).toEqual([10, 9]);
    expect((await messagePage(db, 9)).map((m) => m.seq)).toEqual([1, 2]);
    expect((await db.conversations.get(9))?.nextBefore).toBeNull();
    expect(await readCursor(db)).toEqual({ cursor: 30, etag: '"s7-30"' });
    expect(await badgeCount(db)).toBe(4);
  });

  it('is idempotent: the same delta twice (a duplicate delivery) leaves one copy', async () => {
    const m = message(5, 9, 42);
    const d = delta(31, { chats: [chat(9, sanne, m, 1)], messages: [m] });
    await applyDelta(db, d, null);
    await applyDelta(db, d, null);
    expect(await db.messages.count()).toBe(1);
    expect(await db.conversations.count()).toBe(1);
    expect(await badgeCount(db)).toBe(1);
  });

  it('moves a message written offline to the server conversation when the chat arrives first', async () => {
    const id = await queueMessage(db, ME, sanne, 'hello');
    const reply = message(8, 9, 42);
    await applyDelta(db, delta(40, { chats: [chat(9, sanne, reply, 1)], messages: [reply] }), null);
    expect(await db.conversations.get(provisionalId(42))).toBeUndefined();
    const page = await messagePage(db, 9);
    expect(page.map((m) => [m.id, m.status])).toEqual([
      [reply.id, 'sent'],
      [id, 'pending'],
    ]);
  });

  it('removes deleted chats with their messages, and likes the server removed', async () => {
    const m = message(1, 9, 42);
    await applyDelta(db, delta(1, { snapshot: true, chats: [chat(9, sanne, m)], messages: [m], likes: [sanne, eva] }), null);
    await applyDelta(db, delta(2, { removed_chats: [9], removed_likes: [42] }), null);
    expect(await db.conversations.count()).toBe(0);
    expect(await db.messages.count()).toBe(0);
    expect((await db.likes.toArray()).map((l) => l.id)).toEqual([43]);
  });

  it('a full snapshot page leaves a keyset cursor and drops older stored messages behind a gap', async () => {
    const old = message(1, 9, 42);
    await applyDelta(db, delta(1, { snapshot: true, chats: [chat(9, sanne, old)], messages: [old] }), null);
    const page = Array.from({ length: SNAPSHOT_MESSAGES }, (_, i) => message(100 + i, 9, 42));
    await applyDelta(db, delta(2, { snapshot: true, chats: [chat(9, sanne, page.at(-1)!)], messages: page }), null);
    expect((await db.conversations.get(9))?.nextBefore).toBe(100);
    expect(await db.messages.get(old.id)).toBeUndefined();
  });

  it('a snapshot drops chats that are gone but keeps unsent ones', async () => {
    const m = message(1, 9, 42);
    await applyDelta(db, delta(1, { snapshot: true, chats: [chat(9, sanne, m)], messages: [m] }), null);
    await queueMessage(db, ME, eva, 'pending');
    await applyDelta(db, delta(2, { snapshot: true }), null);
    expect((await listConversations(db)).map((c) => c.id)).toEqual([provisionalId(43)]);
  });
  it('answers the ids of new likes a delta brought: not a snapshot, not rows already held, not seen likes', async () => {
    const anna = card(44, 'Anna');
    expect(await applyDelta(db, delta(1, { snapshot: true, liked_by: [{ ...sanne, like_new: true }] }), null)).toEqual([]);
    const fresh = delta(2, {
      liked_by: [
        { ...eva, like_new: true },
        { ...sanne, like_new: true },
        { ...anna, like_new: false },
      ],
    });
    expect(await applyDelta(db, fresh, null)).toEqual([43]);
    // The same answer again (a duplicate delivery) brings nothing new.
    expect(await applyDelta(db, fresh, null)).toEqual([]);
    expect((await db.likedBy.toArray()).map((l) => l.id).sort()).toEqual([42, 43, 44]);
  });
});
