// The credits ledger: the only way a balance changes (DESIGN: security baseline, money).
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connect.ts';
import { creditLedger, users } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { noteChanges } from '../sync/changes.ts';

/**
 * Adds `delta` credits (negative = debit) to the balance of `userId` and writes the ledger row with `reason`, inside
 * the caller's transaction. `idempotencyKey` is unique: the caller checks for an earlier effect before calling.
 * Returns the balance after. Throws ApiError 402 not_enough_credits when a debit would go below zero
 * (the conditional update keeps this true under concurrency). Notes a 'user' change for the sync log
 * (noteChanges): the caller's transaction must end with recordChanges, which writes it.
 */
export async function applyCredits(
  tx: Tx,
  userId: number,
  { delta, reason, idempotencyKey }: { delta: number; reason: string; idempotencyKey: string },
): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${delta}` })
    .where(delta < 0 ? and(eq(users.id, userId), gte(users.credits, -delta)) : eq(users.id, userId))
    .returning({ credits: users.credits });
  if (!row) throw new ApiError(402, 'not_enough_credits');
  await tx.insert(creditLedger).values({ userId, delta, balanceAfter: row.credits, reason, idempotencyKey });
  noteChanges(tx, [{ userId, kind: 'user', entityId: userId }]);
  return row.credits;
}
