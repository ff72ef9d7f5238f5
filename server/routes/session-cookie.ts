// The session cookie (DESIGN: security baseline): set when a session starts, cleared when it ends. The sessions
// themselves are domain/accounts/sessions.ts's; only routes touch the reply.
import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE, SESSION_SECONDS } from '../domain/accounts/sessions.ts';

/** Sets the HttpOnly session cookie to `token` for SESSION_SECONDS (`secure`: Config.cookieSecure). */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_SECONDS });
}

/** Clears the session cookie. */
export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
