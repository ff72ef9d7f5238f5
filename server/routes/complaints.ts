// POST /api/complaint.php (spec 2: /complaints): files a complaint or report and mails support and the complainant.
import type { FastifyInstance } from 'fastify';
import { ComplaintRequest, type ComplaintResponse } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { fileComplaint } from '../domain/complaints.ts';
import { currentUser } from '../domain/sessions.ts';
import { siteOf } from '../domain/sites.ts';
import { parse } from '../validate.ts';

export default async function complaintRoutes(app: FastifyInstance, { db, mail }: Deps): Promise<void> {
  app.post('/api/complaint.php', async (req, reply): Promise<ComplaintResponse> => {
    const body = parse(ComplaintRequest, req.body);
    const { reference, mails } = await fileComplaint(db, await siteOf(db, req), await currentUser(db, req), body, req.ip);
    // The complaint is stored: a mail that fails later is not the complainant's problem (support reads the table too).
    for (const m of mails) mail.defer(() => mail.send(m));
    reply.status(201);
    return { reference };
  });
}
