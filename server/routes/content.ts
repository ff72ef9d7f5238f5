// Content blocks (spec 1: legal pages, FAQ, pricing text, landing content), public and cacheable: GET /api/content.php.
import type { FastifyInstance } from 'fastify';
import { ContentQuery, type ContentResponse } from '../../contract/index.ts';
import type { ServerContext } from '../context.ts';
import { contentBlock } from '../domain/content/content.ts';
import { parse } from '../validate.ts';

export default async function contentRoutes(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  app.get('/api/content.php', async (req, reply): Promise<ContentResponse> => {
    const { token, lang } = parse(ContentQuery, req.query);
    const content = await contentBlock(db, req.site, token, lang ?? 'en');
    // Short: the service worker answers from its copy at once and refreshes it in the background (docs/pwa.md).
    reply.header('cache-control', 'public, max-age=300');
    return { content };
  });
}
