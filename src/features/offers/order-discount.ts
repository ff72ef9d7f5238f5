// What the member's active discount takes off an order, as the pages show it; the server charges the same (the
// contract's discountFits and discountAmount decide both).
import { useSnapshot } from 'valtio';
import { discountAmount, discountFits, type Bundle, type DiscountCode, type PaymentMethod } from '../../../contract/index.ts';
import { activeDiscount, offers, serverNow } from './offer-store.ts';

/** The discount the member's orders get now (offer-store activeDiscount), re-rendering when it changes. */
export function useActiveDiscount(): DiscountCode | null {
  // A snapshot is deeply readonly; nothing here writes to it.
  return activeDiscount(useSnapshot(offers)) as DiscountCode | null;
}

/**
 * What `code` takes off `bundle` (minor units) in payment country `country`, paid with `method` (undefined: some
 * method the code allows); 0 when it does not apply.
 */
export function discountOn(code: DiscountCode | null, bundle: Bundle, country: string, method?: PaymentMethod): number {
  if (!code || !discountFits(code, { amount: bundle.amount, currency: bundle.currency, country, method }, serverNow())) return 0;
  return discountAmount(bundle.amount, code.value_percentage);
}
