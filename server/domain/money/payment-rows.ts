// How payments look outside: the contract's Payment of a row, and the member's name at the provider. Shared by every
// way of paying (payments.ts, bank-transfer.ts, direct-debit.ts, stored-cards.ts) and the data export.
import type { Payment } from '../../../contract/index.ts';
import type { payments } from '../../db/schema.ts';

/** A payments row as Drizzle reads it. */
export type PaymentRow = typeof payments.$inferSelect;

/** The member as the provider knows them (Adyen shopperReference: stored cards belong to it). */
export const shopperReference = (userId: number) => `member-${userId}`;

/** A payment row as the contract's Payment. */
export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    bundle_id: row.bundleId,
    credits: row.credits,
    amount: row.amount,
    fee: row.fee,
    currency: row.currency as Payment['currency'],
    method: row.method as Payment['method'],
    status: row.status,
    refunded_credits: row.refundedCredits,
    refunded_amount: row.refundedAmount,
    discount: row.discount,
    discount_code: row.discountCode,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...(row.transferInstructions ? { transfer_instructions: transferInstructionsOf(row) } : {}),
  };
}

/** The contract's transfer instructions of a payment row, undefined when it has none. */
function transferInstructionsOf(row: PaymentRow): Payment['transfer_instructions'] {
  const t = row.transferInstructions;
  if (!t) return undefined;
  return {
    iban: t.iban,
    bic: t.bic,
    beneficiary: t.holder,
    reference: t.reference,
    amount: t.amount,
    currency: t.currency as NonNullable<Payment['transfer_instructions']>['currency'],
  };
}
