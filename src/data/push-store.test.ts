// The service worker's write of a push payload into Dexie: what it stores, what it leaves to the sync, and that
// the badge count (the same query the service worker sets the badge from) follows.
import { beforeEach, describe, expect, it } from 'vitest';
import type { PushPayload } from '../../contract/index.ts';
import { applyDelta } from '../sync/apply-delta.ts';
import { card, chat, delta, freshDb, message } from '../sync/test-kit.ts';
import { badgeCount } from './badge-count.ts';
import type { AppDB } from './db.ts';
import { messagePage } from './messages-repo.ts';
import { storePushPayload } from './push-store.ts';

const ME = 1;
const PEER = card(7, 'Sanne');

function messagePush(over: Partial<PushPayload>): PushPayload {
  return {
    kind: 'message', recipient_id: ME, conversation_id: 40, sender: { id: PEER.id, name: PEER.name, thumb_url: null },
    title: 'Sanne', body: 'x', url: '/chats/7', totals: { unread: 1, new_likes: 0 }, ...over,
  };
}

let db: AppDB;
beforeEach(() => {
  db = freshDb();
});

describe('storePushPayload', () => {
  it('a first message starts the conversation in Dexie with its message, unread count and badge', async () => {
    const m = message(100, 40, PEER.id, 'Hoi!');
    await storePushPayload(db, messagePush({ chat: chat(40, PEER, m, 1), previous_seq: null }));
    expect(await db.conversations.get(40)).toMatchObject({ peerId: 7, unread: 1, lastMessage: { text: 'Hoi!' }, nextBefore: null });
    expect((await messagePage(db, 40)).map((r) => r.text)).toEqual(['Hoi!']);
    expect(await badgeCount(db)).toBe(1);
  });

  it('a message right after the newest stored one is stored; the later sync delta changes nothing', async () => {
    const first = message(100, 40, PEER.id, 'one');
    await applyDelta(db, delta(5, { chats: [chat(40, PEER, first, 1)], messages: [first] }), null);
    const second = message(130, 40, PEER.id, 'two');
    const c = chat(40, PEER, second, 2);
    await storePushPayload(db, messagePush({ chat: c, previous_seq: 100 }));
    expect((await messagePage(db, 40)).map((r) => r.text)).toEqual(['one', 'two']);
    expect(await badgeCount(db)).toBe(2);
    const before = await db.messages.toArray();
    await applyDelta(db, delta(6, { chats: [c], messages: [second] }), null);
    expect(await db.messages.toArray()).toEqual(before);
  });

  it('a message behind a gap updates the chat row only: the sync brings the messages in order', async () => {
    const first = message(100, 40, PEER.id, 'one');
    await applyDelta(db, delta(5, { chats: [chat(40, PEER, first, 1)], messages: [first] }), null);
    const third = message(140, 40, PEER.id, 'three');
    await storePushPayload(db, messagePush({ chat: chat(40, PEER, third, 3), previous_seq: 120 }));
    expect((await messagePage(db, 40)).map((r) => r.text)).toEqual(['one']);
    expect(await db.conversations.get(40)).toMatchObject({ unread: 3, lastMessage: { text: 'three' } });
    expect(await badgeCount(db)).toBe(3);
  });

  it('a late push older than what the sync already stored changes nothing', async () => {
    const older = message(100, 40, PEER.id, 'old');
    const newer = message(130, 40, PEER.id, 'new');
    await applyDelta(db, delta(6, { chats: [chat(40, PEER, newer, 0)], messages: [older, newer] }), null);
    await storePushPayload(db, messagePush({ chat: chat(40, PEER, older, 1), previous_seq: null }));
    expect(await db.conversations.get(40)).toMatchObject({ unread: 0, lastMessage: { text: 'new' } });
    expect(await badgeCount(db)).toBe(0);
  });

  it('a new conversation whose earlier messages are on the server keeps the keyset cursor for them', async () => {
    const m = message(300, 41, PEER.id, 'again');
    await storePushPayload(db, messagePush({ conversation_id: 41, chat: chat(41, PEER, m, 1), previous_seq: 250 }));
    expect(await db.conversations.get(41)).toMatchObject({ nextBefore: 300 });
    expect((await messagePage(db, 41)).map((r) => r.text)).toEqual(['again']);
  });

  it('a like stores the liker as a new like; a payload without entries stores nothing', async () => {
    await storePushPayload(db, { ...messagePush({}), kind: 'like', conversation_id: undefined, profile_id: 7, liked_by: { ...PEER, like_new: true } });
    expect(await db.likedBy.get(7)).toMatchObject({ name: 'Sanne', likeNew: 1 });
    expect(await badgeCount(db)).toBe(1);
    await storePushPayload(db, messagePush({}));
    expect(await db.conversations.count()).toBe(0);
  });
});
