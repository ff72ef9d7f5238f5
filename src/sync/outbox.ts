// The outbox (DESIGN: writes): every write is applied to Dexie at once and queued in the same transaction;
// drainOutbox sends the queue in order when online. Each entry carries its idempotency key (the message's
// UUIDv7, or the write's natural key), so a retry after a lost answer never applies twice on the server.
import { v7 } from 'uuid';
import {
  DeleteChatResponse,
  LikeResponse,
  LikeSeenResponse,
  ReadChatResponse,
  SendMessageResponse,
  type GiftId,
  type MemberCard,
} from '../../contract/index.ts';
import { api, ApiCallError } from '../api/client.ts';
import { conversationWith, removeConversation } from '../data/conversations-repo.ts';
import { provisionalId, type AppDB, type OutboxOp, type OutboxRow } from '../data/db.ts';
import { toLikeRow } from '../data/likes-repo.ts';
import { conversationMessages } from '../data/messages-repo.ts';
import { resetCursor } from './cursor.ts';
import { outboxCall, storeSentMessage } from './outbox-calls.ts';

/** What the page learns from drained writes: the new balance, a match, a refused chat delete (spec 4). */
export interface OutboxHooks {
  onCredits(credits: number): void;
  onMatch(profileId: number): void;
  onDeleteFailed(error: unknown): void;
}

async function enqueue(db: AppDB, op: OutboxOp, key: string): Promise<void> {
  // One entry per key: a newer write of the same thing (like, then unlike) replaces the queued one.
  await db.outbox.where('key').equals(key).delete();
  await db.outbox.add({ ...op, key, createdAt: Date.now(), attempts: 0 } as OutboxRow);
}

/**
 * Writes a message from `senderId` to `peer` (pending, seq Infinity) and queues its send. A conversation row is
 * created under the provisional id when Dexie has none with this member. Returns the message id (UUIDv7).
 */
export function queueMessage(db: AppDB, senderId: number, peer: MemberCard, text: string): Promise<string> {
  return queueSend(db, senderId, peer, text, null);
}

/**
 * Writes gift `gift` from `senderId` to `peer` as a pending gift message and queues its send (POST /api/gift.php),
 * exactly like a text message: offline-safe, its UUIDv7 the idempotency key of the one debit. Returns the id.
 */
export function queueGift(db: AppDB, senderId: number, peer: MemberCard, gift: GiftId): Promise<string> {
  return queueSend(db, senderId, peer, '', gift);
}

/**
 * Writes photo `file` (an image the member picked) from `senderId` to `peer` as a pending photo message and queues its
 * upload (POST /api/chat-photo.php), like a text message: the file waits in IndexedDB while offline and is sent once
 * when back online, its UUIDv7 the idempotency key of the one photo_credits debit (spec 3). Returns the id.
 */
export function queuePhoto(db: AppDB, senderId: number, peer: MemberCard, file: Blob): Promise<string> {
  return queueSend(db, senderId, peer, '', null, file);
}

async function queueSend(
  db: AppDB,
  senderId: number,
  peer: MemberCard,
  text: string,
  gift: GiftId | null,
  photo?: Blob,
): Promise<string> {
  const id = v7();
  const createdAt = new Date().toISOString();
  await db.transaction('rw', [db.conversations, db.messages, db.outbox], async () => {
    const conv = (await conversationWith(db, peer.id)) ?? {
      id: provisionalId(peer.id),
      peerId: peer.id,
      profile: peer,
      lastMessageAt: '',
      lastMessage: null,
      unread: 0,
      peerReadSeq: 0,
      nextBefore: null,
    };
    await db.conversations.put({
      ...conv,
      lastMessageAt: createdAt,
      lastMessage: { text, gift, photo: Boolean(photo), senderId, createdAt },
    });
    await db.messages.add({
      id,
      conversationId: conv.id,
      senderId,
      text,
      gift,
      createdAt,
      seq: Infinity,
      read: 0,
      status: 'pending',
      failure: null,
      ...(photo ? { localPhoto: photo } : {}),
    });
    await enqueue(
      db,
      { kind: 'send-message', messageId: id, peerId: peer.id, text, gift, ...(photo ? { photo } : {}) },
      `message:${id}`,
    );
  });
  return id;
}

/** Queues a failed message again with the same id (the server applies it at most once). */
export async function retryMessage(db: AppDB, messageId: string): Promise<void> {
  await db.transaction('rw', [db.conversations, db.messages, db.outbox], async () => {
    const m = await db.messages.get(messageId);
    if (!m || m.status !== 'failed') return;
    const conv = await db.conversations.get(m.conversationId);
    if (!conv) return;
    await db.messages.update(messageId, { status: 'pending', failure: null });
    await enqueue(
      db,
      {
        kind: 'send-message',
        messageId,
        peerId: conv.peerId,
        text: m.text,
        gift: m.gift,
        ...(m.localPhoto ? { photo: m.localPhoto } : {}),
      },
      `message:${messageId}`,
    );
  });
}

/** Deletes a failed (never stored) message; a provisional conversation left empty goes too. */
export async function discardMessage(db: AppDB, messageId: string): Promise<void> {
  await db.transaction('rw', [db.conversations, db.messages], async () => {
    const m = await db.messages.get(messageId);
    if (!m || m.status !== 'failed') return;
    await db.messages.delete(messageId);
    if (m.conversationId < 0 && (await conversationMessages(db, m.conversationId).count()) === 0) {
      await db.conversations.delete(m.conversationId);
    }
  });
}

/**
 * Likes (`on`) or unlikes `card` at once in Dexie and queues the call. `source` 'swipe': a like of the swipe game,
 * which the server counts against the day's SWIPE_LIKES_PER_DAY (a refusal undoes it like any refused like).
 */
export async function queueLike(db: AppDB, card: MemberCard, on: boolean, source?: 'swipe'): Promise<void> {
  await db.transaction('rw', [db.likes, db.outbox], async () => {
    if (on) await db.likes.put(toLikeRow(card, Date.now()));
    else await db.likes.delete(card.id);
    await enqueue(db, { kind: 'like', profileId: card.id, on, ...(on && source ? { source } : {}) }, `like:${card.id}`);
  });
}

/** Spec 4: removes the chat from the list at once and queues DELETE /api/chat.php. */
export async function queueDeleteChat(db: AppDB, conversationId: number): Promise<void> {
  await db.transaction('rw', [db.conversations, db.messages, db.outbox], async () => {
    await removeConversation(db, conversationId);
    if (conversationId > 0) await enqueue(db, { kind: 'delete-chat', conversationId }, `delete-chat:${conversationId}`);
  });
}

/** Spec 4: opening a chat sets its unread count to 0, here at once and on the server through the outbox. */
export async function queueReadChat(db: AppDB, conversationId: number): Promise<void> {
  await db.transaction('rw', [db.conversations, db.messages, db.outbox], async () => {
    const conv = await db.conversations.get(conversationId);
    if (!conv) return;
    await db.conversations.update(conversationId, { unread: 0 });
    await conversationMessages(db, conversationId)
      .filter((m) => m.senderId === conv.peerId && m.read === 0)
      .modify({ read: 1 });
    if (conversationId > 0) await enqueue(db, { kind: 'read-chat', conversationId }, `read-chat:${conversationId}`);
  });
}

/** Spec 4: opening a liked-by profile clears its new-like flag, here at once and on the server. */
export async function queueLikeSeen(db: AppDB, profileId: number): Promise<void> {
  await db.transaction('rw', [db.likedBy, db.outbox], async () => {
    const row = await db.likedBy.get(profileId);
    if (!row || row.likeNew === 0) return;
    await db.likedBy.update(profileId, { likeNew: 0 });
    await enqueue(db, { kind: 'like-seen', profileId }, `like-seen:${profileId}`);
  });
}

/** A refusal that retrying cannot change (4xx); network failures and 5xx are worth another try later. */
const isPermanent = (e: unknown) => e instanceof ApiCallError && e.status >= 400 && e.status < 500;

/** Sends one entry (outbox-calls.ts) and applies the server's answer. Throws what the call throws. */
async function deliver(db: AppDB, row: OutboxRow, hooks: OutboxHooks): Promise<void> {
  const { path, method, body } = outboxCall(row);
  switch (row.kind) {
    case 'send-message': {
      const res = await api(path, SendMessageResponse, { method, body, retry: true });
      await storeSentMessage(db, row.peerId, res.message);
      hooks.onCredits(res.credits);
      return;
    }
    case 'like': {
      const res = await api(path, LikeResponse, { method, body, retry: true });
      if (res.match) hooks.onMatch(row.profileId);
      return;
    }
    case 'delete-chat':
      await api(path, DeleteChatResponse, { method, body, retry: true });
      return;
    case 'read-chat':
      await api(path, ReadChatResponse, { method, body, retry: true });
      return;
    case 'like-seen':
      await api(path, LikeSeenResponse, { method, body, retry: true });
      return;
  }
}

/** Records a permanent refusal of `row`: a message turns failed with the reason; a like or delete is undone by a fresh snapshot. */
async function refuse(db: AppDB, row: OutboxRow, error: ApiCallError, hooks: OutboxHooks): Promise<void> {
  if (row.kind === 'send-message') {
    const failure = { status: error.status, code: error.code, message: error.message, params: error.params };
    await db.messages.update(row.messageId, { status: 'failed', failure });
  } else if (row.kind === 'like' || row.kind === 'delete-chat') {
    await resetCursor(db);
    if (row.kind === 'delete-chat') hooks.onDeleteFailed(error);
  }
  // read-chat and like-seen: the next sync brings the server's counts back.
}

/**
 * Sends the queued writes oldest first, one at a time (so messages reach the server in the order written).
 * Each entry leaves the queue when the server answered it, with success or a permanent refusal. Stops at the
 * first network failure or 5xx (after the client's retries) and answers false; true when the queue is empty.
 */
export async function drainOutbox(db: AppDB, hooks: OutboxHooks): Promise<boolean> {
  for (;;) {
    const row = await db.outbox.orderBy('seq').first();
    if (!row) return true;
    try {
      await deliver(db, row, hooks);
    } catch (e) {
      if (!isPermanent(e)) {
        await db.outbox.update(row.seq!, { attempts: row.attempts + 1 });
        return false;
      }
      await refuse(db, row, e as ApiCallError, hooks);
    }
    await db.outbox.delete(row.seq!);
  }
}
