// SEPA direct debit (spec 4 "Direct-debit flow", spec 5, 8; /directdebit): the member fills the mandate form, a code
// goes by SMS to the mobile number, the code confirms the order and the debit goes to the provider; the payment then
// settles like any other (server/domain/money/payments.ts: the webhook completes it, credits once).
import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, sql, type SQL } from 'drizzle-orm';
import { electronicFormatIBAN } from 'ibantools';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile';
import {
  DIRECT_DEBIT_CODE_TRIES,
  DIRECT_DEBIT_CODES_LIMIT,
  formatMoney,
  type DirectDebitConfirmRequest,
  type DirectDebitMandateResponse,
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
import { completePayment, countryOf, paymentOf, settleUnpaid } from './payments.ts';
import { shopperReference, toPayment } from './payment-rows.ts';
import { hashToken } from '../accounts/sessions.ts';
import type { UserRow } from '../types.ts';

/** The number with all but its last 2 digits hidden ("•••••••78"). */
const phoneHint = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  return `${'•'.repeat(Math.max(digits.length - 2, 0))}${digits.slice(-2)}`;
};

/**
 * Direct-debit orders (each sends one SMS code) allowed in any 24 hours, per member, per mobile number (across
 * members) and per client address: against SMS pumping (premium-rate numbers paid per message). A member who mistypes
 * a number once orders twice, a household on one connection a few times; no real member orders more, and the amount
 * limit (DIRECT_DEBIT_LIMIT) stops far earlier. The address limit is higher: a mobile network puts many people behind
 * one address. docs/security.md "SMS limits".
 */
export const SMS_CODES_PER_DAY = { member: 3, phone: 3, source: 10 } as const;

/**
 * The mobile number `typed` (international, or national to `country`, ISO 3166-1 alpha-2) in E.164 ("06 12345678"
 * in NL: "+31612345678"), or null when it is not a valid mobile number (libphonenumber-js, mobile metadata; numbers
 * that can be mobile or fixed, as in the US, pass).
 */
function mobileE164(typed: string, country: string): string | null {
  const number = parsePhoneNumberFromString(typed, country as CountryCode);
  if (!number?.isValid()) return null;
  const type = number.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' ? number.number : null;
}

/**
 * Refuses the order when one of SMS_CODES_PER_DAY is reached: counts the direct-debit orders written in the last
 * 24 hours by `userId`, to `phone` and from `source`, each under a transaction-scoped lock (member row, then number,
 * then address: always in that order, so concurrent orders wait instead of deadlocking) so concurrent orders cannot
 * pass a limit together. Throws 429 direct_debit_limit with `params.limit` DIRECT_DEBIT_CODES_LIMIT.
 */
async function checkSmsLimits(tx: Tx, userId: number, phone: string, source: string): Promise<void> {
  // Two-key locks, one key space each ('ddph', 'ddsr' in ASCII): a number's hash never meets an address's.
  await tx.execute(sql`select pg_advisory_xact_lock(${0x64647068}::int, hashtext(${phone}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(${0x64647372}::int, hashtext(${source}))`);
  const since = sql`now() - interval '24 hours'`;
  const ordered = async (where: SQL) => {
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(directDebits)
      .innerJoin(payments, eq(payments.id, directDebits.paymentId))
      .where(and(gt(directDebits.createdAt, since), where));
    return n;
  };
  if (
    (await ordered(eq(payments.userId, userId))) >= SMS_CODES_PER_DAY.member ||
    (await ordered(eq(directDebits.phone, phone))) >= SMS_CODES_PER_DAY.phone ||
    (await ordered(eq(directDebits.source, source))) >= SMS_CODES_PER_DAY.source
  )
    throw new ApiError(429, 'direct_debit_limit', { limit: DIRECT_DEBIT_CODES_LIMIT });
}

/**
 * `user` orders bundle `req.bundle` of `site` by direct debit (POST /api/directdebit.php) from client address `source`
 * (`req.ip`): checks the block, the mobile number, the SMS limits and the amount limit, writes the pending payment,
 * the mandate (phone in E.164) and a code's hash, and the SMS job with the code, in one transaction. The same `req.id`
 * again answers the same order (no new code). `req.discount_code` comes off the price as on POST /api/payment.php.
 * Errors: those of discountForOrder (discount codes), 403 direct_debit_blocked, 400 bad_request (bundle, or no
 * direct debit in the payment country; field `phone`: not a mobile number), 429 direct_debit_limit (SMS_CODES_PER_DAY
 * reached, with `params.limit` DIRECT_DEBIT_CODES_LIMIT; or over DIRECT_DEBIT_LIMIT in DIRECT_DEBIT_DAYS, spec 8),
 * 409 conflict (the id is another payment).
 */
export async function orderDirectDebit(
  { db, jobs }: Pick<ServerContext, 'db' | 'jobs'>,
  user: UserRow,
  site: { name: string; messageCredits: number },
  req: DirectDebitRequest,
  source: string,
): Promise<DirectDebitResponse> {
  if (user.directDebitBlocked) throw new ApiError(403, 'direct_debit_blocked');
  const country = await countryOf(db, user.id);
  const bundle = bundlesFor(country, site.messageCredits).find((b) => b.id === req.bundle);
  if (!bundle) throw new ApiError(400, 'bad_request', {}, { bundle: 'not sold in your country' });
  if (!methodsFor(country).some((m) => m.id === 'sepadirectdebit'))
    throw new ApiError(400, 'bad_request', {}, { bundle: 'no direct debit in your country' });
  const [existing] = await db
    .select({ payment: payments, phone: directDebits.phone })
    .from(payments)
    .leftJoin(directDebits, eq(directDebits.paymentId, payments.id))
    .where(eq(payments.id, req.id));
  if (existing) {
    const { payment, phone } = existing;
    if (payment.userId !== user.id || payment.bundleId !== bundle.id || payment.method !== 'sepadirectdebit')
      throw new ApiError(409, 'conflict');
    return { payment: toPayment(payment), phone_hint: phoneHint(phone ?? req.phone) };
  }
  const phone = mobileE164(req.phone, country);
  if (!phone) throw new ApiError(400, 'bad_request', {}, { phone: 'not a mobile number' });
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = await db.transaction(async (tx) => {
    // The member's row locked: two orders at once are counted one after the other against the limits.
    const [me] = await tx.select().from(users).where(eq(users.id, user.id)).for('no key update');
    await checkSmsLimits(tx as Tx, user.id, phone, source);
    const d = req.discount_code
      ? await discountForOrder(tx as Tx, me, { code: req.discount_code, bundle, method: 'sepadirectdebit', country })
      : null;
    const price = bundle.amount - (d?.discount ?? 0);
    // Every order of the period counts, whatever became of it (spec 8 "Direct-debit limit reached"): one cancelled
    // after wrong codes or never confirmed sent its SMS all the same, and a confirmed debit the bank may still reverse.
    const [{ total }] = await tx
      .select({ total: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
      .from(payments)
      .where(
        and(
          eq(payments.userId, user.id),
          eq(payments.method, 'sepadirectdebit'),
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
      phone,
      source,
      codeHash: hashToken(code),
    });
    const amount = formatMoney(price, bundle.currency, user.language);
    await jobs.enqueue(tx as Db, 'sms', {
      to: phone,
      text: serverText(user.language, 'payments', 'sms.code', { code, amount, site: site.name }),
    });
    return payment;
  });
  return { payment: toPayment(row), phone_hint: phoneHint(phone) };
}

/**
 * GET /api/directdebit.php: the mandate of `userId`'s last confirmed direct debit (holder, IBAN in electronic format,
 * address, phone in E.164), to prefill the form, or null when the member never confirmed one.
 */
export async function lastMandate(db: Db, userId: number): Promise<DirectDebitMandateResponse> {
  const [last] = await db
    .select({
      holder: directDebits.holder,
      iban: directDebits.iban,
      street: directDebits.street,
      house_number: directDebits.houseNumber,
      postal_code: directDebits.postalCode,
      city: directDebits.city,
      phone: directDebits.phone,
    })
    .from(directDebits)
    .innerJoin(payments, eq(payments.id, directDebits.paymentId))
    .where(and(eq(payments.userId, userId), isNotNull(directDebits.confirmedAt)))
    .orderBy(desc(directDebits.confirmedAt))
    .limit(1);
  return { mandate: last ?? null };
}

/**
 * Confirms direct-debit order `req.id` of `user` with its SMS code (POST /api/directdebit-confirm.php) and sends the debit to
 * the provider (reference and idempotency key: the payment id, so a retry charges once). A confirmed order answers
 * its state again. Errors: 404 not_found, 400 code_invalid (each wrong code counts; the DIRECT_DEBIT_CODE_TRIES-th
 * cancels the order), 409 conflict (the order is no longer pending), 502 payment_unavailable.
 */
export async function confirmDirectDebit(
  ctx: Pick<ServerContext, 'db' | 'jobs' | 'payments' | 'config'>,
  user: UserRow,
  req: DirectDebitConfirmRequest,
): Promise<PaymentResponse> {
  const {
    db,
    payments: { provider },
    config: { publicUrl },
  } = ctx;
  const [row] = await db
    .select({ debit: directDebits, payment: payments })
    .from(directDebits)
    .innerJoin(payments, eq(payments.id, directDebits.paymentId))
    .where(and(eq(directDebits.paymentId, req.id), eq(payments.userId, user.id)));
  if (!row) throw new ApiError(404, 'not_found');
  if (row.debit.confirmedAt) return paymentOf(ctx, provider, user, { id: req.id });
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
  if (resultCode === 'Authorised') await completePayment(ctx, req.id, null);
  else if (resultCode === 'Refused' || resultCode === 'Error') await settleUnpaid(db, req.id, 'failed');
  return paymentOf(ctx, provider, user, { id: req.id });
}
