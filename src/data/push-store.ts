// What a Web Push carries, written into the member's Dexie database by the service worker before it counts the
// badge, so the badge, the chat list and an app opened from the notification show the news at once,
// even offline. The sync engine stays the source of truth: the cursor is not moved, the next delta re-delivers the
// same rows and overwrites them (every write here is an idempotent upsert).
import type { Chat, PushPayload } from '../../contract/index.ts';
import { adoptProvisional, chatToRow, removeConversation } from './conversations-repo.ts';
import type { AppDB } from './db.ts';
import { applyLikes } from './likes-repo.ts';
import { putServerMessages } from './messages-repo.ts';

/**
 * Stores `payload.chat` (kind message) and `payload.liked_by` (kind like or match) in `db`, in one transaction.
 * A chat entry older than the stored row (a late push after a newer sync) is ignored. Its message is stored only
 * when `payload.previous_seq` says nothing is missing before it: it is the conversation's first message, or the
 * one before it is stored. A message behind a gap would show without the ones before it; the next sync brings it.
 */
export async function storePushPayload(db: AppDB, payload: PushPayload): Promise<void> {
  const { chat, liked_by: likedBy } = payload;
  if (!chat && !likedBy) return;
  await db.transaction('rw', [db.conversations, db.messages, db.likes, db.likedBy], async () => {
    if (chat) await storeChat(db, chat, payload.previous_seq);
    if (likedBy) await applyLikes(db, { likes: [], removed_likes: [], liked_by: [likedBy], removed_liked_by: [] }, false);
  });
}

async function storeChat(db: AppDB, chat: Chat, previousSeq: number | null | undefined): Promise<void> {
  const id = chat.conversation.id;
  const message = chat.last_message;
  await adoptProvisional(db, chat.profile.id, id);
  const existing = await db.conversations.get(id);
  const at = chat.conversation.last_message_at ?? message?.created_at ?? '';
  if (existing && existing.lastMessageAt > at) return;
  const gapless = previousSeq === null || (previousSeq !== undefined && (await db.messages.where('[conversationId+seq]').equals([id, previousSeq]).count()) > 0);
  // A new row: older messages wait on the server behind the keyset cursor `nextBefore`, unless this is the first.
  const row = chatToRow(chat, existing, message && previousSeq !== null ? message.seq : null);
  const clash = await db.conversations.where('peerId').equals(chat.profile.id).first();
  if (clash && clash.id !== id) await removeConversation(db, clash.id);
  await db.conversations.put(row);
  if (message && (gapless || !existing)) await putServerMessages(db, [message]);
}
