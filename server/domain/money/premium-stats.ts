// What premium does for replies, measured on this site (spec 1; /premium, contract/premium.ts): the share of first
// messages that got an answer, premium starters against free ones. No figure without enough conversations.
import { sql } from 'drizzle-orm';
import { REPLY_RATE_DAYS, REPLY_RATE_MIN_CONVERSATIONS, type ReplyRates } from '../../../contract/index.ts';
import type { Db } from '../../db/connect.ts';
import { premiumAt } from './membership.ts';

/**
 * The reply rates of site `siteId` over the last REPLY_RATE_DAYS days at `now`: for each conversation a real member
 * started then (the other side not a fictional profile, whose answers say nothing about members), whether anyone
 * answered the starter's first message, grouped by whether the starter was premium (premiumAt) when
 * writing it. Null while either group has fewer than REPLY_RATE_MIN_CONVERSATIONS conversations.
 */
export async function replyRates(db: Db, siteId: number, now = new Date()): Promise<ReplyRates | null> {
  const since = new Date(now.getTime() - REPLY_RATE_DAYS * 86400_000);
  const { rows } = await db.execute<{ premium: boolean; conversations: number; replied: number }>(sql`
    with firsts as (
      select c.id, c.started_by as starter, min(m.created_at) as first_at
      from conversations c
      join users s on s.id = c.started_by and s.site_id = ${siteId} and not s.fictional
      join users o on o.id = (case when c.user_low = c.started_by then c.user_high else c.user_low end) and not o.fictional
      join messages m on m.conversation_id = c.id and m.sender_id = c.started_by
      where c.created_at >= ${since}
      group by c.id, c.started_by
    )
    select
      ${premiumAt(sql`f.starter`, sql`f.first_at`)} as premium,
      count(*)::int as conversations,
      (count(*) filter (where exists (
        select 1 from messages r where r.conversation_id = f.id and r.sender_id <> f.starter and r.created_at > f.first_at
      )))::int as replied
    from firsts f
    group by 1`);
  const group = (premium: boolean) => {
    const r = rows.find((x) => x.premium === premium);
    return { conversations: Number(r?.conversations ?? 0), replied: Number(r?.replied ?? 0) };
  };
  const premium = group(true);
  const free = group(false);
  if (
    premium.conversations < REPLY_RATE_MIN_CONVERSATIONS ||
    free.conversations < REPLY_RATE_MIN_CONVERSATIONS ||
    free.replied === 0
  )
    return null;
  const rate = (g: { conversations: number; replied: number }) => g.replied / g.conversations;
  return { days: REPLY_RATE_DAYS, premium, free, higher_percent: Math.round((rate(premium) / rate(free) - 1) * 100) };
}
