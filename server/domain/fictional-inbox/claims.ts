// Operators' claims on conversations of the fictional profiles' inbox (docs/operations.md "Fictional profiles'
// inbox"): one row per conversation, so two operators never answer the same member. A claim runs out after the
// configured minutes; each reply renews it.
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { fictionalClaims } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { audit, type Actor } from '../staff/audit.ts';
import { fictionalConversation, liveClaim, type ClaimHolder } from './conversations.ts';

/**
 * Claims conversation `conversationId` for staff member `actor` for `minutes`: a new claim, the caller's own renewed,
 * or one that ran out taken over; audited (`inbox.claim`). One statement decides (an upsert whose update applies only
 * to a claim run out or the caller's own, under the row's lock), so of many operators claiming at once exactly one
 * wins. Returns the claim. Errors: 404 not_found (not a member's conversation with a fictional profile), 409 conflict
 * (another operator holds it; `params.claimed_by` their address).
 */
export async function claimConversation(
  db: Db,
  actor: Actor & { staffId: number },
  { conversationId, minutes }: { conversationId: number; minutes: number },
): Promise<ClaimHolder> {
  await fictionalConversation(db, conversationId);
  return db.transaction(async (tx) => {
    const [won] = await tx
      .execute<{ expires_at: Date | string }>(
        sql`
      insert into ${fictionalClaims} (conversation_id, staff_id, claimed_at, expires_at)
      values (${conversationId}, ${actor.staffId}, now(), now() + make_interval(secs => ${minutes * 60}))
      on conflict (conversation_id) do update
        set staff_id = excluded.staff_id, claimed_at = excluded.claimed_at, expires_at = excluded.expires_at
        where ${fictionalClaims.expiresAt} <= now() or ${fictionalClaims.staffId} = excluded.staff_id
      returning expires_at`,
      )
      .then((r) => r.rows);
    if (!won) {
      const holder = await liveClaim(tx, conversationId);
      throw new ApiError(409, 'conflict', holder ? { claimed_by: holder.staffEmail } : {});
    }
    const expiresAt = new Date(won.expires_at);
    await audit(tx, actor, {
      action: 'inbox.claim',
      targetKind: 'conversation',
      targetId: conversationId,
      after: { staff_id: actor.staffId, expires_at: expiresAt.toISOString() },
    });
    // The claim just written, with its holder's address (now() is the transaction's: it is live).
    return (await liveClaim(tx, conversationId))!;
  });
}

/**
 * Renews `staffId`'s live claim on `conversationId` for `minutes` from now, in the reply's transaction `tx`. Returns
 * the new end. Errors: 409 conflict (the caller holds no live claim: never claimed, ran out, or taken over).
 */
export async function renewClaim(
  tx: Tx | Db,
  { conversationId, staffId, minutes }: { conversationId: number; staffId: number; minutes: number },
): Promise<Date> {
  const [row] = await tx
    .update(fictionalClaims)
    .set({ expiresAt: sql`now() + make_interval(secs => ${minutes * 60})` })
    .where(
      and(
        eq(fictionalClaims.conversationId, conversationId),
        eq(fictionalClaims.staffId, staffId),
        sql`${fictionalClaims.expiresAt} > now()`,
      ),
    )
    .returning({ expiresAt: fictionalClaims.expiresAt });
  if (!row) throw new ApiError(409, 'conflict');
  return row.expiresAt;
}

/** Releases `actor`'s claim on `conversationId` (audited `inbox.release`). Returns false when they held none. */
export async function releaseClaim(db: Db, actor: Actor & { staffId: number }, conversationId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(fictionalClaims)
      .where(and(eq(fictionalClaims.conversationId, conversationId), eq(fictionalClaims.staffId, actor.staffId)))
      .returning({ expiresAt: fictionalClaims.expiresAt });
    if (!gone.length) return false;
    await audit(tx, actor, {
      action: 'inbox.release',
      targetKind: 'conversation',
      targetId: conversationId,
      before: { staff_id: actor.staffId, expires_at: gone[0].expiresAt.toISOString() },
      after: null,
    });
    return true;
  });
}
