// GET /media/:file: serves photos (full, thumb and their blurred copies) from the image service.
// Names are unguessable keys, so a file's bytes never change: they are cached for a year.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../errors.ts';

/** Registers GET /media/:file. Answers image/webp, or 404 not_found for a bad or unknown name. */
export default async function mediaRoutes(app: FastifyInstance, { images }: ServerContext): Promise<void> {
  app.get<{ Params: { file: string } }>('/media/:file', async (req, reply) => {
    const bytes = await images.read(req.params.file);
    if (!bytes) throw new ApiError(404, 'not_found');
    return reply.header('content-type', 'image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(bytes);
  });
}
