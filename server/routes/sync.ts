// The delta call of the sync protocol (DESIGN: sync protocol): GET /api/sync.php?since=CURSOR.
import type { FastifyInstance } from 'fastify';
import { SyncQuery, type SyncResponse } from '../../contract/index.ts';
import type { ServerContext } from '../context.ts';
import { etagMatches, maxChangeSeq, readSync, syncEtag } from '../domain/sync/sync.ts';
import { parse } from '../validate.ts';

export default async function syncRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  /**
   * *member*. Answers a snapshot (no `since`) or the delta after `since` (SyncResponse), with `ETag` and
   * `Cache-Control: no-store`; `304` with no body when If-None-Match names the current ETag. Errors: 400
   * bad_request (a `since` that is not a whole number >= 0), 403 authentication_required.
   */
  app.get('/api/sync.php', async (req, reply): Promise<SyncResponse | undefined> => {
    // The idle path (a page that is up to date asks again): the session and the log head from memory when cached.
    const userId = await req.viewer.requireId();
    const { since } = parse(SyncQuery, req.query);
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch) {
      const maxSeq = await maxChangeSeq(ctx, userId, true);
      const etag = syncEtag(userId, maxSeq);
      if (etagMatches(ifNoneMatch, etag) && (since === undefined || since === maxSeq))
        return reply.header('cache-control', 'no-store').header('etag', etag).status(304).send();
    }
    const viewer = await req.viewer.require();
    const { etag, body } = await readSync(ctx, viewer, { since, ifNoneMatch: req.headers['if-none-match'] });
    reply.header('cache-control', 'no-store').header('etag', etag);
    if (!body) return reply.status(304).send();
    return body;
  });
}
