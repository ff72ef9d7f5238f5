// Offers (spec 4, 7; docs/payments.md "Discounts"): the member's discount code, welcome discount and time bonus, and
// what premium gives as measured on this site.
import type { FastifyInstance } from 'fastify';
import { DiscountCodeQuery, type DiscountCodeResponse, type PremiumResponse } from '../../contract/index.ts';
import type { ServerContext } from '../context.ts';
import { checkCode, offerOf } from '../domain/money/discounts.ts';
import { replyRates } from '../domain/money/premium-stats.ts';
import { parse } from '../validate.ts';

export default async function offerRoutes(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  /** *member*. A typed code checked (`code`), the welcome discount (`welcome=true`) or the time bonus (neither). */
  app.get('/api/discountcode.php', async (req, reply): Promise<DiscountCodeResponse> => {
    const user = await req.viewer.requireUser();
    const q = parse(DiscountCodeQuery, req.query);
    const now = new Date();
    const discount_code = q.code
      ? await checkCode(db, user, q.code, now)
      : await offerOf(db, user, q.welcome === 'true' ? 'welcome' : 'time_bonus', now);
    reply.header('cache-control', 'no-store');
    return { discount_code, server_time: now.toISOString() };
  });

  /** *public*. The reply rates of premium and free members' first messages on this site (null: too few to say). */
  app.get('/api/premium.php', async (req): Promise<PremiumResponse> => ({
    reply_rates: await replyRates(db, req.site.id),
  }));
}
