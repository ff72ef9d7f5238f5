// Login sessions: random tokens in an HttpOnly cookie, stored hashed (DESIGN: security baseline), and the member behind
// a request's session, looked up only when a route asks (req.viewer).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { prepared } from '../../db/prepared.ts';
import { sessions, users } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { LIVE_CHANNEL, livePayloads, type LiveObserver } from '../../services/live.ts';
import { LiveCache, perDatabase } from '../../services/member-cache.ts';
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

/** Ends the session of `token` (a request's cookie; none: nothing to end) on every server instance (endSessionsOf). */
export async function endSession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
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
 * sessionUser; read by cachedUserId, the cheap path of the hottest calls (the conditional sync). Correct only
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

  /** Stores a session read at `entry.readAt` when no session ended since `epoch`. */
  set(hash: string, entry: { userId: number; expiresAt: number; readAt: number; seenAt: number }, epoch: number): void {
    if (!this.serving || epoch !== this.epoch) return;
    if (this.entries.size >= SESSION_CACHE_SIZE) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hash, entry);
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

/**
 * The member behind a request's session cookie (req.viewer), looked up only when asked and at most once per request:
 * a call that asks nothing pays nothing. Each `require*` throws ApiError 403 authentication_required where the plain
 * one answers null (spec 4: the client then logs out).
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
 * The RequestViewer of a request with session cookie `token` (undefined: none) to `site` (asked only by `get`).
 * Nothing is read until a method is called.
 */
export function requestViewer(db: Db, token: string | undefined, site: () => Site): RequestViewer {
  const valid = token !== undefined && token !== '' && token.length <= 100 ? token : null;
  let user: Promise<UserRow | null> | undefined;
  let id: Promise<number | null> | undefined;
  const required = async <T>(value: Promise<T | null>): Promise<T> => {
    const found = await value;
    if (found === null) throw new ApiError(403, 'authentication_required');
    return found;
  };
  const self: RequestViewer = {
    id: () => (id ??= (valid !== null && cachedUserId(db, valid)) || self.user().then((u) => u?.id ?? null)),
    requireId: () => required(self.id()),
    user: () => (user ??= valid === null ? Promise.resolve(null) : sessionUser(db, valid)),
    requireUser: () => required(self.user()),
    get: async () => {
      const row = await self.user();
      return row && viewerOf(row, site());
    },
    require: () => required(self.get()),
  };
  return self;
}

/** The user id of session `token` from the session cache (no statement), or null when the cache does not hold it. */
function cachedUserId(db: Db, token: string): Promise<number> | null {
  const cache = caches.cacheOf(db);
  const now = Date.now();
  const hit = cache?.get(hashToken(token), now);
  if (!hit) return null;
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

/** The user of session `token` (one prepared statement), stored in the session cache; null when none or expired. */
async function sessionUser(db: Db, token: string): Promise<UserRow | null> {
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
  cache?.set(hash, { userId: user.id, expiresAt: rows[0].expiresAt.getTime(), readAt: now.getTime(), seenAt }, epoch);
  return user;
}
