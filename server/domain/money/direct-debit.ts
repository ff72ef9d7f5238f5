// SEPA direct debit (spec 4 "Direct-debit flow", spec 5, 8; /directdebit): the member fills the mandate form, a code
// goes by SMS to the mobile number, the code confirms the order and the debit goes to the provider; the payment then
// settles like any other (server/domain/money/payments.ts: the webhook completes it, credits once).
import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { electronicFormatIBAN } from 'ibantools';
import {
  DIRECT_DEBIT_CODE_TRIES,
  formatMoney,
  type DirectDebitConfirmRequest,
  type DirectDebitRequest,
  type DirectDebitResponse,
  type PaymentResponse,
} from '../../../contract/index.ts';
import type { Db, Tx } from '../../db/connect.ts';
import { directDebits, payments, users } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import type { ServerContext } from '../../context.ts';
import { serverText } from '../../texts.ts';
import { bundlesFor, DIRECT_DEBIT_DAYS, DIRECT_DEBIT_LIMIT, methodsFor } from './payment-catalog.ts';
import { discountForOrder, holdDiscount } from './discounts.ts';
import { completePayment, countryOf, paymentOf, settleUnpaid, shopperReference, toPayment } from './payments.ts';
import { hashToken } from '../accounts/sessions.ts';
import type { UserRow } from '../types.ts';

/** The number with all but its last 2 digits hidden ("•••••••78"). */
const phoneHint = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  return `${'•'.repeat(Math.max(digits.length - 2, 0))}${digits.slice(-2)}`;
};

/**
 * `user` orders bundle `req.bundle` of `site` by direct debit (POST /api/directdebit.php): checks the block and the limit, writes the
 * pending payment, the mandate and a code's hash, and the SMS job with the code, in one transaction. The same `req.id`
 * again answers the same order (no new code). `req.discount_code` comes off the price as on POST /api/payment.php.
 * Errors: those of discountForOrder (discount codes), 403 direct_debit_blocked, 400 bad_request (bundle, or no
 * direct debit in the payment country), 429 direct_debit_limit (over DIRECT_DEBIT_LIMIT in DIRECT_DEBIT_DAYS),
 * 409 conflict (the id is another payment).
 */
export async function orderDirectDebit(
  { db, jobs }: Pick<ServerContext, 'db' | 'jobs'>,
  user: UserRow,
  site: { name: string; messageCredits: number },
  req: DirectDebitRequest,
): Promise<DirectDebitResponse> {
  if (user.directDebitBlocked) throw new ApiError(403, 'direct_debit_blocked');
  const country = await countryOf(db, user.id);
  const bundle = bundlesFor(country, site.messageCredits).find((b) => b.id === req.bundle);
  if (!bundle) throw new ApiError(400, 'bad_request', {}, { bundle: 'not sold in your country' });
  if (!methodsFor(country).some((m) => m.id === 'sepadirectdebit'))
    throw new ApiError(400, 'bad_request', {}, { bundle: 'no direct debit in your country' });
  const [existing] = await db.select().from(payments).where(eq(payments.id, req.id));
  if (existing) {
    if (existing.userId !== user.id || existing.bundleId !== bundle.id || existing.method !== 'sepadirectdebit')
      throw new ApiError(409, 'conflict');
    return { payment: toPayment(existing), phone_hint: phoneHint(req.phone) };
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = await db.transaction(async (tx) => {
    // The member's row locked: two orders at once are counted one after the other against the limit.
    const [me] = await tx.select().from(users).where(eq(users.id, user.id)).for('no key update');
    const d = req.discount_code
      ? await discountForOrder(tx as Tx, me, { code: req.discount_code, bundle, method: 'sepadirectdebit', country })
      : null;
    const price = bundle.amount - (d?.discount ?? 0);
    const [{ total }] = await tx
      .select({ total: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
      .from(payments)
      .where(
        and(
          eq(payments.userId, user.id),
          eq(payments.method, 'sepadirectdebit'),
          inArray(payments.status, ['pending', 'completed']),
          gt(payments.createdAt, sql`now() - make_interval(days => ${DIRECT_DEBIT_DAYS}::int)`),
        ),
      );
    if (total + price > DIRECT_DEBIT_LIMIT[bundle.currency]) throw new ApiError(429, 'direct_debit_limit');
    const [payment] = await tx
      .insert(payments)
      .values({
        id: req.id,
        userId: user.id,
        bundleId: bundle.id,
        credits: bundle.credits,
        amount: price,
        fee: 0,
        currency: bundle.currency,
        country,
        method: 'sepadirectdebit',
        discount: d?.discount ?? 0,
        discountCode: d?.code ?? null,
      })
      .returning();
    if (d) await holdDiscount(tx as Tx, payment.id, user.id, d);
    await tx.insert(directDebits).values({
      paymentId: payment.id,
      holder: req.holder,
      iban: electronicFormatIBAN(req.iban)!,
      street: req.street,
      houseNumber: req.house_number,
      postalCode: req.postal_code,
      city: req.city,
      phone: req.phone,
      codeHash: hashToken(code),
    });
    const amount = formatMoney(price, bundle.currency, user.language);
    await jobs.enqueue(tx as Db, 'sms', {
      to: req.phone,
      text: serverText(user.language, 'payments', 'sms.code', { code, amount, site: site.name }),
    });
    return payment;
  });
  return { payment: toPayment(row), phone_hint: phoneHint(req.phone) };
}

/**
 * Confirms direct-debit order `req.id` of `user` with its SMS code (POST /api/directdebit-confirm.php) and sends the debit to
 * the provider (reference and idempotency key: the payment id, so a retry charges once). A confirmed order answers
 * its state again. Errors: 404 not_found, 400 code_invalid (each wrong code counts; the DIRECT_DEBIT_CODE_TRIES-th
 * cancels the order), 409 conflict (the order is no longer pending), 502 payment_unavailable.
 */
export async function confirmDirectDebit(
  { db, jobs, payments: { provider }, config: { publicUrl } }: Pick<ServerContext, 'db' | 'jobs' | 'payments' | 'config'>,
  user: UserRow,
  req: DirectDebitConfirmRequest,
): Promise<PaymentResponse> {
  const [row] = await db
    .select({ debit: directDebits, payment: payments })
    .from(directDebits)
    .innerJoin(payments, eq(payments.id, directDebits.paymentId))
    .where(and(eq(directDebits.paymentId, req.id), eq(payments.userId, user.id)));
  if (!row) throw new ApiError(404, 'not_found');
  if (row.debit.confirmedAt) return paymentOf({ db, jobs }, provider, user, { id: req.id });
  if (row.payment.status !== 'pending') throw new ApiError(409, 'conflict');
  const right = timingSafeEqual(Buffer.from(hashToken(req.code)), Buffer.from(row.debit.codeHash));
  if (!right) {
    const [{ attempts }] = await db
      .update(directDebits)
      .set({ attempts: sql`${directDebits.attempts} + 1` })
      .where(eq(directDebits.paymentId, req.id))
      .returning({ attempts: directDebits.attempts });
    if (attempts >= DIRECT_DEBIT_CODE_TRIES) await settleUnpaid(db, req.id, 'cancelled');
    throw new ApiError(400, 'code_invalid', {}, { code: 'code_invalid' });
  }
  let resultCode: string;
  try {
    resultCode = await provider.directDebit({
      reference: row.payment.id,
      amount: row.payment.amount,
      currency: row.payment.currency,
      holder: row.debit.holder,
      iban: row.debit.iban,
      shopperReference: shopperReference(user.id),
      country: row.payment.country,
      returnUrl: `${publicUrl}/directdebit?payment=${row.payment.id}`,
    });
  } catch {
    throw new ApiError(502, 'payment_unavailable');
  }
  await db.update(directDebits).set({ confirmedAt: new Date() }).where(eq(directDebits.paymentId, req.id));
  if (resultCode === 'Authorised') await completePayment({ db, jobs }, req.id, null);
  else if (resultCode === 'Refused' || resultCode === 'Error') await settleUnpaid(db, req.id, 'failed');
  return paymentOf({ db, jobs }, provider, user, { id: req.id });
}
