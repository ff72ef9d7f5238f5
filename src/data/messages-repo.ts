// Messages in Dexie: keyset pages by [conversationId+seq] (never offset), idempotent upserts from the server.
import Dexie from 'dexie';
import type { Message } from '../../contract/index.ts';
import type { AppDB, MessageRow } from './db.ts';
import { PAGE_SIZE } from './page-size.ts';

/**
 * The newest `limit` messages of conversation `conversationId` with seq below `beforeSeq` (default: all,
 * pending ones included), returned oldest first.
 */
export async function messagePage(db: AppDB, conversationId: number, limit = PAGE_SIZE, beforeSeq: number = Dexie.maxKey as unknown as number): Promise<MessageRow[]> {
  const rows = await db.messages
    .where('[conversationId+seq]')
    .between([conversationId, Dexie.minKey], [conversationId, beforeSeq], false, false)
    .reverse()
    .limit(limit)
    .toArray();
  return rows.reverse();
}

/** Every message of conversation `conversationId` (stored and pending), as a Dexie collection to read or change. */
export function conversationMessages(db: AppDB, conversationId: number) {
  return db.messages.where('[conversationId+seq]').between([conversationId, -Infinity], [conversationId, Infinity], true, true);
}

/** The Dexie row of a server message: stored, not failed. */
export function fromServer(m: Message): MessageRow {
  return {
    id: m.id, conversationId: m.conversation_id, senderId: m.sender_id, text: m.text, gift: m.gift, photo: m.photo, createdAt: m.created_at,
    seq: m.seq, read: m.read ? 1 : 0, status: 'sent', failure: null,
  };
}

/** Upserts server messages by id: a pending copy of the same id becomes the stored one (idempotent). */
export async function putServerMessages(db: AppDB, messages: Message[]): Promise<void> {
  if (messages.length) await db.messages.bulkPut(messages.map(fromServer));
}
