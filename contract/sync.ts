// The delta call of the sync protocol (DESIGN: sync protocol): what changed for the caller after a cursor.
import { z } from 'zod';
import { QueryCursor } from './common.ts';
import { Chat, Message } from './chats.ts';
import { LikedBy } from './likes.ts';
import { MemberCard } from './members.ts';
import { User } from './user.ts';

/**
 * GET /api/sync.php?since=CURSOR. `since` is the `cursor` of the previous answer; without it the answer is a
 * bounded snapshot. Send the previous answer's ETag as If-None-Match: nothing changed answers 304 with no body.
 */
export const SyncQuery = z.object({ since: QueryCursor.optional() });
export type SyncQuery = z.infer<typeof SyncQuery>;

export { DELTA_LIMIT, SNAPSHOT_MESSAGES } from './sync-limits.ts';

/**
 * The answer. Upserts are keyed by id (conversation id, message id, profile id) and may repeat what the
 * client already has, so applying an answer twice is harmless.
 * - `snapshot`: true when this is a full picture (no `since`): the client replaces chats and likes with it.
 * - `user`: the caller when their account changed (credits, premium) or in a snapshot; otherwise null.
 * - `chats` / `removed_chats`: chat entries to upsert, and conversation ids that left the list (deleted
 *   by the caller, or the other member blocked the caller).
 * - `messages`: new or changed messages, by ascending seq. A snapshot carries the newest SNAPSHOT_MESSAGES of
 *   each chat.
 * - `likes` / `removed_likes`: members the caller liked, upserted or gone (ids); `liked_by` / `removed_liked_by`
 *   the same for members who liked the caller.
 * - `total_unread`, `total_new`: the badge totals now (spec 4: badge = unread messages + new likes).
 * - `cursor`: pass it as `since` next time; `more`: changes remain beyond DELTA_LIMIT, call again at once.
 */
export const SyncResponse = z.object({
  cursor: z.number().int().nonnegative(),
  snapshot: z.boolean(),
  more: z.boolean(),
  user: User.nullable(),
  chats: z.array(Chat),
  removed_chats: z.array(z.number().int()),
  messages: z.array(Message),
  likes: z.array(MemberCard),
  removed_likes: z.array(z.number().int()),
  liked_by: z.array(LikedBy),
  removed_liked_by: z.array(z.number().int()),
  total_unread: z.number().int(),
  total_new: z.number().int(),
});
export type SyncResponse = z.infer<typeof SyncResponse>;
