// The credits ledger: the only way a balance changes (DESIGN: security baseline, money).
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/connect.ts';
import { creditLedger, users } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { noteChanges } from '../sync/changes.ts';
import { becomesPremium, boughtDelta, type LedgerReason } from './membership.ts';

/**
 * The ledger's one write, as two data-modifying CTEs for a `with` clause: `credited` adds `delta` credits (negative:
 * a debit) to member `userId`'s row, a debit only while the balance covers it (the conditional update keeps the
 * balance at zero or above under concurrency, and locks the row), and answers one row with `credits`, the balance
 * after; `ledger` writes its ledger row (`idempotencyKey` is unique: a second write of a key fails the statement). A
 * reason that makes the member premium (becomesPremium) sets paid_user in the same update. The same update keeps
 * bought_credits, the bought part of the balance not spent yet (boughtDelta): free credits are spent first, so a
 * debit lowers it only where the balance would fall below it. No `credited` row: the
 * balance did not cover the debit, and neither row was written. Every balance change goes through it (applyCredits,
 * and a message send inside its one statement); the caller's transaction must record the member's 'user' change.
 */
export function creditsChange(userId: number, delta: number, reason: LedgerReason, idempotencyKey: string): SQL {
  return sql`credited as (
    update ${users} set credits = credits + ${delta},
      bought_credits = least(bought_credits + ${boughtDelta(reason, delta)}, credits + ${delta})${becomesPremium(reason) ? sql`, paid_user = true` : sql``}
    where id = ${userId}${delta < 0 ? sql` and credits >= ${-delta}` : sql``}
    returning credits
  ), ledger as (
    insert into ${creditLedger} (user_id, delta, balance_after, reason, idempotency_key)
    select ${userId}, ${delta}, credits, ${reason}, ${idempotencyKey} from credited
  )`;
}

/**
 * Adds `delta` credits (negative = debit) to a user's balance and writes the ledger row (creditsChange), inside the
 * caller's transaction. `idempotencyKey` is unique: the caller checks for an earlier effect before calling.
 * Returns the balance after. Throws ApiError 402 not_enough_credits when a debit would go below zero. Notes a 'user'
 * change for the sync log (noteChanges): the caller's transaction must end with recordChanges, which writes it.
 */
export async function applyCredits(
  tx: Tx,
  userId: number,
  { delta, reason, idempotencyKey }: { delta: number; reason: LedgerReason; idempotencyKey: string },
): Promise<number> {
  const [row] = await tx
    .execute<{ credits: number }>(sql`with ${creditsChange(userId, delta, reason, idempotencyKey)} select credits from credited`)
    .then((r) => r.rows);
  if (!row) throw new ApiError(402, 'not_enough_credits');
  noteChanges(tx, [{ userId, kind: 'user', entityId: userId }]);
  return Number(row.credits);
}
