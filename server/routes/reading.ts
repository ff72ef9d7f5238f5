// Reading marks: the page says which conversation it shows live, so its messages need no push; the
// page-hidden beacon (spec 7) ends every mark when the member leaves the page.
import type { FastifyInstance } from 'fastify';
import { ReadingRequest, type ReadingResponse } from '../../contract/index.ts';
import type { ServerContext } from '../context.ts';
import { markReading, stopReading } from '../domain/messaging/live-reading.ts';
import { parse } from '../validate.ts';

export default async function readingRoutes(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  /** *member*. Body ReadingRequest; answers {reading: true}. Errors: 400 bad_request, 404 not_found. */
  app.post('/api/reading.php', async (req): Promise<ReadingResponse> => {
    const user = await req.viewer.requireUser();
    const { conversation_id: id } = parse(ReadingRequest, req.body);
    await markReading(db, user.id, id);
    return { reading: true };
  });

  /** *member*. Body ReadingRequest; answers {reading: false}, also when there was no mark. */
  app.delete('/api/reading.php', async (req): Promise<ReadingResponse> => {
    const user = await req.viewer.requireUser();
    const { conversation_id: id } = parse(ReadingRequest, req.body);
    await stopReading(db, user.id, id);
    return { reading: false };
  });

  /**
   * Spec 7: "POST /api/page-hidden.php, empty JSON, sent as a beacon when the page becomes hidden". Ends the
   * member's reading marks: from now on their new messages are pushed. Answers 204; a visitor's beacon too.
   */
  app.post('/api/page-hidden.php', async (req, reply) => {
    const user = await req.viewer.user();
    if (user) await stopReading(db, user.id);
    return reply.status(204).send();
  });
}
