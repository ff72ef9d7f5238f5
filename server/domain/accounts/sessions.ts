// Login sessions: random tokens in an HttpOnly cookie, stored hashed (DESIGN: security baseline).
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { prepared } from '../../db/prepared.ts';
import { sessions, users } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { LIVE_CHANNEL, livePayloads, type LiveObserver } from '../../services/live.ts';
import { LiveCache, perDatabase } from '../../services/member-cache.ts';

export const SESSION_COOKIE = 'sid';
/** Spec 9: auth cookie 30 days, in seconds. */
const SESSION_SECONDS = 30 * 24 * 3600;

export type UserRow = typeof users.$inferSelect;

/** SHA-256 hex of a token; only this is stored. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a session for `userId` (256-bit token) and sets the cookie on `reply`. */
export async function startSession(db: Db, reply: FastifyReply, userId: number, secure: boolean): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + SESSION_SECONDS * 1000) });
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_SECONDS });
}

/** Ends the request's session server-side (on every server instance: endSessionsOf) and clears the cookie. */
export async function endSession(db: Db, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = req.cookies[SESSION_COOKIE];
  if (token) {
    const ended = await db
      .delete(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
      .returning({ userId: sessions.userId });
    if (ended.length)
      await endSessionsOf(
        db,
        db,
        ended.map((r) => r.userId),
      );
  }
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/**
 * Tells every server instance that sessions of `userIds` were deleted through `tx` (`db` itself, or a transaction
 * of `db`: the NOTIFY is delivered when it commits): each drops those members' cached sessions (SessionCache), this
 * instance at once too. Call it wherever sessions rows are deleted.
 */
export async function endSessionsOf(db: Db, tx: Db | Tx, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  caches.cacheOf(db)?.forget(userIds);
  // Every instance drops those members' cached sessions (SessionCache.sessionsEnded).
  for (const payload of livePayloads(userIds, 's')) await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
}

/** How long a cached session is trusted before the database is asked again (a bound; session ends evict at once). */
const SESSION_CACHE_MS = 60_000;
/** At most this many sessions are cached (the oldest go first). */
const SESSION_CACHE_SIZE = 20_000;

/**
 * Sessions looked up recently, by token hash: the user id, when the session expires and when it was read. Fed by
 * currentUser; read by currentUserId, the cheap path of the hottest calls (the conditional sync). Correct only
 * while it hears every session end: the live hub tells it (LIVE_CHANNEL `{"s":[ids]}` from endSessionsOf), and when
 * the hub's listener is lost it stops serving until the listener is back (then it starts empty). A lookup that
 * started before a session end never stores its (stale) answer: `epoch` moves on every end.
 */
class SessionCache extends LiveCache {
  private entries = new Map<string, { userId: number; expiresAt: number; readAt: number; seenAt: number }>();

  /** The cached session of `hash` still valid at `now`, or undefined. */
  get(hash: string, now: number) {
    const e = this.serving ? this.entries.get(hash) : undefined;
    if (!e || e.expiresAt <= now || now - e.readAt > SESSION_CACHE_MS) return undefined;
    return e;
  }

  /** The current epoch, taken before a lookup and handed to `set`. */
  mark(): number {
    return this.epoch;
  }

  /** Stores a session read at `readAt` when no session ended since `epoch`. */
  set(hash: string, userId: number, expiresAt: number, readAt: number, seenAt: number, epoch: number): void {
    if (!this.serving || epoch !== this.epoch) return;
    if (this.entries.size >= SESSION_CACHE_SIZE) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hash, { userId, expiresAt, readAt, seenAt });
  }

  forget(userIds: number[]): void {
    this.epoch++;
    const ids = new Set(userIds);
    for (const [hash, e] of this.entries) if (ids.has(e.userId)) this.entries.delete(hash);
  }

  override sessionsEnded(userIds: number[]): void {
    this.forget(userIds);
  }
  protected clear(): void {
    this.entries.clear();
  }
}

const caches = perDatabase(() => new SessionCache());

/**
 * Turns the session cache on for `db` (buildApp does, with the live hub that keeps it correct): answers the
 * observer to hand to `LiveHub.observe`. Without it every call reads the sessions table.
 */
export const sessionCacheFor = (db: Db): LiveObserver => caches.cacheFor(db);

/** A member is seen (users.last_seen_at, the online flag) at most this often per request stream. */
const SEEN_EVERY_MS = 60_000;

const resolved = new WeakMap<FastifyRequest, Promise<UserRow | null>>();
const resolvedId = new WeakMap<FastifyRequest, Promise<number | null>>();

/**
 * The id of the logged-in user of a request, or null: from the session cache when it holds the session (no
 * database statement; the last-seen time is still written once a minute), else as currentUser. For calls that need
 * only the id (the conditional sync); the user row, when needed, comes from currentUser.
 */
export function currentUserId(db: Db, req: FastifyRequest): Promise<number | null> {
  let p = resolvedId.get(req);
  if (p) return p;
  const token = req.cookies[SESSION_COOKIE];
  const cache = caches.cacheOf(db);
  const now = Date.now();
  const hit = token && token.length <= 100 && cache ? cache.get(hashToken(token), now) : undefined;
  if (hit) {
    p = (async () => {
      if (now - hit.seenAt > SEEN_EVERY_MS) {
        hit.seenAt = now;
        await db
          .update(users)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(users.id, hit.userId));
      }
      return hit.userId;
    })();
  } else {
    p = currentUser(db, req).then((u) => u?.id ?? null);
  }
  resolvedId.set(req, p);
  return p;
}

/** The id of the logged-in user (currentUserId); throws ApiError 403 authentication_required. */
export async function requireUserId(db: Db, req: FastifyRequest): Promise<number> {
  const id = await currentUserId(db, req);
  if (id === null) throw new ApiError(403, 'authentication_required');
  return id;
}

/** The logged-in user of a request, or null (memoized per request). Also drops expired sessions now and then. */
export function currentUser(db: Db, req: FastifyRequest): Promise<UserRow | null> {
  let p = resolved.get(req);
  if (!p) {
    p = (async () => {
      const token = req.cookies[SESSION_COOKIE];
      if (!token || token.length > 100) return null;
      const now = new Date();
      const cache = caches.cacheOf(db);
      const epoch = cache?.mark() ?? 0;
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
      if (!user) return null;
      let seenAt = user.lastSeenAt?.getTime() ?? 0;
      if (now.getTime() - seenAt > SEEN_EVERY_MS) {
        seenAt = now.getTime();
        await db.update(users).set({ lastSeenAt: now }).where(eq(users.id, user.id));
        if (Math.random() < 0.01) await db.delete(sessions).where(lt(sessions.expiresAt, now));
      }
      cache?.set(hash, user.id, rows[0].expiresAt.getTime(), now.getTime(), seenAt, epoch);
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
