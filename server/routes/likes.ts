// Like calls: the likes list (spec 7), like and unlike (a mutual like is a match), clearing a new-like flag.
import type { FastifyInstance } from 'fastify';
import { LikeRequest, LikeSeenRequest, type LikesResponse } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { likesOf, markLikeSeen, setLike } from '../domain/likes.ts';
import { requireUser } from '../domain/sessions.ts';
import { siteOf } from '../domain/sites.ts';
import { parse } from '../validate.ts';

export default async function likeRoutes(app: FastifyInstance, { db }: Deps): Promise<void> {
  app.get('/api/likes.php', async (req): Promise<LikesResponse> => {
    const user = await requireUser(db, req);
    return likesOf(db, { id: user.id, paidUser: user.paidUser }, (await siteOf(db, req)).settings.cdn_prefix);
  });

  for (const [method, on] of [['POST', true], ['DELETE', false]] as const) {
    app.route({
      method,
      url: '/api/like.php',
      handler: async (req) => {
        const user = await requireUser(db, req);
        const { profile } = parse(LikeRequest, req.body);
        return setLike(db, (await siteOf(db, req)).id, { id: user.id, paidUser: user.paidUser }, profile, on);
      },
    });
  }

  app.post('/api/like-seen.php', async (req) => {
    const user = await requireUser(db, req);
    const { profile } = parse(LikeSeenRequest, req.body);
    return { total_new: await markLikeSeen(db, user.id, profile) };
  });
}
