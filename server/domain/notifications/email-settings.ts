// Which e-mail notifications a member gets (spec 2: /notifications, spec 4: e-mail notifications can be disabled):
// the member's own choice (users.email_off) and the kinds the mail system stopped (users.notifications_disabled).
// Every write records a 'user' change, so the member's other devices get the new notifications_disabled.
import { eq, inArray, sql } from 'drizzle-orm';
import {
  EmailKind,
  type DisabledNotification,
  type DisabledReason,
  type EmailSettingRequest,
  type MailEvent,
  type NotificationSettings,
} from '../../../contract/index.ts';
import type { Db, Tx } from '../../db/connect.ts';
import { users } from '../../db/schema.ts';
import { recordChanges } from '../sync/changes.ts';
import type { UserRow } from '../types.ts';

/** The columns that decide a member's e-mail notifications. */
export type EmailPrefs = Pick<UserRow, 'email' | 'emailOff' | 'notificationsDisabled'>;

/** The NotificationSettings answer of GET/PUT /api/notifications.php: one `email` entry per EmailKind, in contract order. */
export function notificationSettings(user: EmailPrefs): NotificationSettings {
  return {
    address: user.email,
    email: EmailKind.options.map((kind) => ({ kind, enabled: !user.emailOff.includes(kind) })),
    disabled: user.notificationsDisabled,
  };
}

/** Whether mails of `kind` may go to `user`: the member left the kind on and the mail system did not stop it. */
export function wantsMail(user: Pick<UserRow, 'emailOff' | 'notificationsDisabled'>, kind: EmailKind): boolean {
  return !user.emailOff.includes(kind) && !user.notificationsDisabled.some((d) => d.kind === kind);
}

/**
 * Runs `change` on the locked row of `userId` in a transaction; when it returns new column values they are written
 * and a 'user' change is recorded (last, after the row lock: server/domain/sync/changes.ts). FOR NO KEY UPDATE as in
 * sendMessage, so the change log's foreign key check (KEY SHARE) is not blocked. Returns the row as it is now, or
 * null when the user does not exist.
 */
async function updatePrefs(
  db: Db,
  userId: number,
  change: (row: UserRow) => Partial<Pick<UserRow, 'emailOff' | 'notificationsDisabled'>> | null,
): Promise<UserRow | null> {
  return db.transaction(async (tx: Tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
    if (!row) return null;
    const set = change(row);
    if (!set) return row;
    const [updated] = await tx.update(users).set(set).where(eq(users.id, userId)).returning();
    await recordChanges(tx, [{ userId, kind: 'user', entityId: userId }]);
    return updated;
  });
}

/**
 * PUT /api/notifications.php: turns e-mail notification `kind` on or off for `userId`. Turning it on is the member's
 * consent again, so it also lifts every entry of that kind from notifications_disabled, whatever the reason (spec 4).
 * Returns the updated row; a request that changes nothing writes nothing. Throws when the user does not exist.
 */
export async function setEmailSetting(db: Db, userId: number, { kind, enabled }: EmailSettingRequest): Promise<UserRow> {
  const row = await updatePrefs(db, userId, (u) => {
    const emailOff = enabled ? u.emailOff.filter((k) => k !== kind) : [...new Set([...u.emailOff, kind])];
    const notificationsDisabled = enabled ? u.notificationsDisabled.filter((d) => d.kind !== kind) : u.notificationsDisabled;
    const same = emailOff.length === u.emailOff.length && notificationsDisabled.length === u.notificationsDisabled.length;
    return same ? null : { emailOff, notificationsDisabled };
  });
  if (!row) throw new Error(`setEmailSetting: no user ${userId}`);
  return row;
}

/**
 * Stops `kinds` for `userId` for `reason` (spec 4), each added as `{ kind, reason, since }` (`since` ISO 8601) unless
 * that kind already has an entry of that reason: idempotent, the first `since` is kept. Returns whether anything
 * changed (false also for an unknown user).
 */
export async function disableNotifications(
  db: Db,
  userId: number,
  { kinds, reason }: { kinds: readonly EmailKind[]; reason: DisabledReason },
  since = new Date(),
): Promise<boolean> {
  let changed = false;
  await updatePrefs(db, userId, (u) => {
    const added: DisabledNotification[] = kinds
      .filter((kind) => !u.notificationsDisabled.some((d) => d.kind === kind && d.reason === reason))
      .map((kind) => ({ kind, reason, since: since.toISOString() }));
    changed = added.length > 0;
    return changed ? { notificationsDisabled: [...u.notificationsDisabled, ...added] } : null;
  });
  return changed;
}

/**
 * Applies the mail provider's events (POST /api/mail-events.php) to every account of each address, on any site
 * (addresses compare case-insensitively): a bounce stops all kinds (reason bounce); a spam complaint stops `kind` when
 * given, else all kinds (reason spam_complaint). Idempotent. Returns how many events matched at least one account.
 */
export async function applyMailEvents(db: Db, events: readonly MailEvent[], now = new Date()): Promise<number> {
  const addresses = [...new Set(events.map((e) => e.email.toLowerCase()))];
  const owners = await db
    .select({ id: users.id, email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, addresses));
  const idsOf = new Map<string, number[]>();
  for (const o of owners) idsOf.set(o.email, [...(idsOf.get(o.email) ?? []), o.id]);
  let applied = 0;
  for (const event of events) {
    const ids = idsOf.get(event.email.toLowerCase()) ?? [];
    if (ids.length) applied++;
    const kinds = event.type === 'spam_complaint' && event.kind ? [event.kind] : EmailKind.options;
    // One short transaction per account: no lock is held across accounts, and a replay is harmless.
    for (const id of ids) await disableNotifications(db, id, { kinds, reason: event.type }, now);
  }
  return applied;
}
