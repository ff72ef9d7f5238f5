// The change-log entries of the other members when a member's visibility changes (deletion, reactivation, a first
// e-mail confirmation), apart from the rules that change it so each of them records the same set.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { SNAPSHOT_MESSAGES } from '../../../contract/index.ts';
import type { Tx } from '../../db/connect.ts';
import { conversationMembers, likes, messages } from '../../db/schema.ts';
import type { Change } from './changes.ts';

/**
 * The change-log entries that make the member's conversations and likes leave (or come back to) the other members'
 * lists when the profile is hidden or shown again (sync: a touched chat or like that is no longer listable is removed).
 * The newest SNAPSHOT_MESSAGES messages of each conversation are touched too, so a conversation that comes back
 * brings its messages, as a snapshot would (held-back messages of a newly confirmed member, a restored account).
 */
export async function peerChanges(tx: Tx, userId: number): Promise<Change[]> {
  const mine = tx
    .select({ id: conversationMembers.conversationId })
    .from(conversationMembers)
    .where(eq(conversationMembers.userId, userId));
  const peers = await tx
    .select({ userId: conversationMembers.userId, conversationId: conversationMembers.conversationId })
    .from(conversationMembers)
    .where(and(inArray(conversationMembers.conversationId, mine), ne(conversationMembers.userId, userId)));
  const convIds = [...new Set(peers.map((p) => p.conversationId))];
  const recent = convIds.length
    ? await tx
        .select({ conversationId: sql<number>`r.conversation_id`, seq: sql<number>`r.seq` })
        .from(
          sql`(select ${messages.conversationId} as conversation_id, ${messages.seq} as seq, row_number() over (partition by ${messages.conversationId} order by ${messages.seq} desc) as n from ${messages} where ${inArray(messages.conversationId, convIds)}) r`,
        )
        .where(sql`r.n <= ${SNAPSHOT_MESSAGES}`)
    : [];
  const liked = await tx.select({ id: likes.likedId }).from(likes).where(eq(likes.likerId, userId));
  const likedBy = await tx.select({ id: likes.likerId }).from(likes).where(eq(likes.likedId, userId));
  return [
    { userId, kind: 'user', entityId: userId },
    ...peers.map((p): Change => ({ userId: p.userId, kind: 'chat', entityId: p.conversationId })),
    ...peers.flatMap((p) =>
      recent
        .filter((m) => Number(m.conversationId) === p.conversationId)
        .map((m): Change => ({ userId: p.userId, kind: 'message', entityId: Number(m.seq) })),
    ),
    ...liked.map((l): Change => ({ userId: l.id, kind: 'liked_by', entityId: userId })),
    ...likedBy.map((l): Change => ({ userId: l.id, kind: 'like', entityId: userId })),
  ];
}
