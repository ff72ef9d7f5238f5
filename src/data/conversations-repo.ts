// Conversations in Dexie: the chat list rows, upserted from the server's chat entries, and the move of a
// provisional conversation (first message written offline) to the id the server gave it.
import type { Chat, Message } from '../../contract/index.ts';
import { provisionalId, type AppDB, type ConversationRow, type LastMessage } from './db.ts';
import { conversationMessages } from './messages-repo.ts';

/** The chat list's preview of server message `m` (text or gift). */
export function lastMessageOf(m: Message): LastMessage {
  return { text: m.text, gift: m.gift, photo: m.photo !== null, senderId: m.sender_id, createdAt: m.created_at };
}

/**
 * The Dexie row of a server chat entry. `nextBefore` is kept from `existing`; for a new row it is `oldestSeq`
 * (older messages may exist on the server) or null when the caller knows the start is here.
 */
export function chatToRow(chat: Chat, existing: ConversationRow | undefined, oldestSeq: number | null): ConversationRow {
  const last = chat.last_message;
  return {
    id: chat.conversation.id,
    peerId: chat.profile.id,
    profile: chat.profile,
    lastMessageAt: chat.conversation.last_message_at ?? last?.created_at ?? '',
    lastMessage: last ? lastMessageOf(last) : null,
    unread: chat.num_unread_messages,
    peerReadSeq: chat.peer_read_seq,
    nextBefore: existing ? existing.nextBefore : oldestSeq,
  };
}

/**
 * Moves the messages of the provisional conversation with `peerId` (if any) to `conversationId` and deletes
 * the provisional row. Call inside a rw transaction over conversations and messages.
 */
export async function adoptProvisional(db: AppDB, peerId: number, conversationId: number): Promise<void> {
  const temp = provisionalId(peerId);
  const row = await db.conversations.get(temp);
  if (!row) return;
  await db.conversations.delete(temp);
  await conversationMessages(db, temp).modify({ conversationId });
}

/** Deletes conversation `id` and its messages. Call inside a rw transaction over conversations and messages. */
export async function removeConversation(db: AppDB, id: number): Promise<void> {
  await db.conversations.delete(id);
  await conversationMessages(db, id).delete();
}

/** The chat list, newest conversation first. */
export function listConversations(db: AppDB): Promise<ConversationRow[]> {
  return db.conversations.orderBy('lastMessageAt').reverse().toArray();
}

/** The conversation with member `peerId` (real or provisional), if Dexie has one. */
export function conversationWith(db: AppDB, peerId: number): Promise<ConversationRow | undefined> {
  return db.conversations.where('peerId').equals(peerId).first();
}
