// Staff sessions (docs/operations.md "Sign-in"): a random token in the ops cookie, stored hashed, ended by sign-out,
// by sign-out everywhere, by an idle time or an absolute lifetime (Config.ops), or when the staff member is disabled.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { staff, staffSessions } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { verifyPassword } from '../accounts/passwords.ts';
import { hashToken } from '../accounts/sessions.ts';
import { audit, type Actor } from './audit.ts';
import type { StaffMember } from './staff-accounts.ts';
import { claimStaffLogin, claimTotpAttempt, staffLoginSucceeded, totpSucceeded } from './staff-throttle.ts';
import { totpStep } from './totp.ts';
import { openTotpSecret } from './totp-key.ts';

/** How long staff sessions last: ended after `idleMinutes` without a call, and `hours` after sign-in whatever happens. */
export interface StaffSessionLimits {
  idleMinutes: number;
  hours: number;
}

/** A signed-in staff member: who, and the session (its token's hash) the request came with. */
export interface StaffViewer extends StaffMember {
  sessionHash: string;
}

/**
 * Signs staff member `email` in with `password` and TOTP `code` from `ip` (the secret sealed with `key`, totpKey), and
 * answers them and a new session token. Throttled before anything is checked (claimStaffLogin), and wrong codes per
 * staff member (claimTotpAttempt); a code is accepted once (its step is kept). One answer for every failure (unknown address, wrong password, TOTP not set
 * up, disabled, wrong code): ApiError 401 login_failed; or 429 login_throttled.
 */
export async function signIn(
  db: Db,
  { email, password, code, ip, key }: { email: string; password: string; code: string; ip: string; key: Buffer },
  now = new Date(),
): Promise<{ member: StaffMember; token: string }> {
  if (!(await claimStaffLogin(db, email, ip, now))) throw new ApiError(429, 'login_throttled');
  const [row] = await db.select().from(staff).where(eq(staff.email, email.trim().toLowerCase()));
  const passwordOk = await verifyPassword(row?.passwordHash ?? null, password);
  if (!row || !passwordOk || !row.totpEnabled || !row.totpSecret || row.disabledAt) throw new ApiError(401, 'login_failed');
  if (!(await claimTotpAttempt(db, row.id, now))) throw new ApiError(429, 'login_throttled');
  const secret = openTotpSecret(key, row.totpSecret);
  const step = secret === null ? null : totpStep(secret, code, now.getTime());
  if (step === null || (row.totpLastStep !== null && step <= row.totpLastStep)) throw new ApiError(401, 'login_failed');
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    // The step is taken only if no other sign-in took it or a later one meanwhile: a code is good once.
    const taken = await tx
      .update(staff)
      .set({ totpLastStep: step })
      .where(and(eq(staff.id, row.id), sql`coalesce(${staff.totpLastStep}, -1) < ${step}`))
      .returning({ id: staff.id });
    if (!taken.length) throw new ApiError(401, 'login_failed');
    await tx.insert(staffSessions).values({ tokenHash: hashToken(token), staffId: row.id, createdAt: now, lastSeenAt: now });
    await audit(
      tx,
      { staffId: row.id, role: row.role, ip },
      { action: 'session.sign_in', targetKind: 'staff', targetId: row.id },
    );
  });
  await totpSucceeded(db, row.id);
  await staffLoginSucceeded(db, email, ip);
  const { id, role, totpEnabled, disabledAt, createdAt } = row;
  return { member: { id, email: row.email, role, totpEnabled, disabledAt, createdAt }, token };
}

/**
 * The staff member of session `token` at `now`, or null: none, ended, idle longer than `limits.idleMinutes`, older
 * than `limits.hours`, or the staff member is disabled. An idle or old session is ended here; a live one is seen.
 */
export async function staffOfSession(
  db: Db,
  token: string | undefined,
  limits: StaffSessionLimits,
  now = new Date(),
): Promise<StaffViewer | null> {
  if (!token || token.length > 100) return null;
  const hash = hashToken(token);
  const [row] = await db
    .select({ session: staffSessions, member: staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, hash), isNull(staffSessions.endedAt)));
  if (!row || row.member.disabledAt) return null;
  const idle = now.getTime() - row.session.lastSeenAt.getTime() > limits.idleMinutes * 60_000;
  const old = now.getTime() - row.session.createdAt.getTime() > limits.hours * 3600_000;
  if (idle || old) {
    await db.update(staffSessions).set({ endedAt: now }).where(eq(staffSessions.tokenHash, hash));
    return null;
  }
  await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.tokenHash, hash));
  const { id, email, role, totpEnabled, disabledAt, createdAt } = row.member;
  return { id, email, role, totpEnabled, disabledAt, createdAt, sessionHash: hash };
}

/** Ends the session of `viewer` (sign-out) with an audit row of `actor`. */
export async function endStaffSession(db: Db, viewer: StaffViewer, actor: Actor, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(staffSessions).set({ endedAt: now }).where(eq(staffSessions.tokenHash, viewer.sessionHash));
    await audit(tx, actor, { action: 'session.sign_out', targetKind: 'staff', targetId: viewer.id });
  });
}

/** Ends every session of `viewer`'s staff member (sign-out everywhere) and answers how many, with an audit row. */
export async function endAllStaffSessions(db: Db, viewer: StaffViewer, actor: Actor, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(staffSessions)
      .set({ endedAt: now })
      .where(and(eq(staffSessions.staffId, viewer.id), isNull(staffSessions.endedAt)))
      .returning({ hash: staffSessions.tokenHash });
    await audit(tx, actor, {
      action: 'session.sign_out_everywhere',
      targetKind: 'staff',
      targetId: viewer.id,
      after: { ended: ended.length },
    });
    return ended.length;
  });
}
