// The delta call of the sync protocol (DESIGN: sync protocol): a snapshot, or what changed after a cursor.
import { and, asc, desc, eq, gt, inArray, max, sql } from 'drizzle-orm';
import { DELTA_LIMIT, SNAPSHOT_MESSAGES, type Message, type SyncResponse } from '../../../contract/index.ts';
import type { Db } from '../../db/connect.ts';
import { prepared } from '../../db/prepared.ts';
import { conversationMembers, conversations, messages, syncChanges, users, type ChangeKind } from '../../db/schema.ts';
import { toUser } from '../accounts/accounts.ts';
import { likedByCards, likedCards, likesOf, totalNewLikes } from '../discovery/likes.ts';
import { chatList, totalUnread, visibleChatOf } from '../messaging/messaging.ts';
import { toMessage } from '../messaging/presenters.ts';
import type { Viewer } from '../types.ts';
import type { MemberCache } from '../../cache/member-cache.ts';

/** The ETag (strong, quoted) of a user's change log at `seq`: `"s<userId>-<seq>"`. */
export const syncEtag = (userId: number, seq: number) => `"s${userId}-${seq}"`;

/** True when an If-None-Match header value (one tag or a comma-separated list; `W/` prefixes ignored) names `etag`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** What reading a change log's head needs: the database and the head cache. */
export interface HeadContext {
  db: Db;
  caches: { heads: MemberCache<number> };
}

/**
 * The highest seq of `userId`'s change log, 0 when empty, read from the database (and kept in the head cache).
 * `fromCache`: from the head cache when it holds it, only for the conditional sync's 304 check (a head cached just
 * before a change's NOTIFY arrives could be a moment old, which there costs one more sync after the stream's wake-up;
 * everything that reads the log after it asks the database).
 */
export async function maxChangeSeq({ db, caches }: HeadContext, userId: number, fromCache = false): Promise<number> {
  // Prepared: the conditional sync (304) and every live-channel wake-up run it.
  const read = async () => {
    const [row] = await prepared(db, 'max_change_seq', (d) =>
      d
        .select({ seq: max(syncChanges.seq) })
        .from(syncChanges)
        .where(eq(syncChanges.userId, sql.placeholder('userId')))
        .prepare('max_change_seq'),
    ).execute({ userId });
    return Number(row?.seq ?? 0);
  };
  return fromCache ? caches.heads.get(userId, read) : caches.heads.load(userId, read);
}

/** The account row of `userId` as it is now (the user call's data must not predate the cursor). */
async function userNow(db: Db, userId: number) {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  return u;
}

/** The newest `perChat` messages of each conversation of `ids` as `viewer` sees them, by ascending seq overall (one lateral-join query). */
async function recentMessages(db: Db, viewer: Viewer, { ids, perChat }: { ids: number[]; perChat: number }): Promise<Message[]> {
  if (ids.length === 0) return [];
  const recent = db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversations.id))
    .orderBy(desc(messages.seq))
    .limit(perChat)
    .as('recent');
  const rows = await db
    .select()
    .from(conversations)
    .crossJoinLateral(recent)
    .where(inArray(conversations.id, ids))
    .orderBy(asc(recent.seq));
  return rows.map((r) => toMessage(r.recent, viewer, viewer.cdnPrefix));
}

/** Messages of seqs `seqs` that `userId` may see now (own conversation, listed, not blocked by the other), by ascending seq. */
async function visibleMessages(db: Db, viewer: Viewer, seqs: number[]): Promise<Message[]> {
  if (seqs.length === 0) return [];
  const rows = await db
    .select({ m: messages })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(conversationMembers, eq(conversationMembers.conversationId, messages.conversationId))
    .where(and(inArray(messages.seq, seqs), visibleChatOf(viewer.id)))
    .orderBy(asc(messages.seq));
  return rows.map((r) => toMessage(r.m, viewer, viewer.cdnPrefix));
}

/**
 * The full picture for `userId` (no `since`, or a cursor this database never gave): the user, every listed chat,
 * the newest SNAPSHOT_MESSAGES messages of each, both like lists and the totals. `cursor` is the log's max seq
 * read BEFORE any data, so a change made meanwhile is sent again next time, never skipped.
 */
async function syncSnapshot(db: Db, viewer: Viewer, cursor: number): Promise<SyncResponse> {
  const { chats, total_unread } = await chatList(db, viewer);
  const liked = await likesOf(db, viewer);
  return {
    cursor,
    snapshot: true,
    more: false,
    user: await toUser(db, await userNow(db, viewer.id)),
    chats,
    removed_chats: [],
    messages: await recentMessages(db, viewer, { ids: chats.map((c) => c.conversation.id), perChat: SNAPSHOT_MESSAGES }),
    likes: liked.profiles,
    removed_likes: [],
    liked_by: liked.liked_by,
    removed_liked_by: [],
    total_unread,
    total_new: liked.total_new,
  };
}

/**
 * What changed for `viewer` after `since`: the first `limit` change-log rows with seq > since (by seq), turned
 * into entries from the CURRENT state. Touched chats still listed are upserted, others (hidden, blocked by the
 * other member) go to removed_chats; touched messages come when their chat is listed; touched likes / liked_by
 * come as cards while listable (active profile, no block), else as removed ids; `user` only when touched.
 * `cursor` is the last seq covered (or `since`); `more` says rows remain beyond `limit`.
 */
export async function syncDelta(db: Db, viewer: Viewer, since: number, limit = DELTA_LIMIT): Promise<SyncResponse> {
  const rows = await db
    .select({ kind: syncChanges.kind, entityId: syncChanges.entityId, seq: syncChanges.seq })
    .from(syncChanges)
    .where(and(eq(syncChanges.userId, viewer.id), gt(syncChanges.seq, since)))
    .orderBy(asc(syncChanges.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const of = (kind: ChangeKind) => page.filter((r) => r.kind === kind).map((r) => r.entityId);
  const [chatIds, seqs, likeIds, likedByIds] = [of('chat'), of('message'), of('like'), of('liked_by')];
  const { chats } = await chatList(db, viewer, chatIds);
  const likes = await likedCards(db, viewer, likeIds);
  const likedBy = await likedByCards(db, viewer, likedByIds);
  const gone = (ids: number[], kept: number[]) => ids.filter((id) => !kept.includes(id));
  return {
    cursor: page.at(-1)?.seq ?? since,
    snapshot: false,
    more: rows.length > limit,
    user: of('user').length ? await toUser(db, await userNow(db, viewer.id)) : null,
    chats,
    removed_chats: gone(
      chatIds,
      chats.map((c) => c.conversation.id),
    ),
    messages: await visibleMessages(db, viewer, seqs),
    likes,
    removed_likes: gone(
      likeIds,
      likes.map((c) => c.id),
    ),
    liked_by: likedBy,
    removed_liked_by: gone(
      likedByIds,
      likedBy.map((c) => c.id),
    ),
    total_unread: await totalUnread(db, viewer.id),
    total_new: await totalNewLikes(db, viewer.id),
  };
}

/**
 * GET /api/sync.php for `viewer`. The ETag is `"s<userId>-<max seq>"`: when `ifNoneMatch` names the current one
 * and the client is not behind it (`since` absent or equal to the max seq), answers `body: null` (304).
 * Otherwise a snapshot when `since` is absent or beyond the log (a cursor from another database), else a delta of at
 * most `limit` (DELTA_LIMIT) changes. The answer's `etag` is that of its `cursor`, so a page with `more` never earns a
 * 304 on the next call.
 */
export async function readSync(
  ctx: HeadContext,
  viewer: Viewer,
  { since, ifNoneMatch, limit = DELTA_LIMIT }: { since: number | undefined; ifNoneMatch?: string; limit?: number },
): Promise<{ etag: string; body: SyncResponse | null }> {
  const { db } = ctx;
  const maxSeq = await maxChangeSeq(ctx, viewer.id);
  const current = syncEtag(viewer.id, maxSeq);
  if (etagMatches(ifNoneMatch, current) && (since === undefined || since === maxSeq)) return { etag: current, body: null };
  const body =
    since === undefined || since > maxSeq ? await syncSnapshot(db, viewer, maxSeq) : await syncDelta(db, viewer, since, limit);
  return { etag: syncEtag(viewer.id, body.cursor), body };
}
