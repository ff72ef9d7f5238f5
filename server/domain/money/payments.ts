// Buying credits (spec 1, 3 "Payment", 4 "Payment", 9; docs/payments.md): a payment is created pending, paid on the
// provider's hosted checkout, and settled by whichever comes first of the provider's webhook and the member's
// return (the server then asks the provider). Every path ends in the same state: completion wins over a failure
// (money received is always credited, or returned in full when its once-per-member code was spent), credits are
// added once (ledger key `payment:<id>`), premium on the first one; the provider's reference is kept whichever
// brings it.
import { and, desc, eq } from 'drizzle-orm';
import {
  cardMethods,
  messageCost,
  refundShare,
  refundWindowOpen,
  type Bundle,
  type Country,
  type CreatePaymentRequest,
  type CreatePaymentResponse,
  type CreditMovement,
  type CreditsResponse,
  type Payment,
  type PaymentMethod,
  type PaymentResponse,
  type PaymentStatus,
  type RepeatOrderResponse,
  type Settings,
} from '../../../contract/index.ts';
import type { Db, Tx } from '../../db/connect.ts';
import { creditLedger, payments, profiles, users } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import type { PaymentNotification, PaymentProvider, SessionStatus } from '../../services/payment-provider.ts';
import type { JobQueue } from '../../services/jobs.ts';
import type { ServerContext } from '../../context.ts';
import { recordChanges } from '../sync/changes.ts';
import { applyCredits } from './credits-ledger.ts';
import { endPremiumIfAllRefunded } from './membership.ts';
import { bundlesFor, feeOf, methodsFor, paymentCountry } from './payment-catalog.ts';
import { consumeDiscount, discountForOrder, holdDiscount } from './discounts.ts';
import { cardMethod, newestCard, parseExpiry, storeCard } from './stored-cards.ts';
import { startBankTransfer } from './bank-transfer.ts';
import { shopperReference, toPayment, type PaymentRow } from './payment-rows.ts';
import { issueCreditNote, issueInvoice } from './invoices.ts';
import type { UserRow } from '../types.ts';

/** What settling a payment needs: the database, the queue (refund and receipt jobs) and the site address of the receipt. */
type Settling = Pick<ServerContext, 'db' | 'jobs' | 'config'>;

/** The settings messageCost reads. */
type MessageCostSettings = Pick<Settings, 'message_credits' | 'minimum_message_costs' | 'gift_credits' | 'photo_credits'>;

/** The ledger key of a payment's credits: unique, so they are added once whatever the order of events. */
const ledgerKey = (paymentId: string) => `payment:${paymentId}`;

/**
 * The singleton key of the refund job written when a refunded payment's provider reference arrives (its earlier job
 * may be waiting hours in backoff): one such job per payment, however often the reference comes.
 */
const refundNowKey = (paymentId: string) => `refund-now:${paymentId}`;

/** The member's payment country: the profile's country (spec 9), NL when unknown. */
export async function countryOf(db: Db, userId: number) {
  const [p] = await db.select({ country: profiles.country }).from(profiles).where(eq(profiles.userId, userId));
  return paymentCountry(p?.country ?? '');
}

/**
 * GET /api/credits.php: the bundles and methods of the payment country of member `userId`, or of `visitorCountry`.
 * `message_credits` is what one text message costs a sender from there (spec 1, 9: messageCost, the country's
 * minimum_message_costs included, as the send debits it), and each bundle's message_amount is taken at that cost.
 */
export async function creditsOffer(
  db: Db,
  userId: number | null,
  settings: MessageCostSettings,
  visitorCountry?: string,
): Promise<CreditsResponse> {
  // The message cost follows the profile's own country (as the send reads it); the prices its payment country.
  const home =
    userId === null
      ? visitorCountry
      : (await db.select({ country: profiles.country }).from(profiles).where(eq(profiles.userId, userId)))[0]?.country;
  const country = paymentCountry(home ?? '');
  const messageCredits = messageCost(settings, home ?? undefined, 'text');
  const bundles = bundlesFor(country, messageCredits);
  return { country, currency: bundles[0].currency, message_credits: messageCredits, bundles, methods: methodsFor(country) };
}

/**
 * `user` starts paying bundle `req.bundle` with `req.method` (POST /api/payment.php), bundles of a site whose message costs
 * `messageCredits`. The payment row is written first
 * (pending), then the provider's checkout opened with `req.id` as reference and idempotency key, so a retry of the
 * same id, even after a crash in between, gets the same checkout; the member comes back to /credits/{id}/{method}.
 * A bank transfer opens no checkout: the provider's transfer instructions are kept and answered (startBankTransfer).
 * Errors: 400 bad_request (fields bundle / method: not sold in the member's payment country), 409 conflict (the id
 * is another payment), those of writeOrder (discount codes), 502 payment_unavailable (the provider failed; the same
 * id may be retried).
 */
export async function createPayment(
  { db, payments: { provider }, config: { publicUrl } }: Pick<ServerContext, 'db' | 'payments' | 'config'>,
  user: UserRow,
  messageCredits: number,
  req: CreatePaymentRequest,
): Promise<CreatePaymentResponse> {
  const country = await countryOf(db, user.id);
  const bundle = bundlesFor(country, messageCredits).find((b) => b.id === req.bundle);
  if (!bundle) throw new ApiError(400, 'bad_request', {}, { bundle: 'not sold in your country' });
  if (!methodsFor(country).some((m) => m.id === req.method))
    throw new ApiError(400, 'bad_request', {}, { method: 'not offered in your country' });
  const row = await writeOrder(db, user, { id: req.id, bundle, method: req.method, country, discountCode: req.discount_code });
  if (row.status !== 'pending') throw new ApiError(409, 'conflict');
  // A bank transfer has no checkout: the provider answers what to transfer, and the payment's page shows it.
  if (req.method === 'banktransfer') return startBankTransfer(db, provider, publicUrl, row);
  let session;
  try {
    session = await provider.createSession({
      reference: row.id,
      amount: row.amount,
      currency: row.currency,
      country,
      method: req.method,
      returnUrl: `${publicUrl}/credits/${bundle.id}/${req.method}?payment=${row.id}`,
      shopperReference: shopperReference(user.id),
      locale: user.language,
      offerToStore: cardMethods.includes(req.method),
    });
  } catch {
    throw new ApiError(502, 'payment_unavailable');
  }
  const [saved] = await db
    .update(payments)
    .set({ providerSession: session.id, updatedAt: new Date() })
    .where(eq(payments.id, row.id))
    .returning();
  return { payment: toPayment(saved), redirect_url: session.url };
}

/**
 * Writes the pending payment `order.id` of `user` for `order.bundle` paid with `order.method`, with the discount of
 * `order.discountCode` off the price (server/domain/money/discounts.ts) and then the method's fee on what is left: the price
 * the pages show. One transaction with the member's row locked, so two orders at once take a once-per-user code one
 * after the other. The same id again writes nothing and answers the row as it is. Errors: 409 conflict (the id is
 * another order: another member, bundle, method or code), and those of discountForOrder.
 */
async function writeOrder(
  db: Db,
  user: UserRow,
  order: { id: string; bundle: Bundle; method: PaymentMethod; country: Country; discountCode?: string },
): Promise<PaymentRow> {
  return db.transaction(async (tx) => {
    const [me] = await tx.select().from(users).where(eq(users.id, user.id)).for('no key update');
    const [existing] = await tx.select().from(payments).where(eq(payments.id, order.id));
    if (existing) {
      const same = existing.userId === user.id && existing.bundleId === order.bundle.id && existing.method === order.method;
      if (!same || (existing.discountCode ?? undefined)?.toUpperCase() !== order.discountCode?.toUpperCase())
        throw new ApiError(409, 'conflict');
      return existing;
    }
    const d = order.discountCode ? await discountForOrder(tx as Tx, me, { ...order, code: order.discountCode }) : null;
    const price = order.bundle.amount - (d?.discount ?? 0);
    const fee = feeOf(order.method, price);
    const [row] = await tx
      .insert(payments)
      .values({
        id: order.id,
        userId: user.id,
        bundleId: order.bundle.id,
        credits: order.bundle.credits,
        amount: price + fee,
        fee,
        currency: order.bundle.currency,
        country: order.country,
        method: order.method,
        discount: d?.discount ?? 0,
        discountCode: d?.code ?? null,
      })
      .returning();
    if (d) await holdDiscount(tx as Tx, row.id, user.id, d);
    return row;
  });
}

/**
 * Completes payment `id`, whose money the provider received (its reference `pspReference`, null when unknown), in
 * one transaction with the row and the member's row locked, from any other state (a refused attempt may be followed
 * by a paid one in the same checkout):
 * - its discount code consumed (consumeDiscount), then credits added through the ledger (key payment:<id>, once;
 *   reason purchase, which makes the member premium: becomesPremium), status completed;
 * - but when its code can no longer be consumed (spent: a once-per-member code used by another completed payment,
 *   a first-purchase code of a member who bought), it is not completed at a discount: its money goes back in full
 *   (status refunded, refunded_credits 0, refunded_amount = amount, no credits, no premium; the `refund` job).
 * A payment already completed or refunded only keeps the reference it lacked (notePspReference).
 * A completed payment's invoice is issued with the receipt mail (invoices.ts). Returns whether the status changed. Sync log: 'user' for the member (balance, premium, the payment).
 */
export async function completePayment(ctx: Settling, id: string, pspReference: string | null): Promise<boolean> {
  const { db, jobs } = ctx;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
    if (!row) return false;
    if (row.status === 'completed' || row.status === 'refunded') {
      if (pspReference && !row.pspReference) await notePspReference(tx as Tx, jobs, row, pspReference);
      return false;
    }
    await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('no key update');
    const now = new Date();
    const psp = pspReference ?? row.pspReference;
    if ((await consumeDiscount(tx as Tx, row.id)) === 'spent') {
      // Money received is never kept without credits: all of it goes back, as the refund job returns any refund.
      await tx
        .update(payments)
        .set({
          status: 'refunded',
          pspReference: psp,
          refundedCredits: 0,
          refundedAmount: row.amount,
          refundedAt: now,
          updatedAt: now,
        })
        .where(eq(payments.id, id));
      await jobs.enqueue(tx as Db, 'refund', { paymentId: row.id });
    } else {
      await applyCredits(tx as Tx, row.userId, { delta: row.credits, reason: 'purchase', idempotencyKey: ledgerKey(row.id) });
      await tx.update(payments).set({ status: 'completed', pspReference: psp, updatedAt: now }).where(eq(payments.id, id));
      await issueInvoice(tx as Tx, ctx, row);
    }
    await recordChanges(tx, [{ userId: row.userId, kind: 'user', entityId: row.userId }]);
    return true;
  });
}

/**
 * Stores `pspReference` on settled payment `row` (locked by the caller's transaction `tx`), which lacked it: the
 * member's return settled it without one, or the refund came first. A refund whose money has not reached the
 * provider yet (refund_psp_reference empty) gets a `refund` job now, written once (refundNowKey), so the money goes
 * back at once instead of after the earlier job's backoff.
 */
async function notePspReference(tx: Tx, jobs: JobQueue, row: PaymentRow, pspReference: string): Promise<void> {
  await tx.update(payments).set({ pspReference, updatedAt: new Date() }).where(eq(payments.id, row.id));
  if (row.status === 'refunded' && row.refundedAmount && !row.refundPspReference)
    await jobs.enqueue(tx as Db, 'refund', { paymentId: row.id }, { singletonKey: refundNowKey(row.id) });
}

/** Moves a pending payment to `status` (failed, cancelled, expired); a settled one stays as it is. Sync log: 'user'. */
export async function settleUnpaid(
  db: Db,
  id: string,
  status: Exclude<PaymentStatus, 'pending' | 'completed' | 'refunded'>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(payments)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
      .returning();
    if (row) await recordChanges(tx, [{ userId: row.userId, kind: 'user', entityId: row.userId }]);
  });
}

/** What a checkout session's result means for its payment. */
const SETTLE: Record<SessionStatus, 'completed' | 'failed' | 'cancelled' | 'expired' | null> = {
  completed: 'completed',
  refused: 'failed',
  canceled: 'cancelled',
  expired: 'expired',
  active: null,
  paymentPending: null,
};

/**
 * Payment `q.id` of `user` (GET /api/payment.php). While it is not completed and the member came back with the
 * checkout's `sessionId` and `sessionResult`, the provider is asked and its answer applied (the status, and the
 * payment's provider reference, which the refund needs), so nothing waits for the webhook (nor trusts the return
 * URL alone). A provider that cannot be reached leaves the state as it is. Errors: 404 not_found (not the member's
 * payment).
 */
export async function paymentOf(
  ctx: Settling,
  provider: PaymentProvider,
  user: UserRow,
  { id, sessionId, sessionResult }: { id: string; sessionId?: string; sessionResult?: string },
): Promise<PaymentResponse> {
  const { db } = ctx;
  let [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.userId, user.id)));
  if (!row) throw new ApiError(404, 'not_found');
  if (
    row.status !== 'completed' &&
    row.status !== 'refunded' &&
    sessionId &&
    sessionResult &&
    sessionId === row.providerSession
  ) {
    const result = await provider.sessionStatus(sessionId, sessionResult).catch(() => null);
    const settle = result ? SETTLE[result.status] : null;
    if (settle === 'completed') await completePayment(ctx, id, result?.pspReference ?? null);
    else if (settle) await settleUnpaid(db, id, settle);
    [row] = await db.select().from(payments).where(eq(payments.id, id));
  }
  const [u] = await db.select({ credits: users.credits, paidUser: users.paidUser }).from(users).where(eq(users.id, user.id));
  return { payment: toPayment(row), credits: u.credits, paid_user: u.paidUser };
}

/**
 * Applies verified webhook notifications (POST /api/payment-webhook.php), idempotently and in any order:
 * AUTHORISATION success completes the payment (once; completePayment) and stores its pspReference even when the
 * payment was settled already, AUTHORISATION failure fails a pending one. A notification whose amount or currency
 * differs from the payment's is not applied (logged). Unknown references and other events are acknowledged and
 * ignored. Returns how many changed a payment's status.
 */
export async function applyNotifications(
  ctx: Settling,
  notifications: PaymentNotification[],
  log: (message: string, detail: Record<string, unknown>) => void,
): Promise<number> {
  const { db } = ctx;
  let changed = 0;
  for (const n of notifications) {
    if (n.eventCode !== 'AUTHORISATION' || !/^[0-9a-f-]{36}$/i.test(n.merchantReference)) continue;
    const [row] = await db.select().from(payments).where(eq(payments.id, n.merchantReference));
    if (!row) continue;
    if (n.amount.value !== row.amount || n.amount.currency !== row.currency) {
      log('payment notification amount differs', { payment: row.id, amount: n.amount });
      continue;
    }
    if (n.success) {
      if (await completePayment(ctx, row.id, n.pspReference)) changed++;
      // After the completion: a stored card is only ever offered with a completed order to repeat.
      if (n.storedPaymentMethodId)
        await storeCard(db, row.userId, {
          token: n.storedPaymentMethodId,
          method: cardMethod(n.cardBrand, row.method),
          last4: n.cardSummary ?? '',
          ...parseExpiry(n.expiryDate),
        });
    } else if (row.status === 'pending') {
      await settleUnpaid(db, row.id, 'failed');
      changed++;
    }
  }
  return changed;
}

/** The member's payments (every state) and ledger movements, newest first, at most `limit` each (GET /api/transactions.php). */
export async function transactionsOf(
  db: Db,
  userId: number,
  limit: number,
): Promise<{ payments: Payment[]; movements: CreditMovement[] }> {
  const [paid, moved] = await Promise.all([
    db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt)).limit(limit),
    db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(desc(creditLedger.id)).limit(limit),
  ]);
  return {
    payments: paid.map(toPayment),
    movements: moved.map((m) => ({
      id: m.id,
      reason: m.reason,
      delta: m.delta,
      balance_after: m.balanceAfter,
      created_at: m.createdAt.toISOString(),
      payment_id: m.idempotencyKey.startsWith('payment:') ? m.idempotencyKey.slice('payment:'.length) : null,
    })),
  };
}

/**
 * Refunds the unused credits of completed payment `id` of `user` within `refundDays` of the purchase (refundWindowOpen; POST
 * /api/refund.php): in one transaction the payment and the member's row are locked, the unused bought credits (those
 * still on the balance under free-first spending: users.bought_credits, at most the purchase's) taken back through
 * the ledger (key refund:<id>, once), their floor share of the price recorded, the payment marked refunded (with
 * refunded_at), its credit note issued with the refund receipt (invoices.ts), premium ended when every purchase of the member is now fully refunded (endPremiumIfAllRefunded), and
 * the `refund` job written, which returns the money through the provider (retried, then a dead letter:
 * docs/jobs.md). Sync log: 'user'. Errors: 404 not_found, 409 conflict (not completed), 409 refund_expired,
 * 409 nothing_to_refund.
 */
export async function refundPayment(
  { db, jobs, config }: Pick<ServerContext, 'db' | 'jobs' | 'config'>,
  user: UserRow,
  { id, refundDays }: { id: string; refundDays: number },
  now = new Date(),
): Promise<Payment> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, id), eq(payments.userId, user.id)))
      .for('update');
    if (!row) throw new ApiError(404, 'not_found');
    if (row.status !== 'completed') throw new ApiError(409, 'conflict');
    if (!refundWindowOpen(row.createdAt.getTime(), refundDays, now.getTime())) throw new ApiError(409, 'refund_expired');
    const [me] = await tx.select({ bought: users.boughtCredits }).from(users).where(eq(users.id, user.id)).for('no key update');
    // Only bought credits not spent yet come back (free ones are spent first: users.bought_credits).
    const { credits, amount } = refundShare(row, me.bought);
    if (credits === 0) throw new ApiError(409, 'nothing_to_refund');
    await applyCredits(tx as Tx, user.id, { delta: -credits, reason: 'refund', idempotencyKey: `refund:${row.id}` });
    const [saved] = await tx
      .update(payments)
      .set({ status: 'refunded', refundedCredits: credits, refundedAmount: amount, refundedAt: now, updatedAt: now })
      .where(eq(payments.id, row.id))
      .returning();
    await issueCreditNote(tx as Tx, { jobs, config }, saved);
    await endPremiumIfAllRefunded(tx as Tx, user.id);
    await jobs.enqueue(tx as Db, 'refund', { paymentId: row.id });
    await recordChanges(tx, [{ userId: user.id, kind: 'user', entityId: user.id }]);
    return toPayment(saved);
  });
}

/**
 * The `refund` job: returns a refunded payment's money through the provider, with `refund-<id>` as reference and
 * idempotency key (a retry refunds once), and stores the provider's reference of the refund in
 * payments.refund_psp_reference; a payment that has one already is done. Throws while the provider's payment
 * reference is not known yet (the webhook or the member's return brings it, and then writes a fresh job:
 * notePspReference), so the job is tried again later, and after its last try becomes a dead letter (docs/jobs.md).
 */
export async function sendRefund(db: Db, provider: PaymentProvider, { paymentId }: { paymentId: string }): Promise<void> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!row || row.status !== 'refunded' || !row.refundedAmount || row.refundPspReference) return;
  if (!row.pspReference) throw new Error(`payment ${paymentId}: no provider reference yet`);
  const refund = await provider.refund({
    pspReference: row.pspReference,
    amount: row.refundedAmount,
    currency: row.currency,
    reference: `refund-${row.id}`,
  });
  await db.update(payments).set({ refundPspReference: refund.pspReference }).where(eq(payments.id, paymentId));
}

/** The member's last completed order (its bundle and method) and newest stored card row, each undefined when none. */
async function lastOrderAndCard(db: Db, userId: number) {
  const [last] = await db
    .select({ bundleId: payments.bundleId, method: payments.method })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'completed')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return { last, card: await newestCard(db, userId) };
}

/** The member's last completed order and stored card (GET /api/repeat-order.php). */
export async function repeatOrderOf(db: Db, userId: number): Promise<RepeatOrderResponse> {
  const { last, card } = await lastOrderAndCard(db, userId);
  return {
    last: last ? { bundle_id: last.bundleId, method: last.method as PaymentMethod } : null,
    card: card ? { method: card.method as PaymentMethod, last4: card.last4 } : null,
  };
}

/**
 * `user` buys the last completed order's bundle again (POST /api/repeat-order.php; bundles of a site whose message costs
 * `messageCredits`), charged in one step to the stored card:
 * the payment written pending under `id`, then the card-on-file charge (reference and idempotency key `id`), then
 * settled by its result: Authorised completes it (credits once), Refused fails it. The same `id` again answers the
 * same payment. Errors: 409 conflict (no earlier order, no stored card, or the bundle no longer sold there),
 * 502 payment_unavailable (the provider could not be reached; the payment failed).
 */
export async function repeatOrder(
  ctx: Pick<ServerContext, 'db' | 'jobs' | 'payments' | 'config'>,
  user: UserRow,
  messageCredits: number,
  id: string,
): Promise<PaymentResponse> {
  const {
    db,
    payments: { provider },
    config: { publicUrl },
  } = ctx;
  const [existing] = await db.select().from(payments).where(eq(payments.id, id));
  if (existing) {
    if (existing.userId !== user.id) throw new ApiError(409, 'conflict');
    return paymentOf(ctx, provider, user, { id });
  }
  const { last, card } = await lastOrderAndCard(db, user.id);
  const country = await countryOf(db, user.id);
  const bundle = last && bundlesFor(country, messageCredits).find((b) => b.id === last.bundleId);
  if (!bundle || !card) throw new ApiError(409, 'conflict');
  await db
    .insert(payments)
    .values({
      id,
      userId: user.id,
      bundleId: bundle.id,
      credits: bundle.credits,
      amount: bundle.amount,
      fee: 0,
      currency: bundle.currency,
      country,
      method: card.method,
    })
    .onConflictDoNothing();
  let result;
  try {
    result = await provider.chargeStored({
      reference: id,
      amount: bundle.amount,
      currency: bundle.currency,
      token: card.token,
      shopperReference: shopperReference(user.id),
      returnUrl: `${publicUrl}/credits/repeat-order`,
    });
  } catch {
    await settleUnpaid(db, id, 'failed');
    throw new ApiError(502, 'payment_unavailable');
  }
  if (result.resultCode === 'Authorised') await completePayment(ctx, id, result.pspReference);
  else if (result.resultCode !== 'Received' && result.resultCode !== 'Pending') await settleUnpaid(db, id, 'failed');
  return paymentOf(ctx, provider, user, { id });
}
