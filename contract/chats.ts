// Conversations and messages (spec 3: chat state; spec 7: chats, chat delete; DESIGN: sync protocol), and the rules
// of sending that the page (the composer) and the server (the send) both apply: cost, length, free conversations.
import { z } from 'zod';
import { Id, QueryId, QueryCursor, Text } from './common.ts';
import { GiftId } from './gifts.ts';
import { MemberCard } from './members.ts';
import type { Settings } from './settings.ts';
import type { User } from './user.ts';

/**
 * The most characters (UTF-16 code units, after trimming) the contract lets one message have: SendMessageRequest
 * refuses more with 400 bad_request. A site's own limit (spec 3 settings message_length; the spec gives no value, the
 * seeded sites have 1000) counts up to it: messageLengthLimit.
 */
export const MESSAGE_MAX_LENGTH = 2000;

/** Spec 3 settings message_length: the most characters one message may have on the site, at most MESSAGE_MAX_LENGTH. */
export function messageLengthLimit(settings: Pick<Settings, 'message_length'>): number {
  return Math.min(settings.message_length, MESSAGE_MAX_LENGTH);
}

/** What a message carries: a text, a gift of the catalogue or a photo. */
export type MessageKind = 'text' | 'gift' | 'photo';

/**
 * Spec 1, 3, 9: the credits one message of `kind` costs a sender from `country` (ISO code; undefined: unknown). A text
 * costs message_credits, at least the country's minimum (minimum_message_costs); a gift gift_credits; a photo
 * photo_credits. The composer shows it, the send debits it.
 */
export function messageCost(
  settings: Pick<Settings, 'message_credits' | 'minimum_message_costs' | 'gift_credits' | 'photo_credits'>,
  country: string | undefined,
  kind: MessageKind,
): number {
  if (kind === 'gift') return settings.gift_credits;
  if (kind === 'photo') return settings.photo_credits;
  const minimum = country === undefined ? undefined : settings.minimum_message_costs[country]?.costs;
  return Math.max(settings.message_credits, minimum ?? 0);
}

/**
 * Spec 1, 6, 9: whether `member` may start a new conversation. Free members may open `free_conversations` (a site
 * setting, 2 on the seeded sites) of them, counting those they started (`conversations_started`); premium members
 * (paid_user) any number. Replying in a conversation someone else started is always allowed: it starts none.
 */
export function mayStartConversation(
  member: Pick<User, 'paid_user' | 'conversations_started'>,
  settings: Pick<Settings, 'free_conversations'>,
): boolean {
  return member.paid_user || member.conversations_started < settings.free_conversations;
}

/**
 * The photo of a photo message (spec 3 photo_credits), as the viewer may see it (spec 1, 6: premium members and the
 * sender see it; for a free recipient it is `locked`: the URLs are those of the blurred copy, shown with a lock).
 * URLs under the site's cdn_prefix.
 */
export const MessagePhoto = z.object({ url: z.string(), thumb_url: z.string(), locked: z.boolean() });
export type MessagePhoto = z.infer<typeof MessagePhoto>;

/**
 * A message. `id` is the client-generated UUIDv7 (the idempotency key of the send); `seq` orders a conversation.
 * `gift` is the catalogue id of a gift message (POST /api/gift.php; its `text` is then empty), null for text; an
 * answer without it (a server from before gifts, during a rolling deploy) reads as null. `photo` likewise for a photo
 * message (POST /api/chat-photo.php, `text` empty).
 */
export const Message = z.object({
  id: z.uuid(),
  conversation_id: z.number().int(),
  sender_id: z.number().int(),
  text: z.string(),
  gift: GiftId.nullable().default(null),
  photo: MessagePhoto.nullable().default(null),
  created_at: z.string(),
  seq: z.number().int(),
  /** Read by the recipient. */
  read: z.boolean(),
});
export type Message = z.infer<typeof Message>;

/**
 * One entry of the chat list (spec 3): the conversation, the other member and the unread count.
 * `peer_read_seq` is the highest seq of the caller's own messages the other member has read (0: none), so
 * a client marks its sent messages read without refetching them.
 */
export const Chat = z.object({
  conversation: z.object({ id: z.number().int(), last_message_at: z.string().nullable() }),
  profile: MemberCard,
  num_unread_messages: z.number().int(),
  last_message: Message.nullable(),
  peer_read_seq: z.number().int(),
});
export type Chat = z.infer<typeof Chat>;

/** GET /api/chats.php (spec 7): field chats, newest conversation first, plus the unread total. */
export const ChatsResponse = z.object({ chats: z.array(Chat), total_unread: z.number().int() });
export type ChatsResponse = z.infer<typeof ChatsResponse>;

/** DELETE /api/chat.php (spec 7): hides the conversation for the caller. Errors: not_found. */
export const DeleteChatRequest = z.object({ conversation: z.object({ id: Id }) });
export const DeleteChatResponse = z.object({ deleted: z.literal(true) });

/**
 * GET /api/messages.php?profile=ID[&before=SEQ][&limit=N]: a page of the conversation with that member,
 * newest page first, returned oldest-to-newest. `before` is a keyset cursor (a seq), never an offset.
 * `next_before` is the cursor of the next older page, or null at the start. Errors: not_found, blocked.
 */
export const MessagesQuery = z.object({
  profile: QueryId,
  before: QueryCursor.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type MessagesQuery = z.infer<typeof MessagesQuery>;
export const MessagesResponse = z.object({
  conversation_id: z.number().int().nullable(),
  messages: z.array(Message),
  next_before: z.number().int().nullable(),
});
export type MessagesResponse = z.infer<typeof MessagesResponse>;

/**
 * POST /api/message.php: send a message to a member. `id` is a client UUIDv7: the same id again is the
 * same message, one debit, the same answer. Costs messageCost credits, free for nobody (spec 1, 9). `text` is trimmed,
 * 1 to messageLengthLimit characters. Errors: 400 bad_request (fields.text: empty, over MESSAGE_MAX_LENGTH or the
 * site's message_length), not_enough_credits (402), premium_only (403, a new conversation mayStartConversation
 * refuses), blocked (403), not_found, conflict (id reused by another sender or text).
 */
export const SendMessageRequest = z.object({
  id: z.uuid({ version: 'v7' }),
  profile: Id,
  text: Text.trim().min(1).max(MESSAGE_MAX_LENGTH),
});
export type SendMessageRequest = z.infer<typeof SendMessageRequest>;
/** `credits` is the sender's balance after the send; `cost` what this message cost. */
export const SendMessageResponse = z.object({ message: Message, credits: z.number().int(), cost: z.number().int() });
export type SendMessageResponse = z.infer<typeof SendMessageResponse>;

/**
 * POST /api/chat-photo.php (multipart/form-data): sends a photo to member `profile` in the conversation (spec 3:
 * costs settings.photo_credits credits). The text fields `id` (a client UUIDv7, the idempotency key shared with
 * messages: ledger key `message:<id>`, the same id again is the same photo, one debit, the same answer) and `profile`
 * come before the one file field (JPEG, PNG, WebP, GIF, AVIF, HEIF or TIFF, judged by content, at most 10 MB; decoded
 * and re-encoded, EXIF and GPS gone). Answers SendMessageResponse. Errors: 400 bad_request (fields.id, fields.profile,
 * fields.photo: no file, not an image, too large), 413 too large, 415 not multipart, and those of a message send:
 * 402 not_enough_credits, 403 premium_only, 403 blocked, 404 not_found, 409 conflict (the id is another message).
 */
export const SendPhotoFields = z.object({ id: z.uuid({ version: 'v7' }), profile: QueryId });
export type SendPhotoFields = z.infer<typeof SendPhotoFields>;

/** POST /api/chat-read.php: opening a chat sets its unread count to 0 (spec 4). */
export const ReadChatRequest = z.object({ conversation: z.object({ id: Id }) });
export const ReadChatResponse = z.object({ total_unread: z.number().int() });
