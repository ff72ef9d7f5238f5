// Web Push: the browser's subscription (spec 7: POST /api/user.php?push=1) and the payload the server pushes.
import { z } from 'zod';
import { Text, isStorableText } from './common.ts';
import { Chat } from './chats.ts';
import { LikedBy } from './likes.ts';

/** base64url (RFC 4648 section 5) of exactly `bytes` bytes, with or without `=` padding. */
const base64url = (bytes: number) => {
  const chars = Math.ceil((bytes * 4) / 3);
  const pad = (4 - (chars % 4)) % 4;
  return z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}={0,${pad}}$`), `base64url of ${bytes} bytes`);
};

/**
 * POST /api/user.php?push=1: the browser's `PushSubscription.toJSON()` (W3C Push API). `endpoint` is the push
 * service URL (https; the server refuses other schemes except in tests); `keys.p256dh` is the browser's P-256 public
 * key (65 bytes, uncompressed point) and `keys.auth` its 16-byte auth secret, both base64url (RFC 8291).
 * `expirationTime` (ms since the epoch) is accepted and ignored: a push service that drops a subscription answers
 * 404/410 and the server removes it. The same endpoint again replaces its keys and moves it to the caller.
 * Answers `PushSubscribeResponse`. Errors: 400 bad_request, 403 authentication_required.
 */
export const PushSubscriptionRequest = z.object({
  endpoint: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .refine(isStorableText, 'contains a character that is not allowed'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
});
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequest>;

/** DELETE /api/user.php?push=1: removes the caller's subscription of that endpoint (none left is fine). */
export const PushUnsubscribeRequest = z.object({ endpoint: Text.min(1).max(2048) });
export type PushUnsubscribeRequest = z.infer<typeof PushUnsubscribeRequest>;

/** Answer of POST /api/user.php?push=1. */
export const PushSubscribeResponse = z.object({ subscribed: z.literal(true) });
export type PushSubscribeResponse = z.infer<typeof PushSubscribeResponse>;
/** Answer of DELETE /api/user.php?push=1. */
export const PushUnsubscribeResponse = z.object({ subscribed: z.literal(false) });
export type PushUnsubscribeResponse = z.infer<typeof PushUnsubscribeResponse>;

/** What a push is about: a new message, a new like, or a like that made a match. */
export const PushKind = z.enum(['message', 'like', 'match']);
export type PushKind = z.infer<typeof PushKind>;

/**
 * The payload of every Web Push the server sends (JSON, encrypted aes128gcm; push services take at most about
 * 4 KB, so it stays small: message text is cut to about 120 characters). `title` and `body` are already in the
 * recipient's language. `conversation_id` is set for a message, `profile_id` (the liker) for a like or match.
 * `url` is where a click leads: /chats/{sender id} for a message, /likes otherwise. `sender.thumb_url` is the
 * sender's first photo thumbnail (the notification icon), null without a photo. `totals` are the recipient's
 * unread messages and new likes after this event (spec 4: badge = their sum).
 *
 * What the service worker stores in the recipient's Dexie database before counting the badge: `chat`, the
 * recipient's chat list entry with the new message as `last_message` (left out when the payload would exceed
 * PUSH_PAYLOAD_MAX_BYTES with it, e.g. a long message), and for a like or match `liked_by`, the liker as the
 * recipient's likes list shows them. `recipient_id` is the member the push is for: a device where nobody or
 * another member is logged in stores nothing and shows only a generic notification.
 */
export const PushPayload = z.object({
  kind: PushKind,
  recipient_id: z.number().int(),
  conversation_id: z.number().int().optional(),
  profile_id: z.number().int().optional(),
  sender: z.object({ id: z.number().int(), name: z.string(), thumb_url: z.string().nullable() }),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  totals: z.object({ unread: z.number().int().nonnegative(), new_likes: z.number().int().nonnegative() }),
  chat: Chat.optional(),
  /** With `chat`: the seq of the message before its `last_message` in the conversation, null when that is the first. */
  previous_seq: z.number().int().nullable().optional(),
  liked_by: LikedBy.optional(),
});
export type PushPayload = z.infer<typeof PushPayload>;

/**
 * Bytes of JSON a push payload may have. Push services take 4,096 bytes of encrypted record (RFC 8291: about
 * 3,990 of plaintext); this leaves room for padding and a future field.
 */
export const PUSH_PAYLOAD_MAX_BYTES = 3_000;

/** Characters of a message's text a push carries at most (the rest is cut, with an ellipsis). */
export const PUSH_TEXT_LENGTH = 120;
