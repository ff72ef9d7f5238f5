// Conversations and messages: paid sends with an idempotency key, the chat list, keyset pages, read and delete.
import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, or, sql, sum, type Placeholder } from 'drizzle-orm';
import {
  GiftId,
  mayStartConversation,
  messageCost,
  messageLengthLimit,
  type Chat,
  type Message,
  type MessagesResponse,
  type SendMessageResponse,
} from '../../../contract/index.ts';
import type { Db, Tx } from '../../db/connect.ts';
import { blocks, conversationMembers, conversations, creditLedger, messages, photos, profiles, users } from '../../db/schema.ts';
import { prepared } from '../../db/prepared.ts';
import { ApiError } from '../../errors.ts';
import { recordChanges } from '../sync/changes.ts';
import { cardProfileColumns, reachableMember } from '../discovery/members.ts';
import { toCard } from '../discovery/presenters.ts';
import { creditsChange } from '../money/credits-ledger.ts';
import type { Looker, MessageRow, Site, UserRow, Viewer } from '../types.ts';
import { toMessage } from './presenters.ts';
import type { MemberCache } from '../../cache/member-cache.ts';

const pair = (a: number, b: number) => (a < b ? { userLow: a, userHigh: b } : { userLow: b, userHigh: a });

async function findConversation(db: Db | Tx, a: number, b: number) {
  const { userLow, userHigh } = pair(a, b);
  const [c] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userLow, userLow), eq(conversations.userHigh, userHigh)));
  return c ?? null;
}

const isUniqueViolation = (e: unknown) => {
  for (let c: unknown = e; c; c = (c as { cause?: unknown }).cause) if ((c as { code?: string }).code === '23505') return true;
  return false;
};

/** The one read of a send (sendMessage): the recipient's side, and an earlier message with the same id (`earlier_*`). */
interface PeerRead extends Record<string, unknown> {
  sender_id: number | null;
  sender_status: UserRow['status'] | null;
  sender_paid: boolean | null;
  sender_credits: number | null;
  recipient: number | null;
  status: string | null;
  blocker: string | null;
  conversation: number | null;
  country: string | null;
  earlier_seq: string | number | null;
  earlier_conversation: number | null;
  earlier_sender: number | null;
  earlier_text: string | null;
  earlier_gift: string | null;
  earlier_photo_key: string | null;
  earlier_photo_blur_key: string | null;
  earlier_cost: number | null;
  earlier_read_at: Date | string | null;
  earlier_created_at: Date | string | null;
  earlier_balance: number | null;
  /** The seq the new message gets (taken from the sequence whether or not it is written) and the transaction's time. */
  next_seq: string | number;
  now: Date | string;
}

/**
 * What a send carries: a text message (`text`, gift and photo null), a gift (`gift`, text '') of the catalogue
 * (contract/gifts.ts) or a photo (`photo`: the media keys of the stored upload and its blurred copy, text '').
 * `id` (UUIDv7) is the idempotency key of all three: no two messages share an id.
 */
export interface MessageDraft {
  id: string;
  profile: number;
  text: string;
  gift: GiftId | null;
  photo: { key: string; blurKey: string } | null;
}

/**
 * Sends `draft` from member `senderId` of `site` to member `draft.profile` (spec 1, 4, 6, 9): a text (POST
 * /api/message.php), a gift (POST /api/gift.php) or a photo (POST /api/chat-photo.php). In one transaction: a new
 * conversation that mayStartConversation refuses is refused, messageCost credits are debited through the ledger (key
 * `message:<id>`), the message is written, and the change log records 'message' and 'chat' for both members and 'user'
 * for the sender. The same `draft.id` again answers the first send (no new debit; the balance as it was right after
 * it) and writes nothing. `draft.text` holds at most messageLengthLimit characters (UTF-16 code units).
 * `notify(tx, message, sender)` writes the notices' jobs of a new message in the transaction, so a refused send has none.
 * `free`: the sender pays nothing (a fictional profile's reply written by an operator): cost 0, no debit, no ledger row.
 * `written(tx, message)` runs in the transaction after a new message is written and before the change log (rows that
 * reference the message; an error there rolls the send back); never for a replayed id.
 * Returns the answer and `created` (false for a replayed id). Errors: 400 bad_request (fields.text: too long), 404
 * not_found, 403 blocked, 403 premium_only, 403 authentication_required (the sender is gone), 402 not_enough_credits,
 * 409 conflict (the id is another message's). Its locks: docs/architecture.md, "Money and messages".
 */
export async function sendMessage(
  db: Db,
  { id: siteId, settings }: Site,
  senderId: number,
  {
    draft: req,
    notify,
    free = false,
    written,
  }: {
    draft: MessageDraft;
    notify: (tx: Db, message: Message, sender: Pick<UserRow, 'status'>) => Promise<void>;
    free?: boolean;
    written?: (tx: Tx, message: Message) => Promise<void>;
  },
): Promise<{ answer: SendMessageResponse; created: boolean }> {
  const maxLength = messageLengthLimit(settings);
  if (req.text.length > maxLength) throw new ApiError(400, 'bad_request', {}, { text: `at most ${maxLength} characters` });
  const attempt = () =>
    db.transaction(async (tx) => {
      // One read for everything the send decides on: the sender's row, an earlier message with this id and its
      // debit's balance, the recipient (reachableMember's rules), a block by them, the pair's conversation and the
      // sender's country. No lock before it: the debit below locks the sender's row, and what a read could miss
      // (a send of the same id, or a conversation of the pair, committed meanwhile) ends in a unique violation, which
      // rolls everything back and tries again (see the end), where this read sees it.
      const { userLow, userHigh } = pair(senderId, req.profile);
      const ledgerKey = `message:${req.id}`;
      const [peer] = await tx
        .execute<PeerRead>(
          sql`
        select sender.id as sender_id, sender.status as sender_status, sender.paid_user as sender_paid, sender.credits as sender_credits,
          ${users.id} as recipient, ${profiles.status} as status,
          (select ${profiles.name} from ${blocks} join ${profiles} on ${profiles.userId} = ${blocks.blockerId}
            where ${blocks.blockerId} = ${req.profile} and ${blocks.blockedId} = ${senderId}) as blocker,
          (select ${conversations.id} from ${conversations} where ${conversations.userLow} = ${userLow} and ${conversations.userHigh} = ${userHigh}) as conversation,
          (select ${profiles.country} from ${profiles} where ${profiles.userId} = ${senderId}) as country,
          earlier.seq as earlier_seq, earlier.conversation_id as earlier_conversation, earlier.sender_id as earlier_sender,
          earlier.text as earlier_text, earlier.gift as earlier_gift, earlier.photo_key as earlier_photo_key,
          earlier.photo_blur_key as earlier_photo_blur_key, earlier.cost as earlier_cost, earlier.read_at as earlier_read_at,
          earlier.created_at as earlier_created_at,
          (select ${creditLedger.balanceAfter} from ${creditLedger} where ${creditLedger.idempotencyKey} = ${ledgerKey}) as earlier_balance,
          nextval(pg_get_serial_sequence('messages', 'seq')) as next_seq, now() as now
        from (select 1) as one
        left join ${users} as sender on sender.id = ${senderId}
        left join ${messages} as earlier on earlier.id = ${req.id}
        left join ${users} on ${users.id} = ${req.profile} and ${users.siteId} = ${siteId}
        left join ${profiles} on ${profiles.userId} = ${users.id}`,
        )
        .then((r) => r.rows);
      // The session named a member whose row is gone (deleted since): as without a session.
      if (peer.sender_id === null) throw new ApiError(403, 'authentication_required');
      const me = { id: senderId, status: peer.sender_status!, paidUser: peer.sender_paid!, credits: peer.sender_credits! };
      const viewer: Looker = { id: me.id, paidUser: me.paidUser };
      if (peer.earlier_seq !== null) {
        const existing: MessageRow = {
          id: req.id,
          seq: Number(peer.earlier_seq),
          conversationId: peer.earlier_conversation!,
          senderId: peer.earlier_sender!,
          text: peer.earlier_text!,
          gift: peer.earlier_gift,
          photoKey: peer.earlier_photo_key,
          photoBlurKey: peer.earlier_photo_blur_key,
          cost: peer.earlier_cost!,
          readAt: peer.earlier_read_at === null ? null : new Date(peer.earlier_read_at),
          createdAt: new Date(peer.earlier_created_at!),
        };
        // A photo's retry carries a new upload (new keys): the same message is a photo message again.
        const samePhoto = (existing.photoKey === null) === (req.photo === null);
        if (
          existing.senderId !== me.id ||
          existing.conversationId !== peer.conversation ||
          existing.text !== req.text ||
          existing.gift !== req.gift ||
          !samePhoto
        )
          throw new ApiError(409, 'conflict');
        // The first send's answer: the balance right after its debit, from the ledger row of its key.
        return {
          answer: {
            message: toMessage(existing, viewer, settings.cdn_prefix),
            credits: peer.earlier_balance ?? me.credits,
            cost: existing.cost,
          },
          created: false,
        };
      }
      if (peer.recipient === null || peer.status === null || (peer.status !== 'active' && peer.recipient !== me.id))
        throw new ApiError(404, 'not_found');
      if (peer.blocker !== null) throw new ApiError(403, 'blocked', { name: peer.blocker });
      if (peer.recipient === me.id) throw new ApiError(404, 'not_found');
      let conversationId = peer.conversation;
      if (conversationId === null) {
        // A free member's new conversations are counted under the lock of their row, so that two at once cannot both
        // pass the limit (FOR NO KEY UPDATE, like the debit's own update: see below).
        await tx.select({ id: users.id }).from(users).where(eq(users.id, me.id)).for('no key update');
        const [{ started }] = await tx
          .select({ started: sql<number>`count(*)::int` })
          .from(conversations)
          .where(eq(conversations.startedBy, me.id));
        if (!mayStartConversation({ paid_user: me.paidUser, conversations_started: started }, settings))
          throw new ApiError(403, 'premium_only');
        const [conv] = await tx.insert(conversations).values({ userLow, userHigh, startedBy: me.id }).returning();
        await tx.insert(conversationMembers).values([
          { conversationId: conv.id, userId: me.id },
          { conversationId: conv.id, userId: req.profile },
        ]);
        conversationId = conv.id;
      }
      const photoKey = req.photo?.key ?? null;
      const photoBlurKey = req.photo?.blurKey ?? null;
      const cost = free ? 0 : messageCost(settings, peer.country ?? undefined, req.gift ? 'gift' : req.photo ? 'photo' : 'text');
      // The message as it will be written: its seq taken from the sequence by the read, its time the transaction's
      // (now(), as the insert's). So the notices' jobs, which carry it, are written before the message, in its transaction.
      const row = {
        id: req.id,
        seq: Number(peer.next_seq),
        conversationId,
        senderId: me.id,
        text: req.text,
        gift: req.gift,
        photoKey,
        photoBlurKey,
        cost,
        readAt: null,
        createdAt: new Date(peer.now),
      };
      const message = toMessage(row, viewer, settings.cdn_prefix);
      await notify(tx as Db, message, me);
      // One statement for the money and the message (data-modifying CTEs, all or nothing): the ledger's debit
      // (creditsChange: only while the balance covers it, its ledger row under the key), the message, the conversation's
      // time, the chat shown again to both and one more unread for the recipient. No row: the balance did not cover it
      // (and the transaction rolls back, jobs included). The debit locks the sender's row for three round trips (this
      // one, the change log, the commit). A free send reads the balance instead of debiting it.
      const credited = free
        ? sql`credited as (select credits from ${users} where id = ${me.id})`
        : creditsChange(me.id, -cost, 'message', ledgerKey);
      const [stored] = await tx
        .execute<{ credits: number }>(
          sql`
        with ${credited}, msg as (
          insert into ${messages} (id, seq, conversation_id, sender_id, text, gift, photo_key, photo_blur_key, cost, created_at)
          select ${req.id}, ${row.seq}, ${conversationId}, ${me.id}, ${req.text}, ${req.gift}, ${photoKey}, ${photoBlurKey}, ${cost}, now() from credited
          returning created_at
        ), touched as (
          update ${conversations} set last_message_at = msg.created_at from msg where ${conversations.id} = ${conversationId}
        ), shown as (
          update ${conversationMembers} set hidden = false, unread = unread + (user_id = ${req.profile})::int
          where conversation_id = ${conversationId} and exists (select 1 from msg)
        )
        select credited.credits from credited, msg`,
        )
        .then((r) => r.rows);
      if (!stored) throw new ApiError(402, 'not_enough_credits');
      const credits = Number(stored.credits);
      await written?.(tx, message);
      await recordChanges(tx, [
        { userId: me.id, kind: 'user' as const, entityId: me.id },
        ...[me.id, req.profile].flatMap((userId) => [
          { userId, kind: 'message' as const, entityId: row.seq },
          { userId, kind: 'chat' as const, entityId: conversationId },
        ]),
      ]);
      return { answer: { message, credits, cost }, created: true };
    });
  try {
    return await attempt();
  } catch (e) {
    // Two sends of the same id, or two first messages of one pair, raced on PostgreSQL: the loser rolled back
    // entirely and now finds the winner's message or conversation.
    if (isUniqueViolation(e)) return attempt();
    throw e;
  }
}

/**
 * SQL condition on a join of conversation_members and conversations: the row is `userId`'s, not deleted, the
 * other member has not blocked `userId` (spec 6: a blocked member cannot view the blocker, chats included), has
 * not deleted the account (spec 4: a deleted member leaves every list at once, and comes back if reactivated) and has
 * confirmed the e-mail address (spec 8 "Unconfirmed e-mail: the other party cannot reply": an unconfirmed member's
 * messages are held back, the conversation shows to the other member once the address is confirmed).
 */
export function visibleChatOf(userId: number | Placeholder) {
  const other = sql`case when ${conversations.userLow} = ${userId} then ${conversations.userHigh} else ${conversations.userLow} end`;
  return and(
    eq(conversationMembers.userId, userId),
    eq(conversationMembers.hidden, false),
    sql`not exists (select 1 from ${blocks} where ${blocks.blockedId} = ${userId} and ${blocks.blockerId} = ${other})`,
    sql`exists (select 1 from ${users} where ${users.id} = ${other} and ${users.deletedAt} is null and ${users.status} = 'confirmed')`,
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

/** The chat list's query: one statement whatever the number of chats (a row per chat, laterals for the rest). */
function chatListQuery(db: Db, viewerId: number | Placeholder, only?: number[]) {
  const other = sql<number>`case when ${conversations.userLow} = ${viewerId} then ${conversations.userHigh} else ${conversations.userLow} end`;
  const lastMessage = db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversations.id))
    .orderBy(desc(messages.seq))
    .limit(1)
    .as('last_message');
  const peerRead = db
    .select({ seq: sql<number>`${messages.seq}`.as('peer_read_seq') })
    .from(messages)
    .where(and(eq(messages.conversationId, conversations.id), eq(messages.senderId, viewerId), isNotNull(messages.readAt)))
    .orderBy(desc(messages.seq))
    .limit(1)
    .as('peer_read');
  const firstPhoto = db
    .select()
    .from(photos)
    .where(and(eq(photos.userId, profiles.userId), eq(photos.position, 0)))
    .orderBy(photos.id)
    .limit(1)
    .as('first_photo');
  return db
    .select({
      conv: conversations,
      unread: conversationMembers.unread,
      p: cardProfileColumns,
      u: { fictional: users.fictional, lastSeenAt: users.lastSeenAt, invisible: users.invisible },
      photo: { id: firstPhoto.id, userId: firstPhoto.userId, key: firstPhoto.key, blurKey: firstPhoto.blurKey },
      last: {
        id: lastMessage.id,
        seq: lastMessage.seq,
        conversationId: lastMessage.conversationId,
        senderId: lastMessage.senderId,
        text: lastMessage.text,
        gift: lastMessage.gift,
        photoKey: lastMessage.photoKey,
        photoBlurKey: lastMessage.photoBlurKey,
        cost: lastMessage.cost,
        readAt: lastMessage.readAt,
        createdAt: lastMessage.createdAt,
      },
      peerReadSeq: peerRead.seq,
      viewerPaid: sql<boolean>`(select ${users.paidUser} from ${users} where ${users.id} = ${viewerId})`,
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .innerJoin(profiles, eq(profiles.userId, other))
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoinLateral(firstPhoto, sql`true`)
    .leftJoinLateral(lastMessage, sql`true`)
    .leftJoinLateral(peerRead, sql`true`)
    .where(and(visibleChatOf(viewerId), only ? inArray(conversations.id, only) : undefined))
    .orderBy(sql`${conversations.lastMessageAt} desc nulls last`, desc(conversations.id));
}

/**
 * The chat list of `viewer` (spec 3, 7; photo URLs under `viewer.cdnPrefix`), newest conversation first; deleted chats
 * and blockers' chats left out.
 * `only` restricts it to those conversation ids (the sync delta); `total_unread` then sums just those chats.
 * `peer_read_seq` per chat: the highest seq of the viewer's own messages the other member has read, 0 if none.
 * One statement whatever the number of chats (prepared, for the whole list); it also reads the viewer's paid status,
 * which decides whether a photo in a last message is locked (spec 1, 6), so the caller needs only the viewer's id.
 */
export async function chatList(
  db: Db,
  viewer: Pick<Viewer, 'id' | 'cdnPrefix'>,
  only?: number[],
): Promise<{ chats: Chat[]; total_unread: number }> {
  if (only?.length === 0) return { chats: [], total_unread: 0 };
  return chatsOf(only ? await chatListQuery(db, viewer.id, only) : await chatListRows(db, viewer.id), viewer);
}

/** A row of the chat list's statement: one chat with its card's columns, last message and the peer's read seq. */
export type ChatListRow = Awaited<ReturnType<typeof chatListQuery>>[number];

/** The whole chat list's rows of `viewerId`: one prepared statement. */
const chatListRows = (db: Db, viewerId: number): Promise<ChatListRow[]> =>
  prepared(db, 'chat_list', (d) => chatListQuery(d, sql.placeholder('viewer')).prepare('chat_list')).execute({
    viewer: viewerId,
  });

/** The answer of the chat list's rows, its cards' ages and online flags as of now. */
function chatsOf(
  rows: ChatListRow[],
  { id, cdnPrefix }: Pick<Viewer, 'id' | 'cdnPrefix'>,
): { chats: Chat[]; total_unread: number } {
  const now = new Date();
  const chats = rows.map((r): Chat => ({
    conversation: { id: r.conv.id, last_message_at: r.conv.lastMessageAt?.toISOString() ?? null },
    // The card's photo is the first one, never locked (photoFor): who views it does not change it.
    profile: toCard(
      { profile: r.p, user: r.u, photo: r.photo ? { ...r.photo, position: 0, generator: null, createdAt: now } : null },
      null,
      cdnPrefix,
      now,
    ),
    num_unread_messages: r.unread,
    // Spec 1, 6: a photo sent to a free viewer only blurred, locked (the viewer's paid status read by the statement).
    last_message: r.last ? toMessage(r.last, { id, paidUser: r.viewerPaid }, cdnPrefix) : null,
    peer_read_seq: Number(r.peerReadSeq ?? 0),
  }));
  return { chats, total_unread: chats.reduce((n, c) => n + c.num_unread_messages, 0) };
}

/**
 * The chat list call's answer (GET /api/chats.php): chatList's, from the rows of the chat lists' cache when it holds
 * them (no statement while nothing of the member changed; a chat partner's new name, photo or last-seen time, which is
 * logged for that partner only, shows within its TTL). Not for the sync protocol, whose data must not predate its cursor.
 */
export async function cachedChatList(
  { db, caches }: { db: Db; caches: { chatLists: MemberCache<ChatListRow[]> } },
  viewer: Pick<Viewer, 'id' | 'cdnPrefix'>,
): Promise<{ chats: Chat[]; total_unread: number }> {
  return chatsOf(await caches.chatLists.get(viewer.id, () => chatListRows(db, viewer.id)), viewer);
}

/**
 * A keyset page of the conversation between `viewer` and `memberId` (DESIGN: sync protocol): up to `limit`
 * messages with seq < `before`, oldest first, and the cursor of the next older page. Errors: 404, 403 blocked.
 */
export async function messagePage(
  db: Db,
  viewer: Viewer,
  { memberId, before, limit }: { memberId: number; before: number | undefined; limit: number },
): Promise<MessagesResponse> {
  await reachableMember(db, viewer.siteId, memberId, viewer);
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
  return {
    conversation_id: conv.id,
    messages: page.map((m) => toMessage(m, viewer, viewer.cdnPrefix)),
    next_before: more ? page[0].seq : null,
  };
}

async function membership(db: Db, conversationId: number, userId: number) {
  const [row] = await db
    .select()
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/**
 * Opening a chat sets its unread count to 0 and marks the other's messages read (spec 4). Errors: 404. Returns
 * the new total. Sync log, only when something changed: 'chat' for the reader (unread, last message read) and,
 * when messages were marked read, 'chat' for the other member (its peer_read_seq moved).
 */
export async function markRead(db: Db, userId: number, conversationId: number): Promise<number> {
  await membership(db, conversationId, userId);
  await db.transaction(async (tx) => {
    const cleared = await tx
      .update(conversationMembers)
      .set({ unread: 0 })
      .where(
        and(
          eq(conversationMembers.conversationId, conversationId),
          eq(conversationMembers.userId, userId),
          ne(conversationMembers.unread, 0),
        ),
      )
      .returning({ id: conversationMembers.conversationId });
    const read = await tx
      .update(messages)
      .set({ readAt: new Date() })
      .where(and(eq(messages.conversationId, conversationId), ne(messages.senderId, userId), isNull(messages.readAt)))
      .returning({ senderId: messages.senderId });
    const touched = new Set<number>(cleared.length || read.length ? [userId] : []);
    for (const m of read) touched.add(m.senderId);
    await recordChanges(
      tx,
      [...touched].map((id) => ({ userId: id, kind: 'chat' as const, entityId: conversationId })),
    );
  });
  return totalUnread(db, userId);
}

/**
 * Removes a chat from the caller's list (spec 7: DELETE /api/chat.php); a new message brings it back. Errors: 404.
 * Sync log: 'chat' for the caller when it was listed or had unread messages (the delta reports it in removed_chats).
 */
export async function hideChat(db: Db, userId: number, conversationId: number): Promise<void> {
  await membership(db, conversationId, userId);
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(conversationMembers)
      .set({ hidden: true, unread: 0 })
      .where(
        and(
          eq(conversationMembers.conversationId, conversationId),
          eq(conversationMembers.userId, userId),
          or(eq(conversationMembers.hidden, false), ne(conversationMembers.unread, 0)),
        ),
      )
      .returning({ id: conversationMembers.conversationId });
    if (changed.length) await recordChanges(tx, [{ userId, kind: 'chat', entityId: conversationId }]);
  });
}
