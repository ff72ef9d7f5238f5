// The gift catalogue (spec 1: members send gifts; spec 3: settings.gift_credits): the ids a gift message may carry
// and the send call. A gift is a message with `gift` set, so it shares the message's outbox, sync and ledger path.
import { z } from 'zod';
import { Id } from './common.ts';

/**
 * The catalogue, in the picker's order. Each id names a drawn image (src/features/gifts/gift-art.tsx) and the
 * i18n key `gifts:names.<id>` (locales/en/gifts.json); the server reads the same key for push texts.
 */
export const giftIds = [
  'rose',
  'heart',
  'chocolates',
  'teddy',
  'champagne',
  'cupcake',
  'sunflower',
  'star',
  'kiss',
  'coffee',
  'diamond',
  'balloons',
] as const;
export const GiftId = z.enum(giftIds);
export type GiftId = z.infer<typeof GiftId>;

/**
 * POST /api/gift.php: send gift `gift` to member `profile`. `id` is a client UUIDv7, the idempotency key shared with
 * messages (ledger key `message:<id>`): the same id again is the same gift, one debit, the same answer. Costs
 * settings.gift_credits credits. Answers SendMessageResponse (the gift message, the balance after, the cost).
 * Errors as a message send: not_enough_credits (402), premium_only (403, a free member's third new conversation),
 * blocked (403), not_found (404), conflict (409: the id is another message).
 */
export const SendGiftRequest = z.object({
  id: z.uuid({ version: 'v7' }),
  profile: Id,
  gift: GiftId,
});
export type SendGiftRequest = z.infer<typeof SendGiftRequest>;

/** The real-money price of a gift (giftPrice): `amount` in minor units, and the bundle it is based on. */
export interface GiftPrice {
  amount: number;
  basis: { credits: number; amount: number };
}

/**
 * The money a gift costs (spec 1: the real-money price is shown before sending): `giftCredits` credits at the
 * price per credit of the smallest bundle (fewest credits) of the payment country, in that bundle's minor units,
 * rounded to the nearest unit. Null when no bundle is sold.
 */
export function giftPrice(bundles: readonly { credits: number; amount: number }[], giftCredits: number): GiftPrice | null {
  if (bundles.length === 0) return null;
  const smallest = bundles.reduce((a, b) => (b.credits < a.credits ? b : a));
  return {
    amount: Math.round((smallest.amount * giftCredits) / smallest.credits),
    basis: { credits: smallest.credits, amount: smallest.amount },
  };
}
