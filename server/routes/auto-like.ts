// The auto-like call (spec 7: GET /api/auto-like.php): the site's welcome like from a fictional member.
import type { FastifyInstance } from 'fastify';
import type { AutoLikeResponse } from '../../contract/index.ts';
import type { ServerContext } from '../context.ts';
import { autoLikeAnswer, giveAutoLike } from '../domain/discovery/auto-like.ts';
import { viewerOf } from '../domain/types.ts';

export default async function autoLikeRoutes(app: FastifyInstance, { db, jobs }: ServerContext): Promise<void> {
  /**
   * *member*. Gives the caller an auto-like when one is due and answers AutoLikeResponse: the liker with its card and
   * `main_image.match`, or `{ profile: null }`. Errors: 403 authentication_required. Never 5xx: the welcome like is
   * optional, so a failure is logged and answered with `{ profile: null }` (the client retries 5xx, spec 7).
   */
  app.get('/api/auto-like.php', async (req): Promise<AutoLikeResponse> => {
    const user = await req.viewer.requireUser();
    if (user.fictional) return { profile: null };
    try {
      const viewer = viewerOf(user, req.site);
      const { cdnPrefix } = viewer;
      // Like a normal like: a subscribed device of the member gets the push.
      const likerId = await giveAutoLike(db, user.siteId, user.id, (tx, liker) =>
        jobs.enqueue(tx, 'push-like', { cdnPrefix, likerId: liker, likedId: user.id, match: false }),
      );
      if (likerId === null) return { profile: null };
      return await autoLikeAnswer(db, viewer, likerId);
    } catch (err) {
      req.log.error(err);
      return { profile: null };
    }
  });
}
