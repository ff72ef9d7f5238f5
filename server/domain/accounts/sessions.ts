// Login sessions: random tokens in an HttpOnly cookie, stored hashed (DESIGN: security baseline), and the member behind
// a request's session, looked up only when a route asks (req.viewer).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { SessionCache } from '../../cache/session-cache.ts';
import type { Db } from '../../db/connect.ts';
import { prepared } from '../../db/prepared.ts';
import { sessions, users } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { recordChanges } from '../sync/changes.ts';
import { viewerOf, type Site, type UserRow, type Viewer } from '../types.ts';

export const SESSION_COOKIE = 'sid';
/** Spec 9: auth cookie 30 days, in seconds. */
export const SESSION_SECONDS = 30 * 24 * 3600;

/** SHA-256 hex of a token; only this is stored. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a session for `userId` (a 256-bit token, valid SESSION_SECONDS) and answers its token, for the cookie. */
export async function startSession(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + SESSION_SECONDS * 1000) });
  return token;
}

/** Ends the session of `token` (a request's cookie; none: nothing to end), on every server instance (recordChanges). */
export async function endSession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
      .returning({ userId: sessions.userId });
    await recordChanges(tx, [], { sessionsEnded: ended.map((r) => r.userId) });
  });
}

/** What the session lookups need: the database and the session cache. */
export interface SessionContext {
  db: Db;
  caches: { sessions: SessionCache };
}

/** A member is seen (users.last_seen_at, the online flag) at most this often per request stream. */
const SEEN_EVERY_MS = 60_000;

/**
 * The member behind a request's session cookie (req.viewer), looked up only when asked and at most once per request:
 * a call that asks nothing pays nothing. A session is bound to its member's site: on another site's Host it answers
 * as no session (null), so no route of one site serves a member of another (docs/security.md). Each `require*`
 * throws ApiError 403 authentication_required where the plain one answers null (spec 4: the client then logs out).
 */
export interface RequestViewer {
  /**
   * The member's id, or null: from the session cache when it holds the session (no statement; the last-seen time is
   * still written once a minute), else as `user`. For calls that need only the id (the conditional sync).
   */
  id(): Promise<number | null>;
  requireId(): Promise<number>;
  /** The member's account row, or null. Also drops expired sessions now and then. */
  user(): Promise<UserRow | null>;
  requireUser(): Promise<UserRow>;
  /** The member as domain reads take them (their row's id and premium flag, on the request's site), or null. */
  get(): Promise<Viewer | null>;
  require(): Promise<Viewer>;
}

/**
 * The RequestViewer of a request with session cookie `token` (undefined: none) to `site` (asked once a session is
 * found: its member's site must be it). Nothing is read until a method is called; making one costs one small object
 * (every request makes one).
 */
export function requestViewer(ctx: SessionContext, token: string | undefined, site: () => Site): RequestViewer {
  return new SessionViewer(ctx, token !== undefined && token !== '' && token.length <= 100 ? token : null, site);
}

/** A value, or ApiError 403 authentication_required for null. */
async function required<T>(value: Promise<T | null>): Promise<T> {
  const found = await value;
  if (found === null) throw new ApiError(403, 'authentication_required');
  return found;
}

class SessionViewer implements RequestViewer {
  private userRow?: Promise<UserRow | null>;
  private userId?: Promise<number | null>;

  constructor(
    private readonly ctx: SessionContext,
    private readonly token: string | null,
    private readonly site: () => Site,
  ) {}

  id(): Promise<number | null> {
    return (this.userId ??=
      (this.token !== null && cachedUserId(this.ctx, this.token, this.site().id)) || this.user().then((u) => u?.id ?? null));
  }
  requireId(): Promise<number> {
    return required(this.id());
  }
  user(): Promise<UserRow | null> {
    return (this.userRow ??= this.token === null ? Promise.resolve(null) : sessionUser(this.ctx, this.token, this.site().id));
  }
  requireUser(): Promise<UserRow> {
    return required(this.user());
  }
  async get(): Promise<Viewer | null> {
    const row = await this.user();
    return row && viewerOf(row, this.site());
  }
  require(): Promise<Viewer> {
    return required(this.get());
  }
}

/**
 * The user id of session `token` from the session cache (no statement), or null when the cache does not hold it;
 * a held session of a member of another site than `siteId` answers a promise of null.
 */
function cachedUserId({ db, caches }: SessionContext, token: string, siteId: number): Promise<number | null> | null {
  const now = Date.now();
  const hit = caches.sessions.get(hashToken(token), now);
  if (!hit) return null;
  if (hit.siteId !== siteId) return Promise.resolve(null);
  return (async () => {
    if (now - hit.seenAt > SEEN_EVERY_MS) {
      hit.seenAt = now;
      await db
        .update(users)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(users.id, hit.userId));
    }
    return hit.userId;
  })();
}

/**
 * The user of session `token` (one prepared statement), stored in the session cache; null when none, expired, or
 * the member's site is not `siteId` (then not seen either).
 */
async function sessionUser({ db, caches }: SessionContext, token: string, siteId: number): Promise<UserRow | null> {
  const now = new Date();
  const since = caches.sessions.mark();
  const hash = hashToken(token);
  const rows = await prepared(db, 'session_user_exp', (d) =>
    d
      .select({ user: users, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), gt(sessions.expiresAt, sql.placeholder('now'))))
      .limit(1)
      .prepare('session_user_exp'),
  ).execute({ hash, now });
  const user = rows[0]?.user ?? null;
  if (!user || user.siteId !== siteId) return null;
  let seenAt = user.lastSeenAt?.getTime() ?? 0;
  if (now.getTime() - seenAt > SEEN_EVERY_MS) {
    seenAt = now.getTime();
    await db.update(users).set({ lastSeenAt: now }).where(eq(users.id, user.id));
    if (Math.random() < 0.01) await db.delete(sessions).where(lt(sessions.expiresAt, now));
  }
  caches.sessions.set(hash, { userId: user.id, siteId, expiresAt: rows[0].expiresAt.getTime(), seenAt }, since);
  return user;
}
