// Like calls: the likes list (spec 7), like and unlike (a mutual like is a match; a swipe-game like counts against
// the day's SWIPE_LIKES_PER_DAY, spec 9), clearing a new-like flag.
import type { FastifyInstance } from 'fastify';
import { LikeRequest, LikeSeenRequest, type LikesResponse } from '../../contract/index.ts';
import type { ServerContext } from '../context.ts';
import { likesOf, markLikeSeen, setLike } from '../domain/discovery/likes.ts';
import { likeNoticeJob } from '../domain/notifications/email-notices.ts';
import { takeSwipeLike } from '../domain/discovery/swipe.ts';
import { parse } from '../validate.ts';

export default async function likeRoutes(app: FastifyInstance, { db, jobs }: ServerContext): Promise<void> {
  app.get('/api/likes.php', async (req): Promise<LikesResponse> => likesOf(db, await req.viewer.require()));

  for (const [method, on] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/like.php',
      handler: async (req) => {
        const viewer = await req.viewer.require();
        const { profile, source } = parse(LikeRequest, req.body);
        // A new like pushes to (and may mail) the liked member: kind match when they had liked this member first.
        const { answer } = await setLike(db, viewer, {
          memberId: profile,
          on,
          notify: (tx, match) =>
            jobs.enqueueAll(tx, [
              { name: 'push-like', data: { cdnPrefix: viewer.cdnPrefix, likerId: viewer.id, likedId: profile, match } },
              likeNoticeJob({ likerId: viewer.id, likedId: profile, match }),
            ]),
          before: on && source === 'swipe' ? (tx) => takeSwipeLike(tx, viewer.id, profile) : undefined,
        });
        return answer;
      },
    });
  }

  app.post('/api/like-seen.php', async (req) => {
    const user = await req.viewer.requireUser();
    const { profile } = parse(LikeSeenRequest, req.body);
    return { total_new: await markLikeSeen(db, user.id, profile) };
  });
}
