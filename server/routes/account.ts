// Account calls: the user call (spec 7: GET/POST/PUT /api/user.php; ?push=1 is routes/push.ts), the unlock link, logout,
// signup, activation, dev mailbox.
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  ACTIVATED_COOKIE,
  ActivateQuery,
  InvisibleRequest,
  LanguageRequest,
  LoginRequest,
  SignupRequest,
  TokenRequest,
  type MailboxResponse,
  type PushSubscribeResponse,
  type UserResponse,
} from '../../contract/index.ts';
import type { ServerContext } from '../context.ts';
import { activate, login, resendActivation, setInvisible, setLanguage, signup, toUser } from '../domain/accounts/accounts.ts';
import { endSession, SESSION_COOKIE, startSession } from '../domain/accounts/sessions.ts';
import {
  countAttempt,
  DEVICE_COOKIE,
  isLoopbackIp,
  refundAttempt,
  SIGNUP_LIMIT,
  SIGNUP_PROBE_LIMIT,
} from '../domain/accounts/throttle.ts';
import { unlockDevice } from '../domain/accounts/unlock.ts';
import { ApiError } from '../errors.ts';
import { devToolsAllowed } from '../security.ts';
import { parse } from '../validate.ts';
import { isPushCall, subscribeCall } from './push.ts';
import { clearSessionCookie, setSessionCookie } from './session-cookie.ts';

/** Language of a new account: the `lang` cookie when it is a site language, else the site's domain language. */
function signupLanguage(cookie: string | undefined, domainLanguage: string, languages: readonly string[]): string {
  if (cookie && languages.includes(cookie)) return cookie;
  const fromDomain = domainLanguage.slice(0, 2);
  return languages.includes(fromDomain) ? fromDomain : 'en';
}

/** Sets the known-device cookie (throttle.ts knownDeviceId), sent with login calls only. */
function setDeviceCookie(reply: FastifyReply, value: string, secure: boolean): void {
  reply.setCookie(DEVICE_COOKIE, value, {
    path: '/api/user.php',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: 365 * 86400,
  });
}

export default async function accountRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db, config, mail, push } = ctx;
  app.get('/api/user.php', async (req): Promise<UserResponse> => {
    const user = await req.viewer.user();
    return { user: user ? await toUser(db, user) : null };
  });

  app.post('/api/user.php', async (req, reply): Promise<UserResponse | PushSubscribeResponse> => {
    if (isPushCall(req)) return subscribeCall({ db, push }, req);
    const body = parse(LoginRequest, req.body);
    const { user, newDevice } = await login(ctx, req.site, {
      email: body.email,
      password: body.password,
      ip: req.ip,
      deviceCookie: req.cookies[DEVICE_COOKIE],
    });
    if (newDevice) setDeviceCookie(reply, newDevice, config.cookieSecure);
    setSessionCookie(reply, await startSession(db, user.id), config.cookieSecure);
    return { user: await toUser(db, user) };
  });

  // The unlock link's page posts its token (a state change is never a GET): this browser passes the account lock.
  app.post('/api/unlock.php', async (req, reply) => {
    const { token } = parse(TokenRequest, req.body);
    setDeviceCookie(reply, await unlockDevice(db, token), config.cookieSecure);
    return { unlocked: true as const };
  });

  app.put('/api/user.php', async (req): Promise<UserResponse> => {
    const user = await req.viewer.requireUser();
    const { language } = parse(LanguageRequest, req.body);
    return { user: await toUser(db, await setLanguage(db, user.id, language)) };
  });

  app.put('/api/invisible.php', async (req): Promise<UserResponse> => {
    const user = await req.viewer.requireUser();
    const { invisible } = parse(InvisibleRequest, req.body);
    return { user: await toUser(db, await setInvisible(db, user.id, invisible)) };
  });

  app.get('/api/logout.php', async (req, reply) => {
    await endSession(db, req.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply);
    return { user: null };
  });

  app.post('/api/signup.php', async (req, reply): Promise<UserResponse> => {
    const body = parse(SignupRequest, req.body);
    const { site } = req;
    const language = signupLanguage(req.cookies.lang, site.settings.domain_language, site.settings.languages);
    // Accounts made per IP are claimed before the signup (concurrent ones cannot pass the limit) and given back when
    // it fails. Address probing is counted apart: past its limit a taken address answers 429, not 409, while a
    // signup with a free address from the same IP (a household, an office) still goes through.
    const made = `signup:${req.ip}`;
    const counted = !isLoopbackIp(req.ip);
    if (counted && (await countAttempt(db, made, SIGNUP_LIMIT)) > SIGNUP_LIMIT.max) throw new ApiError(429, 'signup_throttled');
    const user = await signup(ctx, site, body, language).catch(async (e: unknown) => {
      if (counted) await refundAttempt(db, made);
      const probes = `signup-taken:${req.ip}`;
      if (
        e instanceof ApiError &&
        e.code === 'email_taken' &&
        (await countAttempt(db, probes, SIGNUP_PROBE_LIMIT)) > SIGNUP_PROBE_LIMIT.max
      )
        throw new ApiError(429, 'signup_throttled');
      throw e;
    });
    setSessionCookie(reply, await startSession(db, user.id), config.cookieSecure);
    reply.status(201);
    return { user: await toUser(db, user) };
  });

  app.get('/api/activate.php', async (req, reply) => {
    const query = ActivateQuery.safeParse(req.query);
    const ok = query.success && (await activate(db, query.data.token));
    // The page cannot tell a visitor who followed the link from one who typed the path: this short-lived, readable
    // flag says the activation just worked (it only changes what that browser shows, so it needs no secrecy).
    if (ok)
      reply.setCookie(ACTIVATED_COOKIE, '1', { path: '/activate', sameSite: 'lax', secure: config.cookieSecure, maxAge: 600 });
    return reply.redirect(ok ? '/activate/done' : '/activate/error');
  });

  // Spec 2: the activation reminder's "send the link again" (rate limited: domain/accounts.ts resendActivation).
  app.post('/api/activation-resend.php', async (req) => {
    const user = await req.viewer.requireUser();
    await resendActivation(ctx, req.site, user);
    return { sent: true as const };
  });

  app.get('/api/dev-mailbox.php', async (req): Promise<MailboxResponse> => {
    if (!mail.embedded || !devToolsAllowed(req, config)) throw new ApiError(404, 'not_found');
    const list = await mail.list(100);
    return {
      mails: list.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        created_at: m.createdAt.toISOString(),
      })),
    };
  });
}
