// Premium membership (spec 1 "Buying any bundle makes the user a premium member", 4 "Membership", 6): the one rule
// of what makes a member premium, applied by the ledger's write and by the reply-rate measurement.
import { sql, type SQL } from 'drizzle-orm';
import { creditLedger } from '../../db/schema.ts';

/** Why a balance moved: the `reason` of a ledger row. */
export const LEDGER_REASONS = ['signup', 'purchase', 'refund', 'message', 'seed'] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/**
 * Spec 1, 4 "Membership": whether a ledger movement of `reason` makes the member premium (paid_user). The first
 * purchase of a credit bundle does (a later one finds the member premium already); nothing else does, and nothing
 * ends it: premium stays at zero credits and after a refund.
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
 * ledger row of such a reason at or before it. For measurements over the past, when paid_user tells only the present.
 */
export function premiumAt(userId: SQL, at: SQL): SQL {
  const reasons = sql.join(
    PREMIUM_REASONS.map((r) => sql`${r}`),
    sql`, `,
  );
  return sql`exists (select 1 from ${creditLedger} l where l.user_id = ${userId} and l.reason in (${reasons}) and l.created_at <= ${at})`;
}
