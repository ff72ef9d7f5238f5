// Staff accounts (docs/operations.md): made and disabled from the command line, set up by their owner through a
// one-time link (password, then a TOTP secret confirmed with a first code). Every change writes an audit row.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { staff, staffSessions, staffSetupTokens, STAFF_ROLES, type StaffRole } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { checkNewPassword, hashPassword } from '../accounts/passwords.ts';
import { hashToken } from '../accounts/sessions.ts';
import { audit, type Actor } from './audit.ts';
import { newTotpSecret, totpQr, totpStep, totpUri } from './totp.ts';
import { openTotpSecret, sealTotpSecret } from './totp-key.ts';
import { claimTotpAttempt, totpSucceeded } from './staff-throttle.ts';

/** A set-up link is good for this long (hours). */
export const SETUP_LINK_HOURS = 72;

/** A staff member as the back office shows them (never the password hash or the TOTP secret). */
export interface StaffMember {
  id: number;
  email: string;
  role: StaffRole;
  /** False until the set-up link's first TOTP code was confirmed: sign-in needs it. */
  totpEnabled: boolean;
  disabledAt: Date | null;
  createdAt: Date;
}

const PUBLIC_COLUMNS = {
  id: staff.id,
  email: staff.email,
  role: staff.role,
  totpEnabled: staff.totpEnabled,
  disabledAt: staff.disabledAt,
  createdAt: staff.createdAt,
};

/** True when `role` is one of STAFF_ROLES. */
export const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

/** An e-mail address as staff rows keep it: trimmed, lower case. */
const normal = (email: string) => email.trim().toLowerCase();

/**
 * Makes a set-up link token for staff member `staffId` (valid SETUP_LINK_HOURS; earlier unused ones stay valid until
 * theirs end) and answers it; only its hash is stored.
 */
async function newSetupToken(db: Db | Tx, staffId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(staffSetupTokens)
    .values({ tokenHash: hashToken(token), staffId, expiresAt: new Date(now.getTime() + SETUP_LINK_HOURS * 3600_000) });
  return token;
}

/**
 * Adds staff member `email` with `role` and answers them and their set-up link token. Throws ApiError 409 email_taken
 * when a staff member has that address already, 400 invalid_email for no address.
 */
export async function addStaff(
  db: Db,
  actor: Actor,
  { email, role }: { email: string; role: StaffRole },
  now = new Date(),
): Promise<{ member: StaffMember; token: string }> {
  const address = normal(email);
  if (!/^[^\s@]+@[^\s@]+$/.test(address)) throw new ApiError(400, 'invalid_email');
  return db.transaction(async (tx) => {
    const [member] = await tx
      .insert(staff)
      .values({ email: address, role })
      .onConflictDoNothing({ target: staff.email })
      .returning(PUBLIC_COLUMNS);
    if (!member) throw new ApiError(409, 'email_taken');
    await audit(tx, actor, { action: 'staff.add', targetKind: 'staff', targetId: member.id, after: { email: address, role } });
    return { member, token: await newSetupToken(tx, member.id, now) };
  });
}

/**
 * A new set-up link token for staff member `email` (a lost authenticator, a link that expired): their TOTP is off
 * until the new link is used, and their sessions end. Throws ApiError 404 not_found for no such staff member.
 */
export async function resetStaffSetup(db: Db, actor: Actor, email: string, now = new Date()): Promise<string> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .update(staff)
      .set({ totpEnabled: false, totpSecret: null, totpLastStep: null })
      .where(eq(staff.email, normal(email)))
      .returning({ id: staff.id });
    if (!member) throw new ApiError(404, 'not_found');
    await tx
      .update(staffSessions)
      .set({ endedAt: now })
      .where(and(eq(staffSessions.staffId, member.id), isNull(staffSessions.endedAt)));
    await audit(tx, actor, {
      action: 'staff.reset_setup',
      targetKind: 'staff',
      targetId: member.id,
      after: { totpEnabled: false },
    });
    return newSetupToken(tx, member.id, now);
  });
}

/** Staff member `id`, or undefined. */
export async function staffById(db: Db, id: number): Promise<StaffMember | undefined> {
  const [member] = await db.select(PUBLIC_COLUMNS).from(staff).where(eq(staff.id, id));
  return member;
}

/**
 * Gives staff member `id` the role `role`; their sessions end, so the new role holds from their next sign-in (a
 * session's role is read per request anyway). Throws ApiError 404 not_found for no such staff member; the same role
 * again changes nothing and writes no audit row.
 */
export async function changeStaffRole(db: Db, actor: Actor, id: number, role: StaffRole, now = new Date()): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select(PUBLIC_COLUMNS).from(staff).where(eq(staff.id, id));
    if (!found) throw new ApiError(404, 'not_found');
    if (found.role === role) return found;
    const [member] = await tx.update(staff).set({ role }).where(eq(staff.id, id)).returning(PUBLIC_COLUMNS);
    await tx
      .update(staffSessions)
      .set({ endedAt: now })
      .where(and(eq(staffSessions.staffId, id), isNull(staffSessions.endedAt)));
    await audit(tx, actor, {
      action: 'staff.role',
      targetKind: 'staff',
      targetId: id,
      before: { role: found.role },
      after: { role },
    });
    return member;
  });
}

/** Every staff member, by id. */
export function listStaff(db: Db): Promise<StaffMember[]> {
  return db.select(PUBLIC_COLUMNS).from(staff).orderBy(asc(staff.id));
}

/**
 * Disables staff member `email` (no sign-in; their sessions end at once). Throws ApiError 404 not_found for no such
 * staff member; one disabled already stays as it was, with no audit row.
 */
export async function disableStaff(db: Db, actor: Actor, email: string, now = new Date()): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select(PUBLIC_COLUMNS)
      .from(staff)
      .where(eq(staff.email, normal(email)));
    if (!found) throw new ApiError(404, 'not_found');
    if (found.disabledAt) return found;
    const [member] = await tx.update(staff).set({ disabledAt: now }).where(eq(staff.id, found.id)).returning(PUBLIC_COLUMNS);
    await tx
      .update(staffSessions)
      .set({ endedAt: now })
      .where(and(eq(staffSessions.staffId, found.id), isNull(staffSessions.endedAt)));
    await audit(tx, actor, {
      action: 'staff.disable',
      targetKind: 'staff',
      targetId: found.id,
      before: { disabledAt: null },
      after: { disabledAt: now.toISOString() },
    });
    return member;
  });
}

/** The staff member of an unused, unexpired set-up link token, or ApiError 400 link_invalid. */
async function setupMember(db: Db, token: string, now: Date) {
  const [row] = await db
    .select({ member: staff })
    .from(staffSetupTokens)
    .innerJoin(staff, eq(staff.id, staffSetupTokens.staffId))
    .where(
      and(eq(staffSetupTokens.tokenHash, hashToken(token)), isNull(staffSetupTokens.usedAt), gt(staffSetupTokens.expiresAt, now)),
    );
  if (!row || row.member.disabledAt) throw new ApiError(400, 'link_invalid');
  return row.member;
}

/**
 * Set-up, step one: sets the password of the set-up link `token`'s staff member and a new TOTP secret (not enabled
 * until confirmSetup; stored sealed with `key`, totpKey), and answers the secret, its otpauth URI (`issuer`: the
 * site's name) and that URI's QR code as an SVG data URL. The link stays usable until confirmed, so a step can be repeated (a new secret
 * each time). Throws ApiError 400 link_invalid (unknown, used, expired token; disabled staff member),
 * password_too_short or password_too_common.
 */
export async function startSetup(
  db: Db,
  { token, password, issuer, key }: { token: string; password: string; issuer: string; key: Buffer },
  now = new Date(),
): Promise<{ email: string; secret: string; uri: string; qr: string }> {
  const member = await setupMember(db, token, now);
  checkNewPassword(password, [member.email, member.email.split('@')[0], issuer]);
  const secret = newTotpSecret();
  await db
    .update(staff)
    .set({
      passwordHash: await hashPassword(password),
      totpSecret: sealTotpSecret(key, secret),
      totpEnabled: false,
      totpLastStep: null,
    })
    .where(eq(staff.id, member.id));
  const uri = totpUri(secret, member.email, issuer);
  return { email: member.email, secret, uri, qr: await totpQr(uri) };
}

/**
 * Set-up, step two: the first TOTP `code` from the authenticator (checked against the secret sealed with `key`)
 * enables the second factor and uses the link up. Wrong codes are throttled as sign-in codes are
 * (claimTotpAttempt). Throws ApiError 400 link_invalid, 400 code_invalid (a wrong code, or step one not done), 429
 * login_throttled.
 */
export async function confirmSetup(
  db: Db,
  { token, code, ip, key }: { token: string; code: string; ip: string; key: Buffer },
  now = new Date(),
): Promise<StaffMember> {
  const member = await setupMember(db, token, now);
  if (!(await claimTotpAttempt(db, member.id, now))) throw new ApiError(429, 'login_throttled');
  const secret = member.totpSecret && member.passwordHash ? openTotpSecret(key, member.totpSecret) : null;
  const step = secret ? totpStep(secret, code, now.getTime()) : null;
  if (step === null) throw new ApiError(400, 'code_invalid', {}, { code: 'code_invalid' });
  await totpSucceeded(db, member.id);
  return db.transaction(async (tx) => {
    const used = await tx
      .update(staffSetupTokens)
      .set({ usedAt: now })
      .where(and(eq(staffSetupTokens.tokenHash, hashToken(token)), isNull(staffSetupTokens.usedAt)))
      .returning({ staffId: staffSetupTokens.staffId });
    if (!used.length) throw new ApiError(400, 'link_invalid');
    const [done] = await tx
      .update(staff)
      .set({ totpEnabled: true, totpLastStep: step })
      .where(eq(staff.id, member.id))
      .returning(PUBLIC_COLUMNS);
    await audit(
      tx,
      { staffId: member.id, role: member.role, ip },
      {
        action: 'staff.setup',
        targetKind: 'staff',
        targetId: member.id,
        before: { totpEnabled: false },
        after: { totpEnabled: true },
      },
    );
    return done;
  });
}
