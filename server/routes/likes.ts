// Like calls: the likes list (spec 7), like and unlike (a mutual like is a match; a swipe-game like counts against
// the day's SWIPE_LIKES_PER_DAY, spec 9), clearing a new-like flag.
import type { FastifyInstance } from 'fastify';
import { LikeRequest, LikeSeenRequest, type LikesResponse } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { likesOf, markLikeSeen, setLike } from '../domain/discovery/likes.ts';
import { mailLikeNotice } from '../domain/notifications/email-notices.ts';
import { requireUser } from '../domain/accounts/sessions.ts';
import { takeSwipeLike } from '../domain/discovery/swipe.ts';
import { siteOf } from '../domain/content/sites.ts';
import { parse } from '../validate.ts';

export default async function likeRoutes(app: FastifyInstance, { db, jobs }: Deps): Promise<void> {
  app.get('/api/likes.php', async (req): Promise<LikesResponse> => {
    const user = await requireUser(db, req);
    return likesOf(db, { id: user.id, paidUser: user.paidUser }, (await siteOf(db, req)).settings.cdn_prefix);
  });

  for (const [method, on] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/like.php',
      handler: async (req) => {
        const user = await requireUser(db, req);
        const { profile, source } = parse(LikeRequest, req.body);
        const site = await siteOf(db, req);
        // A new like pushes to (and may mail) the liked member: kind match when they had liked this member first.
        const { answer } = await setLike(
          db,
          site.id,
          { id: user.id, paidUser: user.paidUser },
          profile,
          on,
          async (tx, match) => {
            await jobs.enqueue(tx, 'push-like', {
              cdnPrefix: site.settings.cdn_prefix,
              likerId: user.id,
              likedId: profile,
              match,
            });
            await mailLikeNotice(jobs, tx, user.id, profile, match);
          },
          on && source === 'swipe' ? (tx) => takeSwipeLike(tx, user.id, profile) : undefined,
        );
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
