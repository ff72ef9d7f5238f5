// Which Web Push a member gets for a new message, like or match, and its payload in their language. Apart from
// the send path because it runs after the response: the routes call notify*, which return at once.
import { and, eq } from 'drizzle-orm';
import { PUSH_TEXT_LENGTH, type Message, type PushPayload } from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';
import { profiles, users } from '../db/schema.ts';
import type { PushService } from '../services/push.ts';
import { serverText } from '../texts.ts';
import { totalNewLikes } from './likes.ts';
import { cardsOf } from './members.ts';
import { totalUnread } from './messaging.ts';
import { hasPushSubscription } from './push-subscriptions.ts';

/** What the notify functions need. */
export interface NoticeDeps {
  db: Db;
  push: PushService;
}

/** `text` cut to PUSH_TEXT_LENGTH characters (code points, so no emoji is split) with an ellipsis. */
export function pushText(text: string): string {
  const chars = [...text.trim()];
  return chars.length > PUSH_TEXT_LENGTH ? `${chars.slice(0, PUSH_TEXT_LENGTH - 1).join('').trimEnd()}…` : chars.join('');
}

/** The recipient's language and the sender as the recipient sees them, with the recipient's badge totals. */
async function context(db: Db, recipientId: number, senderId: number, cdnPrefix: string) {
  const [recipient] = await db.select({ language: users.language, paidUser: users.paidUser }).from(users).where(eq(users.id, recipientId));
  if (!recipient) return null;
  const [card] = await cardsOf(db, [senderId], { id: recipientId, paidUser: recipient.paidUser }, cdnPrefix);
  if (!card) return null;
  const [unread, newLikes] = await Promise.all([totalUnread(db, recipientId), totalNewLikes(db, recipientId)]);
  return {
    language: recipient.language,
    sender: { id: card.id, name: card.name, thumb_url: card.photo?.thumb_url ?? null },
    totals: { unread, new_likes: newLikes },
  };
}

/** The payload of a push for `message` to `recipientId`; null when either member is gone. */
export async function messagePayload(db: Db, cdnPrefix: string, message: Message, recipientId: number): Promise<PushPayload | null> {
  const c = await context(db, recipientId, message.sender_id, cdnPrefix);
  if (!c) return null;
  return {
    kind: 'message',
    conversation_id: message.conversation_id,
    sender: c.sender,
    title: serverText(c.language, 'push', 'message.title', { name: c.sender.name }),
    body: pushText(message.text),
    url: `/chats/${message.sender_id}`,
    totals: c.totals,
  };
}

/** The payload of a push to `recipientId` that `likerId` likes them (`match`: and they liked `likerId` first). */
export async function likePayload(db: Db, cdnPrefix: string, likerId: number, recipientId: number, match: boolean): Promise<PushPayload | null> {
  const c = await context(db, recipientId, likerId, cdnPrefix);
  if (!c) return null;
  const kind = match ? 'match' : 'like';
  return {
    kind,
    profile_id: likerId,
    sender: c.sender,
    title: serverText(c.language, 'push', `${kind}.title`, { name: c.sender.name }),
    body: serverText(c.language, 'push', `${kind}.body`, { name: c.sender.name }),
    url: '/likes',
    totals: c.totals,
  };
}

/**
 * After a new message (not the replay of an id) has been committed: pushes it to the recipient, unless they are
 * reading that conversation live (PushService.isReadingLive). Returns at once; the push runs detached.
 */
export function notifyMessage({ db, push }: NoticeDeps, cdnPrefix: string, message: Message, recipientId: number): void {
  push.defer(async () => {
    if (!(await hasPushSubscription(db, recipientId))) return;
    if (await push.isReadingLive(recipientId, message.conversation_id)) return;
    const payload = await messagePayload(db, cdnPrefix, message, recipientId);
    // Topic: an undelivered push of this conversation is replaced by the newer one (RFC 8030 section 5.4).
    if (payload) await push.send(recipientId, payload, `c${message.conversation_id}`);
  });
}

/**
 * After a new like of `likedId` by `likerId` has been committed: `match` false pushes kind like to the liked
 * member; `match` true (the liked member had liked the liker first) pushes kind match to them instead. No push
 * when the liker's profile is not active, since the likes list would not show them. Returns at once.
 */
export function notifyLike({ db, push }: NoticeDeps, cdnPrefix: string, likerId: number, likedId: number, match: boolean): void {
  push.defer(async () => {
    if (!(await hasPushSubscription(db, likedId))) return;
    const [liker] = await db.select({ id: profiles.userId }).from(profiles).where(and(eq(profiles.userId, likerId), eq(profiles.status, 'active')));
    if (!liker) return;
    const payload = await likePayload(db, cdnPrefix, likerId, likedId, match);
    if (payload) await push.send(likedId, payload, `l${likerId}`);
  });
}
