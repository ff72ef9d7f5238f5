// Conversations and messages: paid sends with an idempotency key, the chat list, keyset pages, read and delete.
import { and, desc, eq, inArray, isNull, lt, ne, sql, sum } from 'drizzle-orm';
import type { Chat, Message, MessagesResponse, SendMessageRequest, SendMessageResponse, Settings } from '../../contract/index.ts';
import type { Db, Tx } from '../db/connect.ts';
import { blocks, conversationMembers, conversations, messages, profiles, users } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { applyCredits } from './credits-ledger.ts';
import { cardsOf, reachableMember } from './members.ts';
import type { Viewer } from './photos.ts';
import { messageCost } from './sites.ts';
import type { UserRow } from './sessions.ts';

type MessageRow = typeof messages.$inferSelect;

/** The contract shape of a message row. */
export function toMessage(m: MessageRow): Message {
  return { id: m.id, conversation_id: m.conversationId, sender_id: m.senderId, text: m.text, created_at: m.createdAt.toISOString(), seq: m.seq, read: m.readAt !== null };
}

const pair = (a: number, b: number) => (a < b ? { userLow: a, userHigh: b } : { userLow: b, userHigh: a });

async function findConversation(db: Db | Tx, a: number, b: number) {
  const { userLow, userHigh } = pair(a, b);
  const [c] = await db.select().from(conversations).where(and(eq(conversations.userLow, userLow), eq(conversations.userHigh, userHigh)));
  return c ?? null;
}

const isUniqueViolation = (e: unknown) => {
  for (let c: unknown = e; c; c = (c as { cause?: unknown }).cause) if ((c as { code?: string }).code === '23505') return true;
  return false;
};

/**
 * Sends `req.text` from `sender` to member `req.profile` (spec 1, 4, 6, 9). One transaction: the sender row is
 * locked, a free member's third new conversation is refused, the cost is debited through the ledger (key
 * `message:<id>`) and the message written. The same `req.id` again answers the first send's message (no new
 * debit). Errors: 404 not_found, 403 blocked, 403 premium_only, 402 not_enough_credits, 409 conflict (id
 * reused for another message).
 */
export async function sendMessage(
  db: Db,
  siteId: number,
  settings: Pick<Settings, 'message_credits' | 'minimum_message_costs' | 'free_conversations'>,
  sender: UserRow,
  req: SendMessageRequest,
): Promise<SendMessageResponse> {
  const viewer: Viewer = { id: sender.id, paidUser: sender.paidUser };
  const attempt = () =>
    db.transaction(async (tx) => {
      const [me] = await tx.select().from(users).where(eq(users.id, sender.id)).for('update');
      const [existing] = await tx.select().from(messages).where(eq(messages.id, req.id));
      if (existing) {
        const conv = await findConversation(tx, sender.id, req.profile);
        if (existing.senderId !== sender.id || existing.conversationId !== conv?.id || existing.text !== req.text) throw new ApiError(409, 'conflict');
        return { message: toMessage(existing), credits: me.credits, cost: existing.cost };
      }
      const { p: recipient } = await reachableMember(tx as Db, siteId, req.profile, viewer);
      if (recipient.userId === sender.id) throw new ApiError(404, 'not_found');
      let conv = await findConversation(tx, sender.id, req.profile);
      if (!conv) {
        const [{ started }] = await tx.select({ started: sql<number>`count(*)::int` }).from(conversations).where(eq(conversations.startedBy, sender.id));
        if (!me.paidUser && started >= settings.free_conversations) throw new ApiError(403, 'premium_only');
        [conv] = await tx.insert(conversations).values({ ...pair(sender.id, req.profile), startedBy: sender.id }).returning();
        await tx.insert(conversationMembers).values([{ conversationId: conv.id, userId: sender.id }, { conversationId: conv.id, userId: req.profile }]);
      }
      const [senderProfile] = await tx.select({ country: profiles.country }).from(profiles).where(eq(profiles.userId, sender.id));
      const cost = messageCost(settings, senderProfile?.country ?? '');
      const credits = await applyCredits(tx, sender.id, -cost, 'message', `message:${req.id}`);
      const [row] = await tx.insert(messages).values({ id: req.id, conversationId: conv.id, senderId: sender.id, text: req.text, cost }).returning();
      await tx.update(conversations).set({ lastMessageAt: row.createdAt }).where(eq(conversations.id, conv.id));
      await tx.update(conversationMembers).set({ hidden: false }).where(eq(conversationMembers.conversationId, conv.id));
      await tx
        .update(conversationMembers)
        .set({ unread: sql`${conversationMembers.unread} + 1` })
        .where(and(eq(conversationMembers.conversationId, conv.id), eq(conversationMembers.userId, req.profile)));
      return { message: toMessage(row), credits, cost };
    });
  try {
    return await attempt();
  } catch (e) {
    // Two sends of the same id raced on PostgreSQL: the loser now finds the winner's message.
    if (isUniqueViolation(e)) return attempt();
    throw e;
  }
}

/**
 * SQL condition on a join of conversation_members and conversations: the row is `userId`'s, not deleted, and
 * the other member has not blocked `userId` (spec 6: a blocked member cannot view the blocker, chats included).
 */
function visibleChatOf(userId: number) {
  const other = sql`case when ${conversations.userLow} = ${userId} then ${conversations.userHigh} else ${conversations.userLow} end`;
  return and(
    eq(conversationMembers.userId, userId),
    eq(conversationMembers.hidden, false),
    sql`not exists (select 1 from ${blocks} where ${blocks.blockedId} = ${userId} and ${blocks.blockerId} = ${other})`,
  );
}

/** Total unread messages of `userId` over the chats of their list. */
export async function totalUnread(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sum(conversationMembers.unread) })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(visibleChatOf(userId));
  return Number(row?.n ?? 0);
}

/** The chat list of `viewer` (spec 3, 7), newest conversation first; deleted chats and blockers' chats left out. */
export async function chatList(db: Db, viewer: Viewer, cdnPrefix: string): Promise<{ chats: Chat[]; total_unread: number }> {
  const rows = await db
    .select({ conv: conversations, unread: conversationMembers.unread })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(visibleChatOf(viewer.id))
    .orderBy(sql`${conversations.lastMessageAt} desc nulls last`);
  if (rows.length === 0) return { chats: [], total_unread: 0 };
  const others = rows.map((r) => (r.conv.userLow === viewer.id ? r.conv.userHigh : r.conv.userLow));
  const cards = new Map((await cardsOf(db, others, viewer, cdnPrefix)).map((c) => [c.id, c]));
  const lastRows = await db
    .selectDistinctOn([messages.conversationId])
    .from(messages)
    .where(inArray(messages.conversationId, rows.map((r) => r.conv.id)))
    .orderBy(messages.conversationId, desc(messages.seq));
  const last = new Map(lastRows.map((m) => [m.conversationId, m]));
  const chats = rows.flatMap((r, i): Chat[] => {
    const profile = cards.get(others[i]);
    if (!profile) return [];
    const m = last.get(r.conv.id);
    return [{ conversation: { id: r.conv.id, last_message_at: r.conv.lastMessageAt?.toISOString() ?? null }, profile, num_unread_messages: r.unread, last_message: m ? toMessage(m) : null }];
  });
  return { chats, total_unread: chats.reduce((n, c) => n + c.num_unread_messages, 0) };
}

/**
 * A keyset page of the conversation between `viewer` and `memberId` (DESIGN: sync protocol): up to `limit`
 * messages with seq < `before`, oldest first, and the cursor of the next older page. Errors: 404, 403 blocked.
 */
export async function messagePage(db: Db, siteId: number, viewer: Viewer, memberId: number, before: number | undefined, limit: number): Promise<MessagesResponse> {
  await reachableMember(db, siteId, memberId, viewer);
  const conv = await findConversation(db, viewer.id, memberId);
  if (!conv) return { conversation_id: null, messages: [], next_before: null };
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conv.id), before ? lt(messages.seq, before) : undefined))
    .orderBy(desc(messages.seq))
    .limit(limit + 1);
  const more = rows.length > limit;
  const page = rows.slice(0, limit).reverse();
  return { conversation_id: conv.id, messages: page.map(toMessage), next_before: more ? page[0].seq : null };
}

async function membership(db: Db, conversationId: number, userId: number) {
  const [row] = await db.select().from(conversationMembers).where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/** Opening a chat sets its unread count to 0 and marks the other's messages read (spec 4). Errors: 404. Returns the new total. */
export async function markRead(db: Db, userId: number, conversationId: number): Promise<number> {
  await membership(db, conversationId, userId);
  await db.transaction(async (tx) => {
    await tx.update(conversationMembers).set({ unread: 0 }).where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));
    await tx.update(messages).set({ readAt: new Date() }).where(and(eq(messages.conversationId, conversationId), ne(messages.senderId, userId), isNull(messages.readAt)));
  });
  return totalUnread(db, userId);
}

/** Removes a chat from the caller's list (spec 7: DELETE /api/chat.php); a new message brings it back. Errors: 404. */
export async function hideChat(db: Db, userId: number, conversationId: number): Promise<void> {
  await membership(db, conversationId, userId);
  await db.update(conversationMembers).set({ hidden: true, unread: 0 }).where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));
}

