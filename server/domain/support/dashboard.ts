// The back office's dashboard (docs/operations.md "Dashboard"): today and the 14 days before it (UTC), one query per
// figure over the whole window, grouped by day in the database; cheap on a site of a few thousand members.
import { sql } from 'drizzle-orm';
import type { OpsDashboardResponse } from '../../../contract/ops-support.ts';
import type { Db } from '../../db/connect.ts';

/** Days before today the dashboard shows. */
const DASHBOARD_DAYS = 14;
const DAY_MS = 86400_000;

/** The UTC day of a timestamp column, as YYYY-MM-DD. */
const dayOf = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`);

type Row = Record<string, unknown>;
const rowsOf = async (db: Db, query: ReturnType<typeof sql>) => (await db.execute<Row>(query)).rows;

/**
 * The dashboard's figures at `now` (OpsDashboardResponse): per UTC day from DASHBOARD_DAYS days ago to today, the
 * signups of real members (not fictional), how many of them are activated now, members who paid (a completed payment
 * that day, refunded since or not), completed payments and refunds by currency (count and minor units), and messages;
 * and at present the open complaints, the fictional conversation whose member has waited longest for an answer (since
 * their first message after the profile's last one), and the dead letters.
 */
export async function dashboard(db: Db, now = new Date()): Promise<OpsDashboardResponse> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - DASHBOARD_DAYS * DAY_MS);
  const [members, paying, paid, refunded, sent, complaints, waiting, dead] = await Promise.all([
    rowsOf(
      db,
      sql`select ${dayOf('created_at')} as day, count(*)::int as signups, count(*) filter (where status = 'confirmed')::int as activations
        from users where created_at >= ${start} and not fictional group by 1`,
    ),
    rowsOf(
      db,
      sql`select ${dayOf('created_at')} as day, count(distinct user_id)::int as n
        from payments where created_at >= ${start} and status in ('completed', 'refunded') group by 1`,
    ),
    rowsOf(
      db,
      sql`select ${dayOf('created_at')} as day, currency, count(*)::int as n, sum(amount)::int as total
        from payments where created_at >= ${start} and status in ('completed', 'refunded') group by 1, 2`,
    ),
    rowsOf(
      db,
      sql`select ${dayOf('refunded_at')} as day, currency, count(*)::int as n, sum(refunded_amount)::int as total
        from payments where refunded_at >= ${start} group by 1, 2`,
    ),
    rowsOf(
      db,
      sql`select ${dayOf('created_at')} as day, count(*)::int as n from messages where created_at >= ${start} group by 1`,
    ),
    rowsOf(db, sql`select count(*)::int as n from complaints where handled_at is null`),
    rowsOf(
      db,
      sql`select c.id as conversation_id, min(m.created_at) as since
        from conversations c
        join users f on f.id in (c.user_low, c.user_high) and f.fictional
        join messages m on m.conversation_id = c.id
          and m.seq > coalesce((select max(r.seq) from messages r where r.conversation_id = c.id and r.sender_id = f.id), 0)
        join users s on s.id = m.sender_id and not s.fictional
        group by c.id order by since limit 1`,
    ),
    rowsOf(db, sql`select count(*)::int as n from pgboss.job where name like '%-dead'`),
  ]);
  const byDay = (rows: Row[]) => new Map(rows.map((r) => [String(r.day), r]));
  const memberDays = byDay(members);
  const payingDays = byDay(paying);
  const sentDays = byDay(sent);
  const days = Array.from({ length: DASHBOARD_DAYS + 1 }, (_, i) => {
    const day = new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    const currencies = new Set([...paid, ...refunded].filter((r) => r.day === day).map((r) => String(r.currency)));
    const find = (rows: Row[], currency: string) => rows.find((r) => r.day === day && r.currency === currency);
    return {
      day,
      signups: Number(memberDays.get(day)?.signups ?? 0),
      activations: Number(memberDays.get(day)?.activations ?? 0),
      paying_members: Number(payingDays.get(day)?.n ?? 0),
      messages: Number(sentDays.get(day)?.n ?? 0),
      money: [...currencies].sort().map((currency) => ({
        currency,
        payments: Number(find(paid, currency)?.n ?? 0),
        paid: Number(find(paid, currency)?.total ?? 0),
        refunds: Number(find(refunded, currency)?.n ?? 0),
        refunded: Number(find(refunded, currency)?.total ?? 0),
      })),
    };
  });
  const oldest = waiting[0];
  const since = oldest ? new Date(oldest.since as string | Date) : null;
  return {
    days,
    open_complaints: Number(complaints[0].n),
    oldest_waiting: since
      ? {
          conversation_id: Number(oldest.conversation_id),
          since: since.toISOString(),
          seconds: Math.max(0, Math.round((now.getTime() - since.getTime()) / 1000)),
        }
      : null,
    dead_jobs: Number(dead[0].n),
  };
}
