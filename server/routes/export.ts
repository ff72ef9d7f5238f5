// GET /api/export.php: the member's data as one ZIP (GDPR Art. 15 and 20; domain/data-export.ts).
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { exportData } from '../domain/accounts/data-export.ts';

export default async function exportRoutes(app: FastifyInstance, { db, images }: ServerContext): Promise<void> {
  app.get('/api/export.php', async (req, reply) => {
    const user = await req.viewer.requireUser();
    const zip = await exportData(db, images, user.id);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="my-data-${day}.zip"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(zip));
  });
}
