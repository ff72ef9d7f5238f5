// The account life calls (spec 4, 5, 8, 9): e-mail change and its confirmation, deletion and reactivation.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AccountDeleteRequest, EmailChangeRequest, TokenRequest } from '../../contract/index.ts';
import type { ServerContext } from '../context.ts';
import type { Db } from '../db/connect.ts';
import {
  confirmEmailChange,
  deleteAccount,
  reactivateAccount,
  requestEmailChange,
  type MailContext,
} from '../domain/accounts/account-life.ts';
import { checkCurrentPassword } from '../domain/accounts/passwords.ts';
import { parse } from '../validate.ts';
import { clearSessionCookie } from './session-cookie.ts';

export default async function accountLifeRoutes(app: FastifyInstance, { db, config, jobs }: ServerContext): Promise<void> {
  const mailContext = ({ site: { settings } }: FastifyRequest): MailContext => ({
    publicUrl: config.publicUrl,
    siteName: settings.name,
    supportEmail: settings.support_email,
  });

  app.put('/api/email.php', async (req) => {
    const user = await req.viewer.requireUser();
    const { email, password } = parse(EmailChangeRequest, req.body);
    const mail = mailContext(req);
    await checkCurrentPassword(db, user, { password, ip: req.ip, field: 'password' });
    await db.transaction(async (tx) => {
      for (const m of await requestEmailChange(tx as Db, user, email, mail)) await jobs.enqueue(tx as Db, 'mail', m);
    });
    return { sent: true as const };
  });

  app.post('/api/mail-change-do.php', async (req) => {
    const { token } = parse(TokenRequest, req.body);
    return { email: await confirmEmailChange(db, token) };
  });

  app.post('/api/account-delete.php', async (req, reply) => {
    const user = await req.viewer.requireUser();
    const { password } = parse(AccountDeleteRequest, req.body);
    const mail = mailContext(req);
    await checkCurrentPassword(db, user, { password, ip: req.ip, field: 'password' });
    await db.transaction(async (tx) => jobs.enqueue(tx as Db, 'mail', await deleteAccount(tx as Db, user, mail)));
    clearSessionCookie(reply);
    return { deleted: true as const };
  });

  app.post('/api/reactivate.php', async (req) => {
    const { token } = parse(TokenRequest, req.body);
    await reactivateAccount(db, token);
    return { reactivated: true as const };
  });
}
