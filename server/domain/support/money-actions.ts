// Support's money actions (docs/operations.md "Support"): a member's refund made for them, by the member's own rules
// and function, and goodwill credits through the ledger's one write. Each is one transaction with its audit row, and a
// repeat (two clicks, two staff members at once) does nothing more.
import { and, eq } from 'drizzle-orm';
import type { OpsPayment } from '../../../contract/ops-support.ts';
import type { ServerContext } from '../../context.ts';
import type { Db, Tx } from '../../db/connect.ts';
import { creditLedger, payments, users } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { applyCredits } from '../money/credits-ledger.ts';
import { refundPayment } from '../money/payments.ts';
import { audit, type Actor } from '../staff/audit.ts';
import { recordChanges } from '../sync/changes.ts';
import { memberAndSite, toOpsPayment } from './member-lookup.ts';

/**
 * Refunds payment `paymentId` of member `id` as the member's own refund does (payments.ts refundPayment: the site's
 * refund_days, refundShare's unused bought credits and their share of the amount, the credit note, the `refund` job
 * that reaches the provider), audited `support.refund` in the same transaction. The payment's row is locked first, so
 * a repeat waits and then finds it refunded: it answers the payment with `repeated` and changes nothing (the provider
 * is called once). Errors: 404 not_found, 409 conflict (not completed), 409 refund_expired, 409 nothing_to_refund.
 */
export async function supportRefund(
  ctx: Pick<ServerContext, 'db' | 'jobs' | 'config' | 'sites'>,
  actor: Actor,
  { id, paymentId }: { id: number; paymentId: string },
): Promise<{ payment: OpsPayment; repeated: boolean }> {
  const { user, site } = await memberAndSite(ctx.db, ctx.sites.all, id);
  const refundDays = site.settings.refund_days;
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.userId, id)))
      .for('update');
    if (!before) throw new ApiError(404, 'not_found');
    const bought = async () => (await tx.select({ b: users.boughtCredits }).from(users).where(eq(users.id, id)))[0].b;
    if (before.status === 'refunded') return { payment: toOpsPayment(before, await bought(), refundDays), repeated: true };
    // The member's own refund, as a savepoint of this transaction (its row lock is this transaction's already).
    await refundPayment({ ...ctx, db: tx as unknown as Db }, user, { id: paymentId, refundDays });
    const [after] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    await audit(tx, actor, {
      action: 'support.refund',
      targetKind: 'payment',
      targetId: paymentId,
      before: { status: before.status, member: id },
      after: {
        status: after.status,
        refunded_credits: after.refundedCredits,
        refunded_amount: after.refundedAmount,
        currency: after.currency,
      },
    });
    return { payment: toOpsPayment(after, await bought(), refundDays), repeated: false };
  });
}

/**
 * Grants member `id` `credits` goodwill credits (1 to GOODWILL_MAX, checked by the contract) through the ledger's one
 * write (reason `goodwill`, key `goodwill:<key>`: free credits, spent first), audited `support.goodwill` with
 * `reason`. The member's row is locked before the key is looked up, so a repeat of `key` waits and then answers the
 * balance with `repeated` and grants nothing. Errors: 404 not_found.
 */
export async function grantGoodwill(
  db: Db,
  actor: Actor,
  { id, credits, reason, key }: { id: number; credits: number; reason: string; key: string },
): Promise<{ credits: number; repeated: boolean }> {
  const ledgerKey = `goodwill:${key}`;
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, id)).for('no key update');
    if (!user) throw new ApiError(404, 'not_found');
    const [done] = await tx.select({ id: creditLedger.id }).from(creditLedger).where(eq(creditLedger.idempotencyKey, ledgerKey));
    if (done) return { credits: user.credits, repeated: true };
    const balance = await applyCredits(tx as Tx, id, { delta: credits, reason: 'goodwill', idempotencyKey: ledgerKey });
    await recordChanges(tx as Tx, [{ userId: id, kind: 'user', entityId: id }]);
    await audit(tx, actor, {
      action: 'support.goodwill',
      targetKind: 'member',
      targetId: id,
      before: { credits: user.credits },
      after: { credits: balance, granted: credits, reason, key },
    });
    return { credits: balance, repeated: false };
  });
}
