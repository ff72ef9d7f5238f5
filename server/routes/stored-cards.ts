// The member's stored cards (docs/payments.md "Stored card and repeat order", docs/api.md): listed in the settings and
// removed there, at the provider first. Apart from payments.ts because no payment is made.
import type { FastifyInstance } from 'fastify';
import { StoredCardRemoveRequest, type StoredCardsResponse } from '../../contract/index.ts';
import type { ServerContext } from '../context.ts';
import { removeStoredCard, storedCardsOf } from '../domain/money/stored-cards.ts';
import { parse } from '../validate.ts';

export default async function storedCardRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  /** *member*. The member's stored cards, newest first. */
  app.get('/api/stored-cards.php', async (req): Promise<StoredCardsResponse> => {
    const user = await req.viewer.requireUser();
    return { cards: await storedCardsOf(ctx.db, user.id) };
  });

  /** *member*. Removes one of the member's stored cards at the provider, then here; answers the cards left. */
  app.post('/api/stored-card-remove.php', async (req): Promise<StoredCardsResponse> => {
    const user = await req.viewer.requireUser();
    const { id } = parse(StoredCardRemoveRequest, req.body);
    return { cards: await removeStoredCard(ctx, user, id) };
  });
}
