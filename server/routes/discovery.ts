// Discovery calls: the swipe game's deck (spec 2: /swipe-game; spec 9) and the match finder (spec 2: /match-finder).
// A swipe like itself is POST /api/like.php with `source: 'swipe'` (routes/likes.ts).
import type { FastifyInstance } from 'fastify';
import { MatchFinderQuery, SwipeDeckQuery, type MatchFinderResponse, type SwipeDeckResponse } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { findMatches } from '../domain/discovery/match-finder.ts';
import { requireUser } from '../domain/accounts/sessions.ts';
import { siteOf } from '../domain/content/sites.ts';
import { swipeDeck } from '../domain/discovery/swipe.ts';
import { parse } from '../validate.ts';

export default async function discoveryRoutes(app: FastifyInstance, { db }: Deps): Promise<void> {
  app.get('/api/swipe-deck.php', async (req): Promise<SwipeDeckResponse> => {
    const user = await requireUser(db, req);
    const { skip } = parse(SwipeDeckQuery, req.query);
    const site = await siteOf(db, req);
    return swipeDeck(db, site.id, { id: user.id, paidUser: user.paidUser }, skip, site.settings.cdn_prefix);
  });

  app.get('/api/match-finder.php', async (req): Promise<MatchFinderResponse> => {
    const user = await requireUser(db, req);
    const q = parse(MatchFinderQuery, req.query);
    const site = await siteOf(db, req);
    return findMatches(db, site.id, { id: user.id, paidUser: user.paidUser }, q, site.settings.cdn_prefix);
  });
}
