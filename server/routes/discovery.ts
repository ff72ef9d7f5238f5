// Discovery calls: the swipe game's deck (spec 2: /swipe-game; spec 9) and the match finder (spec 2: /match-finder).
// A swipe like itself is POST /api/like.php with `source: 'swipe'` (routes/likes.ts).
import type { FastifyInstance } from 'fastify';
import { MatchFinderQuery, SwipeDeckQuery, type MatchFinderResponse, type SwipeDeckResponse } from '../../contract/index.ts';
import type { ServerContext } from '../context.ts';
import { findMatches } from '../domain/discovery/match-finder.ts';
import { swipeDeck } from '../domain/discovery/swipe.ts';
import { parse } from '../validate.ts';

export default async function discoveryRoutes(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  app.get('/api/swipe-deck.php', async (req): Promise<SwipeDeckResponse> => {
    const viewer = await req.viewer.require();
    const { skip } = parse(SwipeDeckQuery, req.query);
    return swipeDeck(db, viewer, skip);
  });

  app.get('/api/match-finder.php', async (req): Promise<MatchFinderResponse> => {
    const viewer = await req.viewer.require();
    const q = parse(MatchFinderQuery, req.query);
    return findMatches(db, viewer, q);
  });
}
