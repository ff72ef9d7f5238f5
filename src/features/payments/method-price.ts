// What a member pays for a bundle with each method, as the server charges it (writeOrder): the active discount off
// the bundle's price where the code allows the method (discountOn), then the method's fee on what is left (methodFee).
import { methodFee, type Bundle, type DiscountCode, type MethodOffer } from '../../../contract/index.ts';
import { discountOn } from '../offers/order-discount.ts';

/** The price of `bundle` paid with `method` in payment country `country` under `code` (minor units of its currency). */
export interface MethodPrice {
  discount: number;
  fee: number;
  /** bundle.amount - discount + fee: what the checkout charges. */
  total: number;
}

/** The price of `bundle` with `method` now (see MethodPrice). */
export function methodPrice(bundle: Bundle, method: MethodOffer, code: DiscountCode | null, country: string): MethodPrice {
  const discount = discountOn(code, bundle, country, method.id);
  const fee = methodFee(bundle.amount - discount, method.fee_percent);
  return { discount, fee, total: bundle.amount - discount + fee };
}

/**
 * The lowest total of `bundle` over `methods` (MethodPrice.total; the bundle's price when no method is known): the
 * price a member would pay now, which "1 message ≈" is taken at.
 */
export function cheapestTotal(bundle: Bundle, methods: readonly MethodOffer[], code: DiscountCode | null, country: string) {
  const totals = methods.map((m) => methodPrice(bundle, m, code, country).total);
  return totals.length ? Math.min(...totals) : bundle.amount;
}

/** What one message of `messageCredits` credits costs at `total` for `credits` credits (minor units, rounded). */
export const perMessage = (total: number, credits: number, messageCredits: number) =>
  Math.round((total * messageCredits) / credits);
