// An operator's reply as a fictional profile (docs/operations.md "Fictional profiles' inbox"): written through the
// members' own send (sendMessage: the message, its change log and live NOTIFY, unread count, push and mail jobs), so
// the member gets it as any message; the profile pays nothing.
import { eq, sql } from 'drizzle-orm';
import type { InboxMessage } from '../../../contract/ops-inbox.ts';
import type { Db, Tx } from '../../db/connect.ts';
import { messages, operatorReplies } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import type { JobQueue } from '../../services/jobs.ts';
import { messageNotices } from '../messaging/message-notices.ts';
import { markRead, sendMessage } from '../messaging/messaging.ts';
import { audit, type Actor } from '../staff/audit.ts';
import type { Site } from '../types.ts';
import { renewClaim } from './claims.ts';
import { fictionalConversation, liveClaim } from './conversations.ts';
import { toInboxMessage } from './presenters.ts';
import { checkReply } from './reply-filter.ts';

/**
 * How long the member had waited when reply `messageId` was written in `tx`: since their oldest message after the
 * profile's previous one, in ms; 0 when none was waiting (a second reply in a row).
 */
async function waitedMs(tx: Tx, c: { id: number; personaId: number; memberId: number }, messageId: string): Promise<number> {
  const [row] = await tx
    .execute<{ waited: string | number | null }>(
      sql`select floor(extract(epoch from (now() - min(m.created_at))) * 1000) as waited from ${messages} m
        where m.conversation_id = ${c.id} and m.sender_id = ${c.memberId}
          and m.seq > coalesce((select max(r.seq) from ${messages} r
            where r.conversation_id = ${c.id} and r.sender_id = ${c.personaId} and r.id <> ${messageId}), 0)`,
    )
    .then((r) => r.rows);
  return Math.max(0, Number(row?.waited ?? 0));
}

/**
 * Sends `text` as the fictional profile of conversation `conversationId` to its member, written by `actor`, who must
 * hold the conversation's live claim; the claim is renewed for `claimMinutes`. `id` (UUIDv7) is the reply's
 * idempotency key: the same id again answers the first reply and writes nothing. In the send's transaction: the
 * operator_replies row (waited_ms) and the audit row (`inbox.reply`). Then the member's messages are marked read (the
 * read ticks they see). `sites` finds the member's site. Returns the reply and the claim's new end.
 * Errors: 404 not_found, 409 conflict (no live claim of the caller's), 422 bad_request with `params.rule` and
 * `params.match` (the reply filter, reply-filter.ts), and sendMessage's (403 blocked: the member blocked the profile).
 */
export async function replyAsPersona(
  { db, jobs, sites }: { db: Db; jobs: JobQueue; sites: readonly Site[] },
  actor: Actor & { staffId: number },
  { conversationId, id, text, claimMinutes }: { conversationId: number; id: string; text: string; claimMinutes: number },
): Promise<{ message: InboxMessage; expiresAt: Date }> {
  const conv = await fictionalConversation(db, conversationId);
  const site = sites.find((s) => s.id === conv.siteId);
  if (!site) throw new ApiError(404, 'not_found');
  const claim = await liveClaim(db, conversationId);
  if (claim?.staffId !== actor.staffId) throw new ApiError(409, 'conflict', claim ? { claimed_by: claim.staffEmail } : {});
  const refusal = checkReply(text, conv.memberLanguage);
  if (refusal) throw new ApiError(422, 'bad_request', { rule: refusal.rule, match: refusal.match }, { text: refusal.rule });
  let expiresAt = claim.expiresAt;
  const { answer, created } = await sendMessage(db, site, conv.personaId, {
    draft: { id, profile: conv.memberId, text, gift: null, photo: null },
    notify: messageNotices(jobs, site, conv.memberId),
    free: true,
    written: async (tx, message) => {
      // The claim is checked again under the send's transaction: one taken over meanwhile rolls the reply back.
      expiresAt = await renewClaim(tx, { conversationId, staffId: actor.staffId, minutes: claimMinutes });
      const waited = await waitedMs(tx, conv, message.id);
      await tx
        .insert(operatorReplies)
        .values({ messageId: message.id, staffId: actor.staffId, conversationId, waitedMs: waited });
      await audit(tx, actor, {
        action: 'inbox.reply',
        targetKind: 'conversation',
        targetId: conversationId,
        after: { message_id: message.id, persona_id: conv.personaId, member_id: conv.memberId, waited_ms: waited },
      });
    },
  });
  // The member sees their messages read once answered (not when an operator merely opens the conversation).
  if (created) await markRead(db, conv.personaId, conversationId);
  const [row] = await db.select().from(messages).where(eq(messages.id, answer.message.id));
  return { message: toInboxMessage(row, conv.personaId, site.settings.cdn_prefix), expiresAt };
}
