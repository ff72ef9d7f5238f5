// Discount codes, the welcome discount and the time bonus (spec 3 "Discount code", 4, 5, 8, 9; docs/payments.md
// "Discounts"). A code rides on a pending payment (a redemption row) and is consumed in the transaction that completes
// it; a once-per-user code rides on one pending payment of a member at a time and is consumed once: a payment whose
// code was spent meanwhile is returned in full instead of completed at a discount (completePayment).
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  discountAmount,
  discountFits,
  TIME_BONUS,
  timeBonusEnd,
  type Bundle,
  type DiscountCode,
  type PaymentMethod,
} from '../../../contract/index.ts';
import type { Db, Tx } from '../../db/connect.ts';
import { creditLedger, discountCodes, discountRedemptions, payments, sites } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import type { UserRow } from '../types.ts';

type CodeRow = typeof discountCodes.$inferSelect;

/** The member-specific end of `row`: the time bonus's timeBonusEnd, others at their `expires`. */
function endOf(row: CodeRow, user: UserRow): Date | null {
  return row.kind === 'time_bonus' ? timeBonusEnd(user.signupDate) : row.expires;
}

/** `row` as the contract's DiscountCode for `user` at `now`. */
function toDiscountCode(row: CodeRow, user: UserRow, now: Date): DiscountCode {
  const end = endOf(row, user);
  return {
    code: row.code,
    country: row.country,
    user_id: row.userId,
    expires: end?.toISOString() ?? null,
    value_percentage: row.valuePercentage,
    currency: row.currency as DiscountCode['currency'],
    minimum_order_value: row.minimumOrderValue,
    status: row.status,
    validity: row.validity,
    expired: end !== null && end.getTime() <= now.getTime(),
    paymentmethods: row.paymentMethods as PaymentMethod[] | null,
  };
}

/**
 * Whether member `userId` has bought credits: a purchase in the ledger, even one refunded since (premium may have
 * ended with it, the first purchase stays made).
 */
async function hasPurchased(db: Db | Tx, userId: number): Promise<boolean> {
  const [hit] = await db
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, 'purchase')))
    .limit(1);
  return hit !== undefined;
}

/**
 * True when the member may not have `row` at all: someone else's personal code, disabled, over, or a first-purchase
 * code of a member who bought (hasPurchased).
 */
async function unavailable(db: Db | Tx, row: CodeRow, user: UserRow, now: Date): Promise<boolean> {
  const end = endOf(row, user);
  return (
    (row.userId !== null && row.userId !== user.id) ||
    row.status !== 'active' ||
    (end !== null && end.getTime() <= now.getTime()) ||
    (row.firstPurchaseOnly && (await hasPurchased(db, user.id)))
  );
}

/** Whether `user` consumed `row` already (a once-per-user code, with a completed payment). */
async function consumed(db: Db | Tx, row: CodeRow, user: UserRow): Promise<boolean> {
  if (row.validity !== 'once_per_user') return false;
  const [hit] = await db
    .select({ id: discountRedemptions.paymentId })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.codeId, row.id),
        eq(discountRedemptions.userId, user.id),
        isNotNull(discountRedemptions.consumedAt),
      ),
    )
    .limit(1);
  return hit !== undefined;
}

/** The code `code` of the member's site (case-insensitive), or undefined. */
async function findCode(db: Db | Tx, siteId: number, code: string): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.siteId, siteId), sql`upper(${discountCodes.code}) = upper(${code})`));
  return row;
}

/** The site's code of `kind` (welcome, time_bonus), or undefined. */
async function codeOfKind(db: Db, siteId: number, kind: 'welcome' | 'time_bonus'): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.siteId, siteId), eq(discountCodes.kind, kind), isNull(discountCodes.userId)))
    .limit(1);
  return row;
}

/**
 * Code `code` checked for `user` (GET /api/discountcode.php?code=; spec 5). Errors: 409 code_used ("Code already
 * used": a once-per-user code of a completed payment of the member, checked first, so also a first-purchase or
 * expired code the member used), 404 code_not_found ("Code not found": unknown, disabled, over, someone else's, or a
 * first-purchase code of a member who bought without it).
 */
export async function checkCode(db: Db, user: UserRow, code: string, now = new Date()): Promise<DiscountCode> {
  const row = await findCode(db, user.siteId, code);
  if (!row) throw new ApiError(404, 'code_not_found');
  if (await consumed(db, row, user)) throw new ApiError(409, 'code_used');
  if (await unavailable(db, row, user, now)) throw new ApiError(404, 'code_not_found');
  return toDiscountCode(row, user, now);
}

/** The member's offer of `kind` (spec 4): the time bonus or the welcome discount while they may have it, else null. */
export async function offerOf(
  db: Db,
  user: UserRow,
  kind: 'welcome' | 'time_bonus',
  now = new Date(),
): Promise<DiscountCode | null> {
  const row = await codeOfKind(db, user.siteId, kind);
  if (!row || (await consumed(db, row, user)) || (await unavailable(db, row, user, now))) return null;
  return toDiscountCode(row, user, now);
}

/** A discount on an order: the code's row, and what it takes off (minor units). */
export interface OrderDiscount {
  codeId: number;
  /** The code as the site writes it. */
  code: string;
  oncePerUser: boolean;
  discount: number;
}

/**
 * The discount `order.code` gives `user` on `order.bundle` paid with `order.method` in `order.country`, checked inside the order's transaction
 * `tx` after the member's row was locked (so two orders at once cannot both take a once-per-user code).
 * Errors: those of checkCode, in its order (409 code_used, 404 code_not_found), 400 bad_request
 * (fields.discount_code: does not apply to this order).
 */
export async function discountForOrder(
  tx: Tx,
  user: UserRow,
  order: { code: string; bundle: Bundle; method: PaymentMethod; country: string },
  now = new Date(),
): Promise<OrderDiscount> {
  const row = await findCode(tx, user.siteId, order.code);
  if (!row) throw new ApiError(404, 'code_not_found');
  if (await consumed(tx, row, user)) throw new ApiError(409, 'code_used');
  if (await unavailable(tx, row, user, now)) throw new ApiError(404, 'code_not_found');
  const fits = discountFits(
    toDiscountCode(row, user, now),
    { amount: order.bundle.amount, currency: order.bundle.currency, country: order.country, method: order.method },
    now.getTime(),
  );
  if (!fits) throw new ApiError(400, 'bad_request', {}, { discount_code: 'does not apply to this order' });
  return {
    codeId: row.id,
    code: row.code,
    oncePerUser: row.validity === 'once_per_user',
    discount: discountAmount(order.bundle.amount, row.valuePercentage),
  };
}

/**
 * Records that payment `paymentId` of `userId` carries `d`, in the transaction that writes the payment. A once-per-user
 * code rides on one pending payment of a member at a time: older pending payments carrying it are cancelled (the
 * member left that checkout for this one). Sync log: none (the caller writes the member's 'user' change).
 */
export async function holdDiscount(tx: Tx, paymentId: string, userId: number, d: OrderDiscount): Promise<void> {
  if (d.oncePerUser) {
    await tx
      .update(payments)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(
        and(
          eq(payments.status, 'pending'),
          sql`${payments.id} in (select ${discountRedemptions.paymentId} from ${discountRedemptions} where ${discountRedemptions.codeId} = ${d.codeId} and ${discountRedemptions.userId} = ${userId} and ${discountRedemptions.paymentId} <> ${paymentId})`,
        ),
      );
  }
  await tx
    .insert(discountRedemptions)
    .values({ paymentId, codeId: d.codeId, userId, oncePerUser: d.oncePerUser })
    .onConflictDoNothing();
}

/** What completing a payment did with its code: it had none, consumed it, or found it spent (consumeDiscount). */
export type CodeOnCompletion = 'none' | 'consumed' | 'spent';

/**
 * Consumes the code payment `paymentId` carries, in the transaction that completes it (the member's row locked, so
 * completions of one member run one after the other), before its credits are added. Answers 'none' (no code),
 * 'consumed', or 'spent': the code can no longer be consumed by this payment (a once-per-user code another
 * completed payment of the member consumed, e.g. a checkout the member left for another and paid after all, or a
 * first-purchase code of a member who bought meanwhile). A spent code is not consumed; the caller returns the money.
 */
export async function consumeDiscount(tx: Tx, paymentId: string): Promise<CodeOnCompletion> {
  const [r] = await tx
    .select({
      codeId: discountRedemptions.codeId,
      userId: discountRedemptions.userId,
      oncePerUser: discountRedemptions.oncePerUser,
      consumedAt: discountRedemptions.consumedAt,
      firstPurchaseOnly: discountCodes.firstPurchaseOnly,
    })
    .from(discountRedemptions)
    .innerJoin(discountCodes, eq(discountCodes.id, discountRedemptions.codeId))
    .where(eq(discountRedemptions.paymentId, paymentId));
  if (!r) return 'none';
  if (r.consumedAt) return 'consumed';
  if (r.firstPurchaseOnly && (await hasPurchased(tx, r.userId))) return 'spent';
  if (r.oncePerUser) {
    const [other] = await tx
      .select({ id: discountRedemptions.paymentId })
      .from(discountRedemptions)
      .where(
        and(
          eq(discountRedemptions.codeId, r.codeId),
          eq(discountRedemptions.userId, r.userId),
          isNotNull(discountRedemptions.consumedAt),
        ),
      );
    if (other) return 'spent';
  }
  await tx.update(discountRedemptions).set({ consumedAt: new Date() }).where(eq(discountRedemptions.paymentId, paymentId));
  return 'consumed';
}

/**
 * The codes every site has (spec 9), written at every start when missing: TIMEBONUS25 (25 %, once per user, first
 * purchase, 4 hours after signup) and the welcome discount WELCOME25 (25 %, once per user, first purchase, until 30
 * days after it was first written: a time-limited campaign whose end is the same for everyone).
 */
export async function seedDiscountCodes(db: Db, now = new Date()): Promise<void> {
  const all = await db.select({ id: sites.id }).from(sites);
  const campaignEnd = new Date(now.getTime() + 30 * 86400_000);
  for (const { id } of all) {
    await db
      .insert(discountCodes)
      .values([
        {
          siteId: id,
          code: TIME_BONUS.code,
          kind: 'time_bonus',
          valuePercentage: TIME_BONUS.value_percentage,
          validity: 'once_per_user',
          firstPurchaseOnly: true,
        },
        {
          siteId: id,
          code: 'WELCOME25',
          kind: 'welcome',
          valuePercentage: 25,
          validity: 'once_per_user',
          firstPurchaseOnly: true,
          expires: campaignEnd,
        },
      ])
      .onConflictDoNothing();
  }
}
