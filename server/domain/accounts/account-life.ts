// The account life (spec 4, 5, 8, 9): e-mail change confirmed by the new address, deletion that can be undone for
// 14 days through a mailed link, and the purge after that.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import { EMAIL_CHANGE_HOURS, isEmailAddress, REACTIVATION_DAYS } from '../../../contract/index.ts';
import type { Db, Tx } from '../../db/connect.ts';
import { accountTokens, messages, photos, profiles, pushSubscriptions, sessions, users } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import type { ImageService } from '../../services/images.ts';
import type { OutgoingMail } from '../../services/mail.ts';
import { accountMail } from './account-mail.ts';
import { recordChanges } from '../sync/changes.ts';
import { peerChanges } from '../sync/peer-changes.ts';
import type { UserRow } from '../types.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
type AccountTokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];
const DAY_MS = 86400_000;

/** A new single-use token of `purpose` for `userId` carrying `data`, valid `ms`; earlier unused ones of the same purpose end. */
export async function newToken(
  tx: Tx,
  userId: number,
  purpose: AccountTokenPurpose,
  { data, ms }: { data: string; ms: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
  await tx
    .insert(accountTokens)
    .values({ tokenHash: sha256(token), userId, purpose, data, expiresAt: new Date(Date.now() + ms) });
  return token;
}

/** Uses up a valid token of `purpose`; throws 400 link_invalid (spec 8) when unknown, used or expired. */
export async function takeToken(tx: Tx, token: string, purpose: AccountTokenPurpose) {
  const now = new Date();
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, sha256(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning();
  if (!row) throw new ApiError(400, 'link_invalid');
  return row;
}

const emailTaken = async (db: Db | Tx, siteId: number, email: string, except: number) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.siteId, siteId), sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, except)))
  ).length > 0;

const nameOf = async (db: Db | Tx, userId: number) =>
  (await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, userId)))[0]?.name ?? '';

/** Where the mails of the account life link to and whom they name. */
export interface MailContext {
  publicUrl: string;
  siteName: string;
  supportEmail: string;
}

/**
 * Starts an e-mail change of `user` to `email` (spec 5), once the caller has checked the current password
 * (passwords.ts checkCurrentPassword, outside the transaction `db` may be): checks the new address's form and that no
 * other account of the site uses it, and answers two mails: the confirmation link to the new address
 * (/mail-change/do, EMAIL_CHANGE_HOURS) and a notice to the old one. Throws 400 new_email_invalid, 409 email_taken.
 */
export async function requestEmailChange(db: Db, user: UserRow, email: string, ctx: MailContext): Promise<OutgoingMail[]> {
  const address = email.trim();
  if (!isEmailAddress(address) || address.toLowerCase() === user.email.toLowerCase()) {
    throw new ApiError(400, 'new_email_invalid', {}, { email: 'new_email_invalid' });
  }
  if (await emailTaken(db, user.siteId, address, user.id)) throw new ApiError(409, 'email_taken', {}, { email: 'email_taken' });
  const token = await db.transaction((tx) =>
    newToken(tx, user.id, 'email_change', { data: address, ms: EMAIL_CHANGE_HOURS * 3600_000 }),
  );
  const name = await nameOf(db, user.id);
  const values = { site: ctx.siteName, hours: String(EMAIL_CHANGE_HOURS), address, support: ctx.supportEmail };
  return [
    accountMail({
      to: address,
      language: user.language,
      section: 'emailChange',
      name,
      values,
      link: `${ctx.publicUrl}/mail-change/do?token=${token}`,
    }),
    accountMail({ to: user.email, language: user.language, section: 'emailChangeNotice', name, values }),
  ];
}

/**
 * Confirms an e-mail change with the link's token: the account's address becomes the new one, which counts as
 * confirmed (the member opened a link sent to it). Records a 'user' change. Throws 400 link_invalid, 409 email_taken
 * (another account took the address meanwhile).
 */
export function confirmEmailChange(db: Db, token: string): Promise<string> {
  return db.transaction(async (tx) => {
    const row = await takeToken(tx, token, 'email_change');
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
    if (await emailTaken(tx, user.siteId, row.data, user.id)) throw new ApiError(409, 'email_taken');
    await tx.update(users).set({ email: row.data, status: 'confirmed' }).where(eq(users.id, user.id));
    if (user.status !== 'confirmed') await tx.update(profiles).set({ status: 'active' }).where(eq(profiles.userId, user.id));
    // A first confirmation releases the member's held-back conversations to the other members (peerChanges).
    await recordChanges(
      tx,
      user.status === 'confirmed' ? [{ userId: user.id, kind: 'user', entityId: user.id }] : await peerChanges(tx, user.id),
    );
    return row.data;
  });
}

/**
 * Deletes the account (spec 4), once the caller has checked the current password (passwords.ts
 * checkCurrentPassword, outside the transaction `db` may be): hides the profile, ends every session and push
 * subscription, and answers the mail with the restore link (valid REACTIVATION_DAYS). The data stays until
 * purgeDeletedAccounts.
 */
export async function deleteAccount(db: Db, user: UserRow, ctx: MailContext): Promise<OutgoingMail> {
  const token = await db.transaction(async (tx) => {
    await tx.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    await tx.update(profiles).set({ status: 'disabled' }).where(eq(profiles.userId, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    // No push reaches a deleted account's devices (a restored account subscribes again from its next visit).
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    const token = await newToken(tx, user.id, 'reactivate', { data: '', ms: REACTIVATION_DAYS * DAY_MS });
    await recordChanges(tx, await peerChanges(tx, user.id), { sessionsEnded: [user.id] });
    return token;
  });
  return accountMail({
    to: user.email,
    language: user.language,
    section: 'deletion',
    name: await nameOf(db, user.id),
    values: { site: ctx.siteName, days: String(REACTIVATION_DAYS) },
    link: `${ctx.publicUrl}/login?reactivate=${token}`,
  });
}

/** Restores an account pending deletion with the mailed link's token; its profile shows again when it was active. Throws 400 link_invalid. */
export function reactivateAccount(db: Db, token: string): Promise<void> {
  return db.transaction(async (tx) => {
    const row = await takeToken(tx, token, 'reactivate');
    const [user] = await tx
      .update(users)
      .set({ deletedAt: null })
      .where(and(eq(users.id, row.userId), isNotNull(users.deletedAt)))
      .returning();
    if (!user) throw new ApiError(400, 'link_invalid');
    if (user.status === 'confirmed') await tx.update(profiles).set({ status: 'active' }).where(eq(profiles.userId, user.id));
    await recordChanges(tx, await peerChanges(tx, user.id));
  });
}

/**
 * Removes for good the accounts deleted more than REACTIVATION_DAYS before `now` (spec 4, 9): their rows (the
 * database cascades to profile, photos, likes, messages' conversations membership, tokens) and their photo files,
 * the photos they sent in chats included.
 * Answers how many accounts went.
 */
export async function purgeDeletedAccounts(db: Db, images: ImageService, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - REACTIVATION_DAYS * DAY_MS);
  const due = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deletedAt), lt(users.deletedAt, before)));
  for (const { id } of due) {
    const keys = (
      await db.select({ key: photos.key, blurKey: photos.blurKey }).from(photos).where(eq(photos.userId, id))
    ).flatMap((p) => [p.key, p.blurKey]);
    const sent = await db
      .select({ key: messages.photoKey, blurKey: messages.photoBlurKey })
      .from(messages)
      .where(and(eq(messages.senderId, id), isNotNull(messages.photoKey)));
    for (const p of sent) keys.push(...[p.key, p.blurKey].filter((k): k is string => k !== null));
    await db.delete(users).where(and(eq(users.id, id), isNotNull(users.deletedAt), lt(users.deletedAt, before)));
    await images.remove(keys);
  }
  return due.length;
}
