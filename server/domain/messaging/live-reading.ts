// Which conversations a member is reading live (no push for a message the recipient is reading live).
// Kept in the database, not in one server instance's memory: the page's mark may reach one instance while the
// message is sent through another.
import { and, eq, gt, sql } from 'drizzle-orm';
import { READING_TTL_SECONDS } from '../../../contract/index.ts';
import type { Db } from '../../db/connect.ts';
import { conversationMembers, liveReading } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';

/**
 * Marks conversation `conversationId` as read live by `userId` for READING_TTL_SECONDS from now (a renewal moves
 * the end). Errors: 404 not_found when the member is not in that conversation.
 */
export async function markReading(db: Db, userId: number, conversationId: number): Promise<void> {
  const [member] = await db
    .select({ id: conversationMembers.userId })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));
  if (!member) throw new ApiError(404, 'not_found');
  const until = sql`now() + make_interval(secs => ${READING_TTL_SECONDS})`;
  await db
    .insert(liveReading)
    .values({ userId, conversationId, until })
    .onConflictDoUpdate({ target: [liveReading.userId, liveReading.conversationId], set: { until } });
}

/** Ends `userId`'s reading mark of `conversationId`, or of every conversation when it is omitted (page hidden). */
export async function stopReading(db: Db, userId: number, conversationId?: number): Promise<void> {
  await db
    .delete(liveReading)
    .where(
      and(
        eq(liveReading.userId, userId),
        conversationId === undefined ? undefined : eq(liveReading.conversationId, conversationId),
      ),
    );
}

/** Whether `userId` is reading `conversationId` live now (a mark that has not run out). */
export async function isReadingLive(db: Db, userId: number, conversationId: number): Promise<boolean> {
  const rows = await db
    .select({ id: liveReading.userId })
    .from(liveReading)
    .where(and(eq(liveReading.userId, userId), eq(liveReading.conversationId, conversationId), gt(liveReading.until, sql`now()`)))
    .limit(1);
  return rows.length > 0;
}
