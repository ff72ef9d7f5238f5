// Per-operator figures of the fictional profiles' inbox (docs/operations.md "Fictional profiles' inbox"): replies
// written and the median wait of the members answered, from operator_replies.
import { sql } from 'drizzle-orm';
import type { InboxFiguresResponse } from '../../../contract/ops-inbox.ts';
import type { Db } from '../../db/connect.ts';
import { operatorReplies } from '../../db/schema.ts';

/**
 * Staff member `staffId`'s figures today (since 00:00 UTC) and over the last 14 days (since 00:00 UTC 13 days ago):
 * `answered`, the replies they wrote; `median_wait_ms`, the median of the members' waits those replies ended (ms;
 * replies that followed one of their own, with nobody waiting, are left out of it), null when there are none.
 */
export async function operatorFigures(db: Db, staffId: number): Promise<InboxFiguresResponse> {
  const day = sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`;
  const [row] = await db
    .execute<{ today: number; today_median: number | null; days14: number; days14_median: number | null }>(
      sql`
    select count(*) filter (where created_at >= ${day})::int as today,
      percentile_cont(0.5) within group (order by waited_ms) filter (where created_at >= ${day} and waited_ms > 0) as today_median,
      count(*)::int as days14,
      percentile_cont(0.5) within group (order by waited_ms) filter (where waited_ms > 0) as days14_median
    from ${operatorReplies}
    where staff_id = ${staffId} and created_at >= ${day} - interval '13 days'`,
    )
    .then((r) => r.rows);
  const median = (v: number | string | null) => (v === null ? null : Math.round(Number(v)));
  return {
    today: { answered: Number(row.today), median_wait_ms: median(row.today_median) },
    days14: { answered: Number(row.days14), median_wait_ms: median(row.days14_median) },
  };
}
