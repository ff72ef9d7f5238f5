// Member restrictions (docs/operations.md "Moderation"): a member's history as moderators see it, and the access
// check of sign-in: an active ban or suspension refuses it. A suspension ends by itself at `ends_at`.
import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Restriction } from '../../../contract/ops-moderation.ts';
import type { Db, Tx } from '../../db/connect.ts';
import { memberRestrictions } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';

type RestrictionRow = typeof memberRestrictions.$inferSelect;

/** True when `row` is a suspension or ban in force at `now` (not lifted, not past its end). */
export function isActive(row: Pick<RestrictionRow, 'kind' | 'endsAt' | 'liftedAt'>, now = new Date()): boolean {
  if (row.kind !== 'suspension' && row.kind !== 'ban') return false;
  return !row.liftedAt && (!row.endsAt || row.endsAt > now);
}

/** A restriction row as the contract answers it. */
export const toRestriction = (r: RestrictionRow, now = new Date()): Restriction => ({
  id: r.id,
  kind: r.kind,
  ground: r.ground,
  detail: r.detail,
  complaint_id: r.complaintId,
  staff_id: r.staffId,
  created_at: r.createdAt.toISOString(),
  ends_at: r.endsAt?.toISOString() ?? null,
  lifted_at: r.liftedAt?.toISOString() ?? null,
  active: isActive(r, now),
});

/** Every restriction of member `userId`, newest first. */
export async function restrictionsOf(db: Db | Tx, userId: number): Promise<Restriction[]> {
  const rows = await db
    .select()
    .from(memberRestrictions)
    .where(eq(memberRestrictions.userId, userId))
    .orderBy(desc(memberRestrictions.createdAt), desc(memberRestrictions.id));
  const now = new Date();
  return rows.map((r) => toRestriction(r, now));
}

/**
 * Refuses access to member `userId` while a ban or suspension is in force (sign-in, the password reset's sign-in):
 * throws ApiError 403 account_banned, or 403 account_suspended with `params.until` (ISO time the suspension ends;
 * the longest when several overlap). No restriction: returns.
 */
export async function refuseRestricted(db: Db, userId: number, now = new Date()): Promise<void> {
  const rows = await db
    .select({ kind: memberRestrictions.kind, endsAt: memberRestrictions.endsAt })
    .from(memberRestrictions)
    .where(
      and(
        eq(memberRestrictions.userId, userId),
        inArray(memberRestrictions.kind, ['suspension', 'ban']),
        isNull(memberRestrictions.liftedAt),
        or(isNull(memberRestrictions.endsAt), gt(memberRestrictions.endsAt, now)),
      ),
    );
  if (rows.length === 0) return;
  if (rows.some((r) => r.kind === 'ban' || !r.endsAt)) throw new ApiError(403, 'account_banned');
  const until = new Date(Math.max(...rows.map((r) => r.endsAt!.getTime())));
  throw new ApiError(403, 'account_suspended', { until: until.toISOString() });
}
