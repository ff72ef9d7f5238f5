// Login sessions: random tokens in an HttpOnly cookie, stored hashed (DESIGN: security baseline).
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { prepared } from '../db/prepared.ts';
import { sessions, users } from '../db/schema.ts';
import { ApiError } from '../errors.ts';

export const SESSION_COOKIE = 'sid';
/** Spec 9: auth cookie 30 days, in seconds. */
export const SESSION_SECONDS = 30 * 24 * 3600;

export type UserRow = typeof users.$inferSelect;

/** SHA-256 hex of a token; only this is stored. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a session for `userId` (256-bit token) and sets the cookie on `reply`. */
export async function startSession(db: Db, reply: FastifyReply, userId: number, secure: boolean): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + SESSION_SECONDS * 1000) });
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_SECONDS });
}

/** Ends the request's session server-side and clears the cookie. */
export async function endSession(db: Db, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = req.cookies[SESSION_COOKIE];
  if (token) await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

const resolved = new WeakMap<FastifyRequest, Promise<UserRow | null>>();

/** The logged-in user of a request, or null (memoized per request). Also drops expired sessions now and then. */
export function currentUser(db: Db, req: FastifyRequest): Promise<UserRow | null> {
  let p = resolved.get(req);
  if (!p) {
    p = (async () => {
      const token = req.cookies[SESSION_COOKIE];
      if (!token || token.length > 100) return null;
      const now = new Date();
      const rows = await prepared(db, 'session_user', (d) =>
        d
          .select({ user: users })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), gt(sessions.expiresAt, sql.placeholder('now'))))
          .limit(1)
          .prepare('session_user'),
      ).execute({ hash: hashToken(token), now });
      const user = rows[0]?.user ?? null;
      if (user && (!user.lastSeenAt || now.getTime() - user.lastSeenAt.getTime() > 60_000)) {
        await db.update(users).set({ lastSeenAt: now }).where(eq(users.id, user.id));
        if (Math.random() < 0.01) await db.delete(sessions).where(lt(sessions.expiresAt, now));
      }
      return user;
    })();
    resolved.set(req, p);
  }
  return p;
}

/** The logged-in user; throws ApiError 403 authentication_required (spec 4: the client then logs out). */
export async function requireUser(db: Db, req: FastifyRequest): Promise<UserRow> {
  const user = await currentUser(db, req);
  if (!user) throw new ApiError(403, 'authentication_required');
  return user;
}
