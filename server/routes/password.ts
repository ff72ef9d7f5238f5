// Password calls (spec 5, 8): reset by e-mailed link, set a new password with it, change it while logged in.
import type { FastifyInstance } from 'fastify';
import { PasswordChangeRequest, PasswordResetDoRequest, PasswordResetRequest, type UserResponse } from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';
import type { ServerContext } from '../context.ts';
import { toUser } from '../domain/accounts/accounts.ts';
import { changePassword, requestPasswordReset, resetPassword } from '../domain/accounts/password-reset.ts';
import { hashToken, SESSION_COOKIE, startSession } from '../domain/accounts/sessions.ts';
import { countAttempt, isBlocked, RESET_PROBE_LIMIT } from '../domain/accounts/throttle.ts';
import { refuseRestricted } from '../domain/moderation/restrictions.ts';
import { ApiError } from '../errors.ts';
import { parse } from '../validate.ts';
import { setSessionCookie } from './session-cookie.ts';

export default async function passwordRoutes(app: FastifyInstance, { db, config, jobs }: ServerContext): Promise<void> {
  app.post('/api/password-reset.php', async (req) => {
    const { email } = parse(PasswordResetRequest, req.body);
    const { site } = req;
    // Address probing: "not found" answers are counted per IP (outside the transaction, which a 404 rolls back);
    // past the limit every reset from that IP answers 429, and so does the probe that went over it.
    const probes = `reset-unknown:${req.ip}`;
    if (await isBlocked(db, probes)) throw new ApiError(429, 'reset_throttled');
    // A job written with the token, sent after the answer: how long a mail server takes must not tell whether the
    // address has an account.
    await db
      .transaction(async (tx) => {
        const message = await requestPasswordReset(tx as Db, site, email, config.publicUrl);
        await jobs.enqueue(tx as Db, 'mail', message);
      })
      .catch(async (e: unknown) => {
        if (
          e instanceof ApiError &&
          e.code === 'email_not_found' &&
          (await countAttempt(db, probes, RESET_PROBE_LIMIT)) > RESET_PROBE_LIMIT.max
        )
          throw new ApiError(429, 'reset_throttled');
        throw e;
      });
    return { sent: true as const };
  });

  app.post('/api/password-reset-do.php', async (req, reply): Promise<UserResponse> => {
    const { token, password } = parse(PasswordResetDoRequest, req.body);
    const user = await resetPassword(db, token, password);
    // A new password does not get a suspended or banned member past the restriction.
    await refuseRestricted(db, user.id);
    setSessionCookie(reply, await startSession(db, user.id), config.cookieSecure);
    return { user: await toUser(db, user) };
  });

  app.put('/api/password.php', async (req) => {
    const user = await req.viewer.requireUser();
    const input = parse(PasswordChangeRequest, req.body);
    await changePassword(db, user, input, { keepSessionHash: hashToken(req.cookies[SESSION_COOKIE] ?? ''), ip: req.ip });
    return { changed: true as const };
  });
}
