// POST /api/complaint.php (spec 2: /complaints): files a complaint or report and mails support and the complainant.
import type { FastifyInstance } from 'fastify';
import { ComplaintRequest, type ComplaintResponse } from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';
import type { ServerContext } from '../context.ts';
import { fileComplaint } from '../domain/content/complaints.ts';
import { parse } from '../validate.ts';

export default async function complaintRoutes(app: FastifyInstance, { db, jobs }: ServerContext): Promise<void> {
  app.post('/api/complaint.php', async (req, reply): Promise<ComplaintResponse> => {
    const body = parse(ComplaintRequest, req.body);
    const user = await req.viewer.user();
    // The complaint and its mail jobs in one transaction: a mail that fails later is retried (support reads the table too).
    const reference = await db.transaction(async (tx) => {
      const filed = await fileComplaint(tx as Db, req.site, { user, ip: req.ip }, body);
      for (const m of filed.mails) await jobs.enqueue(tx as Db, 'mail', m);
      return filed.reference;
    });
    reply.status(201);
    return { reference };
  });
}
