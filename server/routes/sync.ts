// The delta call of the sync protocol (DESIGN: sync protocol): GET /api/sync.php?since=CURSOR.
import type { FastifyInstance } from 'fastify';
import { SyncQuery, type SyncResponse } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { requireUser } from '../domain/sessions.ts';
import { siteOf } from '../domain/sites.ts';
import { readSync } from '../domain/sync.ts';
import { parse } from '../validate.ts';

export default async function syncRoutes(app: FastifyInstance, { db }: Deps): Promise<void> {
  /**
   * *member*. Answers a snapshot (no `since`) or the delta after `since` (SyncResponse), with `ETag` and
   * `Cache-Control: no-store`; `304` with no body when If-None-Match names the current ETag. Errors: 400
   * bad_request (a `since` that is not a whole number >= 0), 403 authentication_required.
   */
  app.get('/api/sync.php', async (req, reply): Promise<SyncResponse | undefined> => {
    const user = await requireUser(db, req);
    const { since } = parse(SyncQuery, req.query);
    const site = await siteOf(db, req);
    const { etag, body } = await readSync(db, { id: user.id, paidUser: user.paidUser }, site.settings.cdn_prefix, since, req.headers['if-none-match']);
    reply.header('cache-control', 'no-store').header('etag', etag);
    if (!body) return reply.status(304).send();
    return body;
  });
}
