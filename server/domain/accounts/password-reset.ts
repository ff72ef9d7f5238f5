// Password reset by e-mailed link and password change (spec 5, 8): single-use hashed tokens that expire, a daily
// limit per account, every session ended when the password changes.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { RESET_LINK_MINUTES, RESET_MAILS_PER_DAY } from '../../../contract/index.ts';
import type { Db } from '../../db/connect.ts';
import { passwordResets, profiles, sessions, users } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import type { OutgoingMail } from '../../services/mail.ts';
import { accountMail } from './account-mail.ts';
import { checkCurrentPassword, checkNewPassword, hashPassword } from './passwords.ts';
import { memberPasswordInputs } from './password-strength.ts';
import { recordChanges } from '../sync/changes.ts';
import type { Site, UserRow } from '../types.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Makes a reset link for the account of `email` on `site` and answers the mail to send
 * (`<publicUrl>/reset-password/do?token=…`, valid RESET_LINK_MINUTES, one use). Throws 404 email_not_found (spec 8)
 * and 429 reset_throttled when the account got RESET_MAILS_PER_DAY links in the last 24 hours. The count and the
 * insert run with the account's row locked, so concurrent requests cannot pass the limit.
 */
export function requestPasswordReset(db: Db, site: Site, email: string, publicUrl: string): Promise<OutgoingMail> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, language: users.language })
      .from(users)
      .where(and(eq(users.siteId, site.id), sql`lower(${users.email}) = ${email.trim().toLowerCase()}`))
      .for('no key update');
    if (!user) throw new ApiError(404, 'email_not_found', {}, { email: 'email_not_found' });
    const since = new Date(Date.now() - 24 * 3600_000);
    const [{ sent }] = await tx
      .select({ sent: sql<number>`count(*)::int` })
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, since)));
    if (sent >= RESET_MAILS_PER_DAY) throw new ApiError(429, 'reset_throttled');
    const token = randomBytes(32).toString('base64url');
    await tx
      .insert(passwordResets)
      .values({ tokenHash: sha256(token), userId: user.id, expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000) });
    // Rows older than a day count for nothing any more.
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, user.id), sql`${passwordResets.createdAt} < ${since}`));
    const [p] = await tx.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, user.id));
    return accountMail({
      to: user.email,
      language: user.language,
      section: 'reset',
      name: p?.name ?? '',
      values: { site: site.settings.name, minutes: String(RESET_LINK_MINUTES) },
      link: `${publicUrl}/reset-password/do?token=${token}`,
      ignore: true,
    });
  });
}

/**
 * Sets `password` for the account of a reset `token`: the token is used up, every other reset link of the account
 * and every session end. Answers the user row (the caller starts a new session). Throws 400 link_invalid
 * (unknown, used or expired token), password_too_short or password_too_common (weak, the site's and the
 * account's words counting as guessed first).
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<UserRow> {
  const [holder] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(
      and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())),
    );
  // An unknown token stops before the strength check, which costs the event loop milliseconds.
  if (!holder) throw new ApiError(400, 'link_invalid');
  checkNewPassword(password, await memberPasswordInputs(db, holder.userId));
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning();
    if (!row) throw new ApiError(400, 'link_invalid');
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, row.userId), isNull(passwordResets.usedAt)));
    const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId)).returning();
    await tx.delete(sessions).where(eq(sessions.userId, row.userId));
    await recordChanges(tx, [], { sessionsEnded: [row.userId] });
    return user;
  });
}

/**
 * Changes a logged-in member's password (spec 5), asked from `ip`, and ends every other session (`keepSessionHash`,
 * the SHA-256 of the current session token, stays). Throws 400 passwords_differ ("The entered passwords are not the
 * same."), password_too_short, password_too_common, then those of checkCurrentPassword (403 wrong_old_password,
 * 429 login_throttled). `db` is not inside a transaction (the guess count must stay).
 */
export async function changePassword(
  db: Db,
  user: UserRow,
  input: { old_password: string; password: string; password_repeat: string },
  { keepSessionHash, ip }: { keepSessionHash: string; ip: string },
): Promise<void> {
  if (input.password !== input.password_repeat)
    throw new ApiError(400, 'passwords_differ', {}, { password_repeat: 'passwords_differ' });
  checkNewPassword(input.password, await memberPasswordInputs(db, user.id));
  await checkCurrentPassword(db, user, { password: input.old_password, ip, field: 'old_password' });
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.tokenHash, keepSessionHash)));
    await recordChanges(tx, [], { sessionsEnded: [user.id] });
  });
}
