// Keyset pages of one conversation fetched into Dexie (DESIGN: older messages page by `before=`, never offset):
// the newest page when a chat opens, older pages on "Load earlier messages".
import { MessagesResponse, type MemberCard } from '../../contract/index.ts';
import { api } from '../api/client.ts';
import { takeFirstAnswer } from '../api/first-answers.ts';
import { adoptProvisional, conversationWith, lastMessageOf } from '../data/conversations-repo.ts';
import type { AppDB } from '../data/db.ts';
import { putServerMessages } from '../data/messages-repo.ts';
import { PAGE_SIZE } from '../data/page-size.ts';
import { newestPagePath } from '../features/chat/chat-calls.ts';

/**
 * GET /api/messages.php?profile= (newest page, newestPagePath; a server-rendered chat's answer instead, once:
 * src/api/first-answers.ts) into Dexie. The page's answer is as old as the page's request: messages are stored by id
 * whatever their age, and the sync's delta brings what came since. When the server has a conversation Dexie lacks (e.g.
 * one deleted from the list earlier), its row is created from `peer`. A newest page that reaches the start of the
 * conversation also clears a stored row's `nextBefore`: a delta or a send that made the row could only guess that
 * older messages might wait. Throws ApiCallError (blocked, not_found).
 */
export async function loadNewestPage(db: AppDB, peer: MemberCard): Promise<void> {
  const path = newestPagePath(peer.id);
  const res = takeFirstAnswer(path, MessagesResponse) ?? (await api(path, MessagesResponse));
  if (res.conversation_id === null) return;
  const id = res.conversation_id;
  await db.transaction('rw', [db.conversations, db.messages], async () => {
    await adoptProvisional(db, peer.id, id);
    const existing = await db.conversations.get(id);
    if (!existing) {
      const last = res.messages[res.messages.length - 1];
      await db.conversations.put({
        id,
        peerId: peer.id,
        profile: peer,
        lastMessageAt: last?.created_at ?? '',
        unread: 0,
        peerReadSeq: 0,
        nextBefore: res.next_before,
        lastMessage: last ? lastMessageOf(last) : null,
      });
    } else if (res.next_before === null && existing.nextBefore !== null) {
      await db.conversations.update(id, { nextBefore: null });
    }
    await putServerMessages(db, res.messages);
  });
}

/**
 * Fetches the page before the conversation's `nextBefore` cursor into Dexie and moves the cursor (null at the
 * start of the conversation). Does nothing when the start is already here. Throws ApiCallError.
 */
export async function loadEarlierPage(db: AppDB, peerId: number): Promise<void> {
  const conv = await conversationWith(db, peerId);
  if (!conv || conv.nextBefore === null) return;
  const res = await api('/api/messages.php', MessagesResponse, {
    query: { profile: peerId, before: conv.nextBefore, limit: PAGE_SIZE },
  });
  await db.transaction('rw', [db.conversations, db.messages], async () => {
    await putServerMessages(db, res.messages);
    await db.conversations.update(conv.id, { nextBefore: res.next_before });
  });
}
