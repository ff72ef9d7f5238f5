// Conversations and messages (spec 3: chat state; spec 7: chats, chat delete; DESIGN: sync protocol).
import { z } from 'zod';
import { Id, QueryId, QueryCursor, Text } from './common.ts';
import { GiftId } from './gifts.ts';
import { MemberCard } from './members.ts';

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
 * same message, one debit, the same answer. Costs max(message_credits, the country's minimum) credits,
 * free for nobody (spec 1, 9). Errors: not_enough_credits (402), premium_only (403, a free member's
 * third new conversation), blocked (403), not_found, conflict (id reused by another sender or text).
 */
export const SendMessageRequest = z.object({
  id: z.uuid({ version: 'v7' }),
  profile: Id,
  text: Text.trim().min(1),
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
