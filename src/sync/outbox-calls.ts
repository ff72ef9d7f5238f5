// What each outbox entry sends and how a sent message is stored, without zod or the page's API client, so the
// service worker flushes the same outbox with the same calls and idempotency keys (worker-sync.ts) as the page
// (outbox.ts).
import type { LikedBy, Message } from '../../contract/index.ts';
import { adoptProvisional, lastMessageOf } from '../data/conversations-repo.ts';
import { provisionalId, type AppDB, type OutboxRow } from '../data/db.ts';
import { fromServer } from '../data/messages-repo.ts';

/** One API call of an outbox entry: `body` is JSON, or FormData for a photo (multipart). */
export interface OutboxCall {
  path: string;
  method: 'POST' | 'DELETE';
  body: unknown;
}

/** The multipart body of a photo message: the text fields first, then the file. */
function photoForm(id: string, peerId: number, photo: Blob): FormData {
  const form = new FormData();
  form.append('id', id);
  form.append('profile', String(peerId));
  form.append('photo', photo, 'photo');
  return form;
}

/**
 * The call that sends `row`. A message carries its UUIDv7 `id`, the server's idempotency key: the same entry sent
 * twice (a lost answer, or the page and the worker both) is stored and charged once.
 */
export function outboxCall(row: OutboxRow): OutboxCall {
  switch (row.kind) {
    case 'send-message':
      if (row.photo)
        return { path: '/api/chat-photo.php', method: 'POST', body: photoForm(row.messageId, row.peerId, row.photo) };
      if (row.gift)
        return { path: '/api/gift.php', method: 'POST', body: { id: row.messageId, profile: row.peerId, gift: row.gift } };
      return { path: '/api/message.php', method: 'POST', body: { id: row.messageId, profile: row.peerId, text: row.text } };
    case 'like':
      return {
        path: '/api/like.php',
        method: row.on ? 'POST' : 'DELETE',
        body: { profile: row.profileId, ...(row.on && row.source ? { source: row.source } : {}) },
      };
    case 'delete-chat':
      return { path: '/api/chat.php', method: 'DELETE', body: { conversation: { id: row.conversationId } } };
    case 'read-chat':
      return { path: '/api/chat-read.php', method: 'POST', body: { conversation: { id: row.conversationId } } };
    case 'like-seen':
      return { path: '/api/like-seen.php', method: 'POST', body: { profile: row.profileId } };
  }
}

/**
 * Stores message `m`, the server's answer to a send to member `peerId`: the pending copy becomes the stored one, and
 * a provisional conversation moves to the server's id with `m` as its newest message.
 */
export async function storeSentMessage(db: AppDB, peerId: number, m: Message): Promise<void> {
  await db.transaction('rw', [db.conversations, db.messages], async () => {
    const temp = await db.conversations.get(provisionalId(peerId));
    await adoptProvisional(db, peerId, m.conversation_id);
    const conv =
      (await db.conversations.get(m.conversation_id)) ?? (temp && { ...temp, id: m.conversation_id, nextBefore: m.seq });
    if (conv) await db.conversations.put({ ...conv, lastMessageAt: m.created_at, lastMessage: lastMessageOf(m) });
    await db.messages.put(fromServer(m));
  });
}

/** Dexie meta key: the profile a like the worker sent made a match with, until a page announces it (takeWorkerMatch). */
const WORKER_MATCH_KEY = 'worker-match';

/**
 * Records that a like the service worker sent while no page was open made a match with `profileId` (the server's
 * answer `match: true`): the page that opens next shows the match (takeWorkerMatch), as it does for its own sends.
 */
export async function keepWorkerMatch(db: AppDB, profileId: number): Promise<void> {
  await db.meta.put({ key: WORKER_MATCH_KEY, value: profileId });
}

/**
 * The match a worker's like made (keepWorkerMatch), once: its card as a like to announce (`like_new` false), or null
 * when there is none or the member no longer likes that profile (an unlike since). Clears the record.
 */
export async function takeWorkerMatch(db: AppDB): Promise<LikedBy | null> {
  return db.transaction('rw', [db.meta, db.likes], async () => {
    const kept = await db.meta.get(WORKER_MATCH_KEY);
    if (!kept) return null;
    await db.meta.delete(WORKER_MATCH_KEY);
    const liked = await db.likes.get(kept.value as number);
    if (!liked) return null;
    const { order: _order, ...card } = liked;
    return { ...card, like_new: false };
  });
}
