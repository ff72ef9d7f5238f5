// Like calls: the likes list (spec 7), like and unlike (a mutual like is a match), clearing a new-like flag.
import type { FastifyInstance } from 'fastify';
import { LikeRequest, LikeSeenRequest, type LikesResponse } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { likesOf, markLikeSeen, setLike } from '../domain/likes.ts';
import { mailLikeNotice } from '../domain/email-notices.ts';
import { notifyLike } from '../domain/push-notices.ts';
import { requireUser } from '../domain/sessions.ts';
import { siteOf } from '../domain/sites.ts';
import { parse } from '../validate.ts';

export default async function likeRoutes(app: FastifyInstance, { db, push, mail, config }: Deps): Promise<void> {
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
        const site = await siteOf(db, req);
        const { answer, added } = await setLike(db, site.id, { id: user.id, paidUser: user.paidUser }, profile, on);
        // A new like pushes to (and may mail) the liked member: kind match when they had liked this member first.
        if (added) {
          notifyLike({ db, push }, site.settings.cdn_prefix, user.id, profile, answer.match);
          mailLikeNotice({ db, mail, config }, user.id, profile, answer.match);
        }
        return answer;
      },
    });
  }

  app.post('/api/like-seen.php', async (req) => {
    const user = await requireUser(db, req);
    const { profile } = parse(LikeSeenRequest, req.body);
    return { total_new: await markLikeSeen(db, user.id, profile) };
  });
}
