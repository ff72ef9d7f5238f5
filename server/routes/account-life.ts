// The account life calls (spec 4, 5, 8, 9): e-mail change and its confirmation, deletion and reactivation.
import type { FastifyInstance } from 'fastify';
import { AccountDeleteRequest, EmailChangeRequest, TokenRequest } from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';
import type { Deps } from '../deps.ts';
import {
  confirmEmailChange,
  deleteAccount,
  reactivateAccount,
  requestEmailChange,
  type MailContext,
} from '../domain/accounts/account-life.ts';
import { requireUser, SESSION_COOKIE } from '../domain/accounts/sessions.ts';
import { siteOf } from '../domain/content/sites.ts';
import { parse } from '../validate.ts';

export default async function accountLifeRoutes(app: FastifyInstance, { db, config, jobs }: Deps): Promise<void> {
  const context = async (req: Parameters<typeof siteOf>[1]): Promise<MailContext> => {
    const { settings } = await siteOf(db, req);
    return { publicUrl: config.publicUrl, siteName: settings.name, supportEmail: settings.support_email };
  };

  app.put('/api/email.php', async (req) => {
    const user = await requireUser(db, req);
    const { email, password } = parse(EmailChangeRequest, req.body);
    const ctx = await context(req);
    await db.transaction(async (tx) => {
      for (const m of await requestEmailChange(tx as Db, user, email, password, ctx)) await jobs.enqueue(tx as Db, 'mail', m);
    });
    return { sent: true as const };
  });

  app.post('/api/mail-change-do.php', async (req) => {
    const { token } = parse(TokenRequest, req.body);
    return { email: await confirmEmailChange(db, token) };
  });

  app.post('/api/account-delete.php', async (req, reply) => {
    const user = await requireUser(db, req);
    const { password } = parse(AccountDeleteRequest, req.body);
    const ctx = await context(req);
    await db.transaction(async (tx) => jobs.enqueue(tx as Db, 'mail', await deleteAccount(tx as Db, user, password, ctx)));
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { deleted: true as const };
  });

  app.post('/api/reactivate.php', async (req) => {
    const { token } = parse(TokenRequest, req.body);
    await reactivateAccount(db, token);
    return { reactivated: true as const };
  });
}
