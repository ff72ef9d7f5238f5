// What a refund returns (spec 3 refund_days; docs/payments.md "Refunds"): the refund itself and the page's
// confirmation both take it from here, so the dialog names exactly what the refund then does.

/**
 * The refund of purchase `payment` (`credits` bought for `amount` minor units, fee included) while the member holds
 * `boughtCredits` bought, unspent credits (users.bought_credits; free credits are spent first): the credits taken
 * back, at most the purchase's, and their share of the amount, rounded down (minor units). `{ credits: 0, amount: 0 }`
 * when nothing bought is left.
 */
export function refundShare(
  payment: { credits: number; amount: number },
  boughtCredits: number,
): { credits: number; amount: number } {
  const credits = Math.max(0, Math.min(payment.credits, boughtCredits));
  return { credits, amount: Math.floor((payment.amount * credits) / payment.credits) };
}
