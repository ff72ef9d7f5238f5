// E-mail notification calls: the member's settings (spec 2: /notifications, spec 4: disabled notifications), the
// one-click unsubscribe of every notification mail (RFC 8058) and the mail provider's bounce and complaint webhook.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  EmailSettingRequest,
  MailEventsRequest,
  UnsubscribeQuery,
  type MailEventsResponse,
  type NotificationSettings,
  type UnsubscribeResponse,
} from '../../contract/index.ts';
import type { ServerContext } from '../context.ts';
import {
  applyMailEvents,
  disableNotifications,
  notificationSettings,
  setEmailSetting,
} from '../domain/notifications/email-settings.ts';
import { mailTokenSecret, verifyUnsubscribeToken } from '../domain/notifications/unsubscribe-tokens.ts';
import { ApiError } from '../errors.ts';
import { MAIL_EVENTS_PATH, UNSUBSCRIBE_PATH } from '../security.ts';
import { parse } from '../validate.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/** Whether `header` is `Bearer <secret>`; compared as SHA-256 digests in constant time, so length leaks nothing. */
function bearerMatches(header: string | undefined, secret: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return !!m && timingSafeEqual(sha256(m[1]), sha256(secret));
}

export default async function notificationRoutes(app: FastifyInstance, { db, config }: ServerContext): Promise<void> {
  /** *member*. The member's e-mail notification settings. */
  app.get('/api/notifications.php', async (req): Promise<NotificationSettings> =>
    notificationSettings(await req.viewer.requireUser()),
  );

  /** *member*. Turns one kind on or off (on also lifts that kind's disabled entries). 400 bad_request for bad input. */
  app.put('/api/notifications.php', async (req): Promise<NotificationSettings> => {
    const user = await req.viewer.requireUser();
    return notificationSettings(await setEmailSetting(db, user.id, parse(EmailSettingRequest, req.body)));
  });

  // The unsubscribe calls get their own scope: only they accept the form bodies mail systems post (RFC 8058 3.1).
  await app.register(async (scope) => {
    const ignoreBody = (_req: FastifyRequest, _body: string, done: (err: null, body: object) => void) => done(null, {});
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      ignoreBody,
    );

    /**
     * One-click unsubscribe (RFC 8058): a mail system posts `List-Unsubscribe=One-Click` without cookies. A valid
     * `token` stops its member's kind for reason list_unsubscribe (idempotent) and answers 200 UnsubscribeResponse;
     * the body is not needed. A missing, malformed or forged token: 400 bad_request (fields.token).
     */
    scope.post(UNSUBSCRIBE_PATH, { bodyLimit: 4096 }, async (req): Promise<UnsubscribeResponse> => {
      const { token } = parse(UnsubscribeQuery, req.query);
      const target = verifyUnsubscribeToken(await mailTokenSecret(db), token);
      if (!target) throw new ApiError(400, 'bad_request', {}, { token: 'invalid unsubscribe token' });
      // A token of an account deleted since is fine: nothing is mailed to it anyway.
      await disableNotifications(db, target.userId, { kinds: [target.kind], reason: 'list_unsubscribe' });
      return { unsubscribed: target.kind };
    });

    /** Opening the link changes nothing (link scanners fetch it): 303 to the settings page, where the member chooses. */
    scope.get(UNSUBSCRIBE_PATH, async (_req, reply: FastifyReply) => reply.redirect('/notifications', 303));
  });

  /**
   * The mail provider's webhook: `Authorization: Bearer <MAIL_WEBHOOK_SECRET>`, body MailEventsRequest; answers
   * MailEventsResponse. 404 not_found while MAIL_WEBHOOK_SECRET is unset; 401 unauthorized (WWW-Authenticate: Bearer)
   * for a missing or wrong secret, checked before the body is read; 400 bad_request for a bad body.
   */
  app.post(MAIL_EVENTS_PATH, {
    onRequest: async (req, reply) => {
      const secret = config.mailWebhookSecret;
      if (!secret) throw new ApiError(404, 'not_found');
      if (!bearerMatches(req.headers.authorization, secret)) {
        reply.header('www-authenticate', 'Bearer');
        throw new ApiError(401, 'unauthorized');
      }
    },
    handler: async (req): Promise<MailEventsResponse> => ({
      applied: await applyMailEvents(db, parse(MailEventsRequest, req.body).events),
    }),
  });
}
