// Accounts: signup with the spec 5 rules, activation by e-mailed link, login, and the user call's shape.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import {
  birthDateProblem,
  isEmailAddress,
  signupsOpen,
  usernameProblem,
  type SignupRequest,
  type User,
} from '../../../contract/index.ts';
import type { Db } from '../../db/connect.ts';
import { activationTokens, conversations, photos, profiles, users } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import type { OutgoingMail } from '../../services/mail.ts';
import { accountMail } from './account-mail.ts';
import { recordChanges } from '../sync/changes.ts';
import { peerChanges } from '../sync/peer-changes.ts';
import { applyCredits } from '../money/credits-ledger.ts';
import type { ServerContext } from '../../context.ts';
import { checkNewPassword, hashPassword, verifyPassword } from './passwords.ts';
import { passwordUserInputs } from './password-strength.ts';
import type { Site, UserRow } from '../types.ts';
import { claimLoginAttempt, deviceCookieSecret, knownDeviceId, loginSucceeded, newDeviceCookie } from './throttle.ts';
import { offerUnlock } from './unlock.ts';
import { refuseRestricted } from '../moderation/restrictions.ts';
import { prepared } from '../../db/prepared.ts';

/** Activation links stay valid this many days. */
const ACTIVATION_DAYS = 7;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Checks a signup against spec 5 (signupsOpen, usernameProblem, birthDateProblem), first failure first.
 * Throws ApiError: 403 signups_closed; 400 invalid_email, username_is_email, username_at, invalid_date_of_birth,
 * too_young, password_too_short, password_too_common (weak, also for the site's and the member's own words; with
 * `fields` naming the input).
 */
export function checkSignup(site: Site, req: SignupRequest, now = new Date()): void {
  if (!signupsOpen(site.settings, req.tracking?.network)) throw new ApiError(403, 'signups_closed');
  const fail = (code: ConstructorParameters<typeof ApiError>[1], field: string) => new ApiError(400, code, {}, { [field]: code });
  if (!isEmailAddress(req.email)) throw fail('invalid_email', 'email');
  const nameProblem = usernameProblem(req.name, req.email);
  if (nameProblem) throw fail(nameProblem, 'name');
  const birthProblem = birthDateProblem(req.date_of_birth, now);
  if (birthProblem) throw fail(birthProblem, 'date_of_birth');
  checkNewPassword(req.password, passwordUserInputs(site, req));
}

/**
 * Creates an account on `site` with mails in `language` (status not_confirmed, profile disabled until activation),
 * grants signup_credits through the ledger, records a 'user' change (sync log) and writes the mail job of the
 * activation link `<publicUrl>/api/activate.php?token=…`. Errors: those of checkSignup, 409 email_taken (spec 5 message).
 */
export async function signup(
  { db, jobs, config }: Pick<ServerContext, 'db' | 'jobs' | 'config'>,
  site: Site,
  req: SignupRequest,
  language: string,
): Promise<UserRow> {
  const { publicUrl } = config;
  checkSignup(site, req);
  const email = req.email.trim();
  const passwordHash = await hashPassword(req.password);
  const token = randomBytes(32).toString('base64url');
  const user = await db.transaction(async (tx) => {
    const taken = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.siteId, site.id), sql`lower(${users.email}) = ${email.toLowerCase()}`));
    if (taken.length) throw new ApiError(409, 'email_taken', {}, { email: 'email_taken' });
    const [u] = await tx
      .insert(users)
      .values({ siteId: site.id, email, passwordHash, language, tracking: req.tracking ?? null, lastSeenAt: new Date() })
      .returning();
    await tx.insert(profiles).values({
      userId: u.id,
      name: req.name,
      gender: req.gender,
      sexuality: req.sexuality,
      dateOfBirth: req.date_of_birth,
      country: req.country,
      about: req.signup_message ?? '',
    });
    const credits =
      site.settings.signup_credits > 0
        ? await applyCredits(tx, u.id, {
            delta: site.settings.signup_credits,
            reason: 'signup',
            idempotencyKey: `signup:${u.id}`,
          })
        : 0;
    await tx
      .insert(activationTokens)
      .values({ tokenHash: sha256(token), userId: u.id, expiresAt: new Date(Date.now() + ACTIVATION_DAYS * 86400_000) });
    await jobs.enqueue(
      tx as Db,
      'mail',
      activationMail({ to: email, language, name: req.name, siteName: site.settings.name, publicUrl, token }),
    );
    await recordChanges(tx, [{ userId: u.id, kind: 'user', entityId: u.id }]);
    return { ...u, credits };
  });
  return user;
}

/** The activation mail (locales/<lng>/mail.json `activation`): the link `<publicUrl>/api/activate.php?token=…`. */
function activationMail({
  to,
  language,
  name,
  siteName,
  publicUrl,
  token,
}: {
  to: string;
  language: string;
  name: string;
  siteName: string;
  publicUrl: string;
  token: string;
}): OutgoingMail {
  return accountMail({
    to,
    language,
    section: 'activation',
    name,
    values: { site: siteName, days: String(ACTIVATION_DAYS) },
    link: `${publicUrl}/api/activate.php?token=${token}`,
  });
}

/** Activation e-mails one account may get per 24 hours (the signup's included). */
const ACTIVATION_MAILS_PER_DAY = 3;

/**
 * Sends a new activation link to `user`, a not yet confirmed member of `site` (spec 2: activation reminder). Earlier links keep working
 * until they expire. Throws 409 conflict when the account is confirmed already, 429 activation_throttled after
 * ACTIVATION_MAILS_PER_DAY links in 24 hours (counted with the member's row locked).
 */
export async function resendActivation(
  { db, jobs, config }: Pick<ServerContext, 'db' | 'jobs' | 'config'>,
  site: Site,
  user: UserRow,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    const [me] = await tx.select({ status: users.status }).from(users).where(eq(users.id, user.id)).for('no key update');
    if (me.status === 'confirmed') throw new ApiError(409, 'conflict');
    // A token's creation time is its expiry less ACTIVATION_DAYS.
    const createdAfter = new Date(Date.now() + (ACTIVATION_DAYS - 1) * 86400_000);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(activationTokens)
      .where(and(eq(activationTokens.userId, user.id), gt(activationTokens.expiresAt, createdAfter)));
    if (n >= ACTIVATION_MAILS_PER_DAY) throw new ApiError(429, 'activation_throttled');
    await tx
      .insert(activationTokens)
      .values({ tokenHash: sha256(token), userId: user.id, expiresAt: new Date(Date.now() + ACTIVATION_DAYS * 86400_000) });
    const name = (await tx.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, user.id)))[0]?.name ?? '';
    await jobs.enqueue(
      tx as Db,
      'mail',
      activationMail({
        to: user.email,
        language: user.language,
        name,
        siteName: site.settings.name,
        publicUrl: config.publicUrl,
        token,
      }),
    );
  });
}

/**
 * Activates the account of an activation `token` (one use) and records a 'user' change for the sync log, and
 * 'chat' / 'like' changes for the other members whose lists now show the member.
 * Returns false for an unknown or expired token.
 */
export async function activate(db: Db, token: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(activationTokens)
      .where(eq(activationTokens.tokenHash, sha256(token)))
      .returning();
    if (!row || row.expiresAt < new Date()) return false;
    await tx.update(users).set({ status: 'confirmed' }).where(eq(users.id, row.userId));
    await tx.update(profiles).set({ status: 'active' }).where(eq(profiles.userId, row.userId));
    // The member's held-back conversations now show to the other members (spec 8; messaging.ts visibleChatOf).
    await recordChanges(tx, await peerChanges(tx, row.userId));
    return true;
  });
}

/**
 * Checks e-mail and password for `site`, for a client at `ip`. `deviceCookie`: the browser's known-device cookie (throttle.ts). Answers the
 * user and, when the device was not known yet, a new device cookie value to set (DEVICE_COOKIE).
 * Throws ApiError 429 login_throttled when an attempt limit of throttle.ts LOGIN_LIMITS is passed (the password is
 * then not checked; past the account-wide one the owner is mailed an unlock link, unlock.ts offerUnlock), 401
 * login_failed otherwise (the same answer and similar timing whether the account exists or not), and 403
 * account_pending_deletion for the right password of an account deleted less than 14 days ago, 403 account_banned or
 * account_suspended (params.until) for the right password of an account a moderator banned or suspended.
 */
export async function login(
  ctx: Pick<ServerContext, 'db' | 'jobs' | 'config'>,
  site: Site,
  { email, password, ip, deviceCookie }: { email: string; password: string; ip: string; deviceCookie?: string },
): Promise<{ user: UserRow; newDevice: string | null }> {
  const { db } = ctx;
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.siteId, site.id), sql`lower(${users.email}) = ${email.trim().toLowerCase()}`));
  const secret = await deviceCookieSecret(db);
  const deviceId = knownDeviceId(secret, deviceCookie, user?.id);
  const over = await claimLoginAttempt(db, { email, ip, deviceId });
  if (over) {
    if (over === 'account' && user) await offerUnlock(ctx, site, user);
    throw new ApiError(429, 'login_throttled');
  }
  if (!(await verifyPassword(user?.passwordHash ?? null, password)) || !user) throw new ApiError(401, 'login_failed');
  await loginSucceeded(db, email, ip, deviceId);
  // Spec 8: a deleted account can only come back through the mailed link (or customer service) while it waits.
  if (user.deletedAt) throw new ApiError(403, 'account_pending_deletion');
  await refuseRestricted(db, user.id);
  return { user, newDevice: deviceId ? null : newDeviceCookie(secret, user.id) };
}

/** Turns invisible mode on or off (spec 4, PUT /api/invisible.php) and records a 'user' change. Returns the updated row. */
export async function setInvisible(db: Db, userId: number, invisible: boolean): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ invisible }).where(eq(users.id, userId)).returning();
    await recordChanges(tx, [{ userId, kind: 'user', entityId: userId }]);
    return row;
  });
}

/** Sets the language of mails and pushes (PUT /api/user.php) and records a 'user' change. Returns the updated row. */
export async function setLanguage(db: Db, userId: number, language: User['language']): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ language }).where(eq(users.id, userId)).returning();
    await recordChanges(tx, [{ userId, kind: 'user', entityId: userId }]);
    return row;
  });
}

/** The user call's shape (spec 3: User) of a user row. */
export async function toUser(db: Db, u: UserRow): Promise<User> {
  // One prepared statement: the profile, the main photo's key and the conversations started (was three queries).
  const [row] = await prepared(db, 'user_call', (d) =>
    d
      .select({
        p: profiles,
        mainKey: photos.key,
        // A query with a join qualifies its columns ("table"."column"), which the correlated subquery needs.
        started:
          sql<number>`(select count(*)::int from ${conversations} where ${conversations.startedBy} = ${profiles.userId})`.mapWith(
            Number,
          ),
      })
      .from(profiles)
      .leftJoin(photos, and(eq(photos.userId, profiles.userId), eq(photos.position, 0)))
      .where(eq(profiles.userId, sql.placeholder('id')))
      .prepare('user_call'),
  ).execute({ id: u.id });
  const p = row?.p;
  const main = row?.mainKey ? { key: row.mainKey } : null;
  const started = row?.started ?? 0;
  return {
    id: u.id,
    email: u.email,
    status: u.status,
    credits: u.credits,
    bought_credits: u.boughtCredits,
    paid_user: u.paidUser,
    signup_date: u.signupDate.toISOString(),
    language: u.language as User['language'],
    fictional_icon: u.fictional,
    notifications_disabled: u.notificationsDisabled,
    invisible: u.invisible,
    conversations_started: started,
    profile: {
      id: u.id,
      name: p?.name ?? '',
      country: (p?.country ?? 'US') as User['profile']['country'],
      gender: p?.gender ?? null,
      sexuality: p?.sexuality ?? null,
      status: p?.status ?? 'disabled',
      main_image: main ? { filename: `${main.key}.webp`, thumb_filename: `${main.key}-t.webp`, status: 'active' } : null,
    },
  };
}
