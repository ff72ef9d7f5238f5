// Discount codes, the welcome discount and the time bonus (spec 3 "Discount code", "Time bonus state", 4, 5, 8, 9;
// docs/payments.md "Discounts"). One rule decides whether a code fits an order and what it takes off, used by the
// pages (the price shown) and the server (the price charged), so both are always the same.
import { z } from 'zod';
import { Currency, PaymentMethod } from './payments.ts';
import { Text } from './common.ts';

/** Spec 9 "Time bonus": the code and its percentage; how long it lasts is TIME_BONUS_DURATION_SECONDS. */
export const TIME_BONUS = { code: 'TIMEBONUS25', value_percentage: 25 } as const;

/**
 * Spec 4 "Time bonus", 6, 9: TIMEBONUS25 lasts 4 hours (14400 s) from the member's signup; the popup says "4" (hours).
 * After it (or once the member is paid) the member has no time bonus.
 */
export const TIME_BONUS_DURATION_SECONDS = 14_400;

/** Spec 4, 9: the end of the time bonus of a member who signed up at `signupDate`, TIME_BONUS_DURATION_SECONDS later. */
export function timeBonusEnd(signupDate: Date): Date {
  return new Date(signupDate.getTime() + TIME_BONUS_DURATION_SECONDS * 1000);
}

/** Spec 9: the time-bonus popup opens this many seconds after the member enters the members area. */
export const TIME_BONUS_POPUP_DELAY_SECONDS = 40;

/**
 * `once_per_user`: each member may use the code for one completed payment; `shared`: any member, any number of
 * payments, until it expires.
 */
const DiscountValidity = z.enum(['once_per_user', 'shared']);

/**
 * A discount code as the member sees it (spec 3 "Discount code"). `expires` is ISO 8601 (for the time bonus: the
 * member's timeBonusEnd; null: no end); `minimum_order_value` is in minor units of `currency`
 * (0: none); `country` and `currency` null: any; `paymentmethods` null: every method; `user_id` set: a personal code.
 */
export const DiscountCode = z.object({
  code: z.string(),
  country: z.string().nullable(),
  user_id: z.number().int().nullable(),
  expires: z.string().nullable(),
  value_percentage: z.number().positive().max(100),
  currency: Currency.nullable(),
  minimum_order_value: z.number().int().nonnegative(),
  status: z.enum(['active', 'disabled']),
  validity: DiscountValidity,
  expired: z.boolean(),
  paymentmethods: z.array(PaymentMethod).nullable(),
});
export type DiscountCode = z.infer<typeof DiscountCode>;

/**
 * GET /api/discountcode.php (*member*, spec 7): with `code`, that code checked for the member (errors 404
 * code_not_found "Code not found" for an unknown, disabled, expired or someone else's code; 409 code_used "Code
 * already used"); with `welcome=true`, the site's welcome discount while the member may have it (first purchase,
 * before it ends), else null; with neither, the member's time bonus (TIMEBONUS25 while the member is not paid and
 * signed up less than 4 hours ago), else null. `server_time` (ISO 8601) lets the page correct its clock's skew.
 */
export const DiscountCodeQuery = z.object({
  code: Text.trim().min(1).max(40).optional(),
  welcome: z.enum(['true', 'false']).optional(),
});
export type DiscountCodeQuery = z.infer<typeof DiscountCodeQuery>;
export const DiscountCodeResponse = z.object({ discount_code: DiscountCode.nullable(), server_time: z.string() });
export type DiscountCodeResponse = z.infer<typeof DiscountCodeResponse>;

/** An order a code may apply to: the bundle's price (minor units, before the method's fee), currency and country. */
export interface OrderForDiscount {
  amount: number;
  currency: string;
  country: string;
  /** The method it is paid with; undefined while not chosen (the code fits if it fits some method). */
  method?: PaymentMethod;
}

/**
 * Whether `code` applies to `order`: active and not expired at `now` (ms), the same country and currency when the
 * code names them, at least its minimum order value (only comparable in its currency: a code without currency must
 * have none), and one of its payment methods when it names them and the method is known.
 */
export function discountFits(code: DiscountCode, order: OrderForDiscount, now: number): boolean {
  if (code.status !== 'active' || code.expired || (code.expires !== null && Date.parse(code.expires) <= now)) return false;
  if (code.country !== null && code.country !== order.country) return false;
  if (code.currency !== null && code.currency !== order.currency) return false;
  if (code.minimum_order_value > 0 && (code.currency === null || order.amount < code.minimum_order_value)) return false;
  if (code.paymentmethods !== null && order.method !== undefined && !code.paymentmethods.includes(order.method)) return false;
  return true;
}

/** What `percent` percent takes off `amount` minor units, rounded to a minor unit (the member never pays more than shown). */
export function discountAmount(amount: number, percent: number): number {
  return Math.min(amount - 1, Math.round((amount * percent) / 100));
}
