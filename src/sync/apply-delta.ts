// Writes one answer of GET /api/sync.php into Dexie in one transaction, cursor included, so a crash or a
// closed tab leaves either the whole answer applied with its cursor, or neither (DESIGN: sync protocol).
import type { SyncResponse } from '../../contract/index.ts';
import { SNAPSHOT_MESSAGES } from '../../contract/sync-limits.ts';
import { adoptProvisional, chatToRow, removeConversation } from '../data/conversations-repo.ts';
import type { AppDB } from '../data/db.ts';
import { applyLikes } from '../data/likes-repo.ts';
import { putServerMessages } from '../data/messages-repo.ts';
import { writeCursor } from './cursor.ts';

/**
 * Applies `delta` to `db` and stores `etag` with the new cursor. Idempotent: applying the same answer twice
 * leaves the same state. A snapshot replaces the chat list and likes (conversations with messages still in
 * the outbox are kept); a delta upserts and removes what it names.
 * Returns the ids of the new likes a delta brought: liked_by rows with `like_new` that Dexie did not hold before
 * (the match / new-like modal, spec 2). A snapshot brings none: it is what the device already knew, or its first fill.
 */
export async function applyDelta(db: AppDB, delta: SyncResponse, etag: string | null): Promise<number[]> {
  return db.transaction('rw', [db.conversations, db.messages, db.likes, db.likedBy, db.meta], async () => {
    const oldest = new Map<number, { seq: number; count: number }>();
    for (const m of delta.messages) {
      const o = oldest.get(m.conversation_id);
      oldest.set(m.conversation_id, { seq: Math.min(o?.seq ?? Infinity, m.seq), count: (o?.count ?? 0) + 1 });
    }
    if (delta.snapshot) {
      const listed = new Set(delta.chats.map((c) => c.conversation.id));
      const stale = await db.conversations.filter((c) => c.id > 0 && !listed.has(c.id)).primaryKeys();
      for (const id of stale) await removeConversation(db, id);
    }
    for (const chat of delta.chats) {
      await adoptProvisional(db, chat.profile.id, chat.conversation.id);
      const existing = await db.conversations.get(chat.conversation.id);
      const o = oldest.get(chat.conversation.id);
      const row = chatToRow(chat, existing, o?.seq ?? chat.last_message?.seq ?? null);
      if (delta.snapshot) {
        // A snapshot carries the newest SNAPSHOT_MESSAGES of a chat: fewer means its start is here. With a full
        // page, older stored messages may sit behind a gap: drop them and page back from the server instead.
        row.nextBefore = !o || o.count < SNAPSHOT_MESSAGES ? null : o.seq;
        if (row.nextBefore !== null) {
          await db.messages
            .where('[conversationId+seq]')
            .between([row.id, -Infinity], [row.id, row.nextBefore], true, false)
            .delete();
        }
      }
      // Another member's row may hold this peer's id (a conversation deleted and started anew): the new one wins.
      const clash = await db.conversations.where('peerId').equals(chat.profile.id).first();
      if (clash && clash.id !== row.id) await removeConversation(db, clash.id);
      await db.conversations.put(row);
    }
    for (const id of delta.removed_chats) await removeConversation(db, id);
    const removed = new Set(delta.removed_chats);
    await putServerMessages(
      db,
      delta.messages.filter((m) => !removed.has(m.conversation_id)),
    );
    const known = delta.snapshot ? [] : await db.likedBy.bulkGet(delta.liked_by.map((c) => c.id));
    const newLikes = delta.snapshot ? [] : delta.liked_by.filter((c, i) => c.like_new && !known[i]).map((c) => c.id);
    await applyLikes(db, delta, delta.snapshot);
    await writeCursor(db, { cursor: delta.cursor, etag }, { snapshot: delta.snapshot });
    return newLikes;
  });
}
