// What premium gives, honestly (spec 1; /premium): the claim that premium members get more replies is only ever shown
// as a figure measured on this site's own conversations.
import { z } from 'zod';

/** The window the reply rates are measured over, in days. */
export const REPLY_RATE_DAYS = 90;
/** Fewer first messages than this in either group and no figure is shown: too few to say. */
export const REPLY_RATE_MIN_CONVERSATIONS = 30;

/**
 * The share of conversations started in the last REPLY_RATE_DAYS days whose first message got a reply, for starters
 * who were premium when they wrote it and for free ones: `replied` of `conversations` each, and `higher_percent`,
 * how much more likely (in percent, rounded) a premium member's first message is answered (negative: less likely).
 */
export const ReplyRates = z.object({
  days: z.number().int(),
  premium: z.object({ conversations: z.number().int(), replied: z.number().int() }),
  free: z.object({ conversations: z.number().int(), replied: z.number().int() }),
  higher_percent: z.number().int(),
});
export type ReplyRates = z.infer<typeof ReplyRates>;

/** GET /api/premium.php (*public*): the site's measured reply rates, null while either group has too few conversations. */
export const PremiumResponse = z.object({ reply_rates: ReplyRates.nullable() });
export type PremiumResponse = z.infer<typeof PremiumResponse>;
