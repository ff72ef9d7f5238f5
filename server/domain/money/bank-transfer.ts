// Bank transfer (docs/payments.md "Bank transfer"): no hosted checkout to come back from; the provider answers the
// account, reference and amount to transfer at once (Adyen `POST /payments`, bankTransfer_IBAN, PresentToShopper),
// the member sees them, and the payment stays pending until the AUTHORISATION webhook says the money arrived.
import { eq } from 'drizzle-orm';
import type { CreatePaymentResponse } from '../../../contract/index.ts';
import { payments } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import type { Db } from '../../db/connect.ts';
import type { PaymentProvider } from '../../services/payment-provider.ts';
import { shopperReference, toPayment, type PaymentRow } from './payment-rows.ts';

/**
 * Asks `provider` how pending bank-transfer payment `row` is to be paid (reference and idempotency key: the
 * payment id) and keeps the answer in `payments.transfer_instructions` with the provider's reference; a row that has
 * them answers them again without asking. `redirect_url` is the payment's own page (/credits/{bundle}/banktransfer
 * ?payment=), which shows them. Errors: 502 payment_unavailable (the provider failed or gave no instructions; the
 * same id may be retried).
 */
export async function startBankTransfer(
  db: Db,
  provider: PaymentProvider,
  publicUrl: string,
  row: PaymentRow,
): Promise<CreatePaymentResponse> {
  // The return page of every payment: it shows the instructions while the payment is pending.
  const redirect_url = `${publicUrl}/credits/${row.bundleId}/banktransfer?payment=${row.id}`;
  if (row.transferInstructions) return { payment: toPayment(row), redirect_url };
  let answer;
  try {
    answer = await provider.bankTransfer({
      reference: row.id,
      amount: row.amount,
      currency: row.currency,
      country: row.country,
      shopperReference: shopperReference(row.userId),
      returnUrl: redirect_url,
    });
  } catch {
    throw new ApiError(502, 'payment_unavailable');
  }
  const { beneficiary, ...rest } = answer.instructions;
  const [saved] = await db
    .update(payments)
    .set({
      transferInstructions: { ...rest, holder: beneficiary },
      pspReference: row.pspReference ?? answer.pspReference,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, row.id))
    .returning();
  return { payment: toPayment(saved), redirect_url };
}
