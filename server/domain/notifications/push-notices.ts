// Which Web Push a member gets for a new message, like or match, and its payload in their language. Runs as the
// push-message and push-like jobs, written in the transaction of the change (server/services/jobs.ts).
import { and, eq, lt, max } from 'drizzle-orm';
import { PUSH_PAYLOAD_MAX_BYTES, PUSH_TEXT_LENGTH, type Chat, type Message, type PushPayload } from '../../../contract/index.ts';
import type { Db } from '../../db/connect.ts';
import { messages, profiles, users } from '../../db/schema.ts';
import type { JobData } from '../../services/jobs.ts';
import type { PushService } from '../../services/push.ts';
import { serverText } from '../../texts.ts';
import { likedByCards, totalNewLikes } from '../discovery/likes.ts';
import { cardsOf } from '../discovery/members.ts';
import { chatList, totalUnread } from '../messaging/messaging.ts';
import { isReadingLive } from '../messaging/live-reading.ts';
import { hasPushSubscription } from './push-subscriptions.ts';
import type { Viewer } from '../types.ts';

/** What the notify functions need. */
export interface NoticeDeps {
  db: Db;
  push: PushService;
}

/** `text` cut to PUSH_TEXT_LENGTH characters (code points, so no emoji is split) with an ellipsis. */
function pushText(text: string): string {
  const chars = [...text.trim()];
  return chars.length > PUSH_TEXT_LENGTH
    ? `${chars
        .slice(0, PUSH_TEXT_LENGTH - 1)
        .join('')
        .trimEnd()}…`
    : chars.join('');
}

/**
 * The recipient as a Viewer (photo URLs under `cdnPrefix`), their language and the sender as they see them, with the
 * recipient's badge totals.
 */
async function context(db: Db, recipientId: number, senderId: number, cdnPrefix: string) {
  const [recipient] = await db
    .select({ language: users.language, paidUser: users.paidUser, siteId: users.siteId })
    .from(users)
    .where(eq(users.id, recipientId));
  if (!recipient) return null;
  const viewer: Viewer = { id: recipientId, paidUser: recipient.paidUser, siteId: recipient.siteId, cdnPrefix };
  const [card] = await cardsOf(db, [senderId], viewer, { cdnPrefix });
  if (!card) return null;
  const [unread, newLikes] = await Promise.all([totalUnread(db, recipientId), totalNewLikes(db, recipientId)]);
  return {
    viewer,
    language: recipient.language,
    sender: { id: card.id, name: card.name, thumb_url: card.photo?.thumb_url ?? null },
    totals: { unread, new_likes: newLikes },
  };
}

/** The payload of a push for `message` to `recipientId`; null when either member is gone. */
export async function messagePayload(
  db: Db,
  cdnPrefix: string,
  message: Message,
  recipientId: number,
): Promise<PushPayload | null> {
  const c = await context(db, recipientId, message.sender_id, cdnPrefix);
  if (!c) return null;
  const [chat] = (await chatList(db, c.viewer, [message.conversation_id])).chats;
  return withinLimit({
    kind: 'message',
    recipient_id: recipientId,
    conversation_id: message.conversation_id,
    sender: c.sender,
    title: serverText(c.language, 'push', 'message.title', { name: c.sender.name }),
    // A gift says which one arrived (the image is the page's), in the recipient's language.
    body: message.gift
      ? serverText(c.language, 'push', 'gift.body', { gift: serverText(c.language, 'gifts', `names.${message.gift}`) })
      : message.photo
        ? serverText(c.language, 'push', 'photo.body')
        : pushText(message.text),
    url: `/chats/${message.sender_id}`,
    totals: c.totals,
    // The newest state of the chat: a later message may already have been sent, which the entry then carries.
    ...(chat ? { chat, previous_seq: await previousSeq(db, chat) } : {}),
  });
}

/**
 * The payload of a push to `recipientId` that `likerId` likes them (`match`: and they liked `likerId` first), photo
 * URLs under `cdnPrefix`.
 */
async function likePayload(
  db: Db,
  cdnPrefix: string,
  { likerId, recipientId, match }: { likerId: number; recipientId: number; match: boolean },
): Promise<PushPayload | null> {
  const c = await context(db, recipientId, likerId, cdnPrefix);
  if (!c) return null;
  const kind = match ? 'match' : 'like';
  const [likedBy] = await likedByCards(db, c.viewer, [likerId]);
  return withinLimit({
    kind,
    recipient_id: recipientId,
    profile_id: likerId,
    sender: c.sender,
    title: serverText(c.language, 'push', `${kind}.title`, { name: c.sender.name }),
    body: serverText(c.language, 'push', `${kind}.body`, { name: c.sender.name }),
    url: '/likes',
    totals: c.totals,
    ...(likedBy ? { liked_by: likedBy } : {}),
  });
}

/** The seq of the message before `chat.last_message` in its conversation; null when it is the first (or none). */
async function previousSeq(db: Db, chat: Chat): Promise<number | null> {
  const last = chat.last_message;
  if (!last) return null;
  const [row] = await db
    .select({ seq: max(messages.seq) })
    .from(messages)
    .where(and(eq(messages.conversationId, chat.conversation.id), lt(messages.seq, last.seq)));
  return row?.seq == null ? null : Number(row.seq);
}

/** `payload` as it is when its JSON fits PUSH_PAYLOAD_MAX_BYTES, else without what the service worker would store. */
function withinLimit(payload: PushPayload): PushPayload {
  if (Buffer.byteLength(JSON.stringify(payload)) <= PUSH_PAYLOAD_MAX_BYTES) return payload;
  const { chat: _chat, previous_seq: _previous, liked_by: _likedBy, ...lean } = payload;
  return lean;
}

/**
 * The job of a new message (not the replay of an id): pushes it to the recipient, unless they are reading that
 * conversation live (server/domain/messaging/live-reading.ts). Written by `sendMessage` in its transaction.
 */
export async function pushMessage(
  { db, push }: NoticeDeps,
  { cdnPrefix, message, recipientId }: JobData['push-message'],
): Promise<void> {
  if (!(await hasPushSubscription(db, recipientId))) return;
  if (await isReadingLive(db, recipientId, message.conversation_id)) return;
  const payload = await messagePayload(db, cdnPrefix, message, recipientId);
  // Topic: an undelivered push of this conversation is replaced by the newer one (RFC 8030 section 5.4).
  if (payload) await push.send(recipientId, payload, `c${message.conversation_id}`);
}

/**
 * The job of a new like of `likedId` by `likerId`: `match` false pushes kind like to the liked member; `match` true
 * (the liked member had liked the liker first) pushes kind match to them instead. No push when the liker's profile
 * is not active, since the likes list would not show them.
 */
export async function pushLike(
  { db, push }: NoticeDeps,
  { cdnPrefix, likerId, likedId, match }: JobData['push-like'],
): Promise<void> {
  if (!(await hasPushSubscription(db, likedId))) return;
  const [liker] = await db
    .select({ id: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.userId, likerId), eq(profiles.status, 'active')));
  if (!liker) return;
  const payload = await likePayload(db, cdnPrefix, { likerId, recipientId: likedId, match });
  if (payload) await push.send(likedId, payload, `l${likerId}`);
}
