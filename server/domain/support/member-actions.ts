// Support's actions on a member's account (docs/operations.md "Support"): resend the activation mail, unlock the login,
// end every session, restore a deleted account within its 14 days. Each runs in one transaction with its audit row;
// where the member's own path exists (the activation resend), it is that path, run inside the transaction.
import { and, eq, isNull } from 'drizzle-orm';
import { REACTIVATION_DAYS } from '../../../contract/index.ts';
import type { ServerContext } from '../../context.ts';
import type { Db, Tx } from '../../db/connect.ts';
import { accountTokens, loginFailures, profiles, sessions, users } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { resendActivation } from '../accounts/accounts.ts';
import { audit, type Actor } from '../staff/audit.ts';
import { recordChanges } from '../sync/changes.ts';
import { peerChanges } from '../sync/peer-changes.ts';
import { memberAndSite, memberLoginKeys } from './member-lookup.ts';

const DAY_MS = 86400_000;

/** The target of a member action's audit row. */
const memberTarget = (id: number) => ({ targetKind: 'member', targetId: id });

/**
 * Sends member `id` a new activation link through the member's own resend (accounts.ts resendActivation: its daily
 * limit included), audited `support.resend_activation`. Errors: 404 not_found, 409 conflict (already active), 429
 * activation_throttled.
 */
export async function supportResendActivation(
  ctx: Pick<ServerContext, 'db' | 'jobs' | 'config' | 'sites'>,
  actor: Actor,
  id: number,
): Promise<void> {
  const { user, site } = await memberAndSite(ctx.db, ctx.sites.all, id);
  await ctx.db.transaction(async (tx) => {
    await resendActivation({ ...ctx, db: tx as unknown as Db }, site, user);
    await audit(tx, actor, { action: 'support.resend_activation', ...memberTarget(id), after: { email: user.email } });
  });
}

/**
 * Clears member `id`'s login throttles (the account-wide counter and each source's, throttle.ts), so the next login is
 * counted afresh; audited `support.unlock_login` with the counters before. Answers how many counters went. Errors:
 * 404 not_found.
 */
export async function unlockLogin(db: Db, actor: Actor, id: number): Promise<number> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
  if (!user) throw new ApiError(404, 'not_found');
  return db.transaction(async (tx) => {
    const gone = await tx.delete(loginFailures).where(memberLoginKeys(user.email)).returning();
    await audit(tx, actor, {
      action: 'support.unlock_login',
      ...memberTarget(id),
      before: { throttles: gone.map((g) => ({ count: g.count, blocked_until: g.blockedUntil?.toISOString() ?? null })) },
      after: { throttles: [] },
    });
    return gone.length;
  });
}

/**
 * Ends every session of member `id` on every server instance (recordChanges sessionsEnded); audited
 * `support.end_sessions` with their number. Answers how many ended. Errors: 404 not_found.
 */
export async function endMemberSessions(db: Db, actor: Actor, id: number): Promise<number> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!user) throw new ApiError(404, 'not_found');
  return db.transaction(async (tx) => {
    const ended = await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ userId: sessions.userId });
    await recordChanges(tx as Tx, [], { sessionsEnded: [id] });
    await audit(tx, actor, {
      action: 'support.end_sessions',
      ...memberTarget(id),
      before: { sessions: ended.length },
      after: { sessions: 0 },
    });
    return ended.length;
  });
}

/**
 * Restores member `id`'s deleted account within REACTIVATION_DAYS of its deletion (spec 4), as the member's mailed
 * link does (account-life.ts reactivateAccount): the profile shows again when the account was active, and the link
 * is used up. Audited `support.restore`. Errors: 404 not_found (also once purged), 409 conflict (not deleted, or
 * deleted more than REACTIVATION_DAYS ago).
 */
export async function restoreAccount(db: Db, actor: Actor, id: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, id)).for('no key update');
    if (!user) throw new ApiError(404, 'not_found');
    if (!user.deletedAt || user.deletedAt.getTime() + REACTIVATION_DAYS * DAY_MS <= now.getTime())
      throw new ApiError(409, 'conflict');
    await tx.update(users).set({ deletedAt: null }).where(eq(users.id, id));
    if (user.status === 'confirmed') await tx.update(profiles).set({ status: 'active' }).where(eq(profiles.userId, id));
    await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(and(eq(accountTokens.userId, id), eq(accountTokens.purpose, 'reactivate'), isNull(accountTokens.usedAt)));
    await recordChanges(tx as Tx, await peerChanges(tx as Tx, id));
    await audit(tx, actor, {
      action: 'support.restore',
      ...memberTarget(id),
      before: { deleted_at: user.deletedAt.toISOString() },
      after: { deleted_at: null },
    });
  });
}
