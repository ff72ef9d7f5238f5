// The unlock link (ASVS V6.3.1, against lockout by strangers): when guesses from everywhere lock an account, its
// owner gets a mailed link that makes the browser following it a known device, which the account-wide lock lets
// through. It is no login: the password is still needed.
import { eq } from 'drizzle-orm';
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/connect.ts';
import { profiles } from '../../db/schema.ts';
import type { Site, UserRow } from '../types.ts';
import { accountMail } from './account-mail.ts';
import { newToken, takeToken } from './account-life.ts';
import { countAttempt, deviceCookieSecret, LOGIN_LIMITS, newDeviceCookie, type Limit } from './throttle.ts';

/** Unlock links stay valid this many hours (one use). */
const UNLOCK_LINK_HOURS = 24;

/** One unlock mail per account per lock window (the account-wide lock's block time). */
const UNLOCK_MAIL_LIMIT: Limit = {
  max: 1,
  windowMinutes: LOGIN_LIMITS.account.blockMinutes,
  blockMinutes: LOGIN_LIMITS.account.blockMinutes,
};

/**
 * Mails `user` of `site` an unlock link (`<publicUrl>/login?unlock=<token>`, valid UNLOCK_LINK_HOURS, one use; an
 * earlier unused one ends) after a login was refused by the account-wide lock, at most once per UNLOCK_MAIL_LIMIT
 * window. Nothing for an account pending deletion (its way back is the deletion mail's link).
 */
export async function offerUnlock(
  { db, jobs, config }: Pick<ServerContext, 'db' | 'jobs' | 'config'>,
  site: Site,
  user: UserRow,
): Promise<void> {
  if (user.deletedAt) return;
  if ((await countAttempt(db, `unlock-mail:${user.id}`, UNLOCK_MAIL_LIMIT)) > UNLOCK_MAIL_LIMIT.max) return;
  await db.transaction(async (tx) => {
    const token = await newToken(tx, user.id, 'unlock', { data: '', ms: UNLOCK_LINK_HOURS * 3600_000 });
    const [profile] = await tx.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, user.id));
    await jobs.enqueue(
      tx as Db,
      'mail',
      accountMail({
        to: user.email,
        language: user.language,
        section: 'unlock',
        name: profile?.name ?? '',
        values: { site: site.settings.name, hours: String(UNLOCK_LINK_HOURS) },
        link: `${config.publicUrl}/login?unlock=${token}`,
        ignore: true,
      }),
    );
  });
}

/**
 * Uses up an unlock `token` and answers a new known-device cookie value (throttle.ts DEVICE_COOKIE) of its member.
 * Throws 400 link_invalid (unknown, used or expired).
 */
export async function unlockDevice(db: Db, token: string): Promise<string> {
  const row = await db.transaction((tx) => takeToken(tx, token, 'unlock'));
  return newDeviceCookie(await deviceCookieSecret(db), row.userId);
}
