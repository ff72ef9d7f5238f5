// Premium membership (spec 1 "Buying any bundle makes the user a premium member", 4 "Membership", 6): the one rule
// of what makes a member premium, applied by the ledger's write, by a refund, and by the reply-rate measurement.
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/connect.ts';
import { creditLedger, users } from '../../db/schema.ts';

/** Why a balance moved: the `reason` of a ledger row. */
/** `goodwill`: credits support granted (server/domain/support/goodwill.ts); free credits, spent first. */
export const LEDGER_REASONS = ['signup', 'purchase', 'refund', 'message', 'seed', 'goodwill'] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/**
 * Spec 1, 4 "Membership": whether a ledger movement of `reason` makes the member premium (paid_user). The first
 * purchase of a credit bundle does (a later one finds the member premium already); nothing else does. Premium stays
 * at zero credits and after a partial refund; it ends only when every purchase has been fully refunded
 * (endPremiumIfAllRefunded: bought credits given back for nothing do not buy premium).
 */
export function becomesPremium(reason: LedgerReason): boolean {
  return reason === 'purchase';
}

/**
 * How a ledger movement of `reason` and `delta` credits changes the bought, unspent part of the balance before the
 * balance's own bound is applied (docs/payments.md "Refunds": free credits are spent first): a purchase adds its
 * credits, a refund takes back bought credits, anything else leaves it (a debit lowers it only below the free part).
 */
export function boughtDelta(reason: LedgerReason, delta: number): number {
  return reason === 'purchase' || reason === 'refund' ? delta : 0;
}

const PREMIUM_REASONS = LEDGER_REASONS.filter(becomesPremium);

/**
 * SQL condition: member `userId` (an SQL expression) was premium at `at` (an SQL timestamp), by becomesPremium: a
 * ledger row of such a reason (a purchase, key `payment:<id>`) at or before it that was not fully refunded by then
 * (no refund row `refund:<id>` at or before it giving back all its credits). So a fully refunded purchase counts
 * from its time until its refund, a partially refunded one from its time on. For measurements over the past, when
 * paid_user tells only the present; with `at` now() it is the present rule (endPremiumIfAllRefunded).
 */
export function premiumAt(userId: SQL, at: SQL): SQL {
  const reasons = sql.join(
    PREMIUM_REASONS.map((r) => sql`${r}`),
    sql`, `,
  );
  return sql`exists (select 1 from ${creditLedger} l where l.user_id = ${userId} and l.reason in (${reasons}) and l.created_at <= ${at}
    and not exists (select 1 from ${creditLedger} r where r.idempotency_key = 'refund:' || substr(l.idempotency_key, length('payment:') + 1)
      and r.user_id = l.user_id and r.created_at <= ${at} and r.delta = -l.delta))`;
}

/**
 * Spec 1, 4 "Membership": ends the premium of member `userId` when none of their purchases is left standing (each
 * fully refunded: premiumAt now), in the refund's transaction `tx`, after its ledger row; a partial refund keeps it.
 * Answers whether it ended. The caller's transaction records the member's 'user' change (the client relocks photos).
 */
export async function endPremiumIfAllRefunded(tx: Tx, userId: number): Promise<boolean> {
  const ended = await tx
    .update(users)
    .set({ paidUser: false })
    .where(sql`${users.id} = ${userId} and ${users.paidUser} and not ${premiumAt(sql`${userId}`, sql`now()`)}`)
    .returning({ id: users.id });
  return ended.length > 0;
}
