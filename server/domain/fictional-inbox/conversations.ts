// Which conversations the fictional profiles' inbox works on: a member's with a fictional profile. The waiting list
// (members whose newest message is theirs, oldest waiting first) and the lookup of one conversation's two sides.
import { sql } from 'drizzle-orm';
import type { Language } from '../../../contract/common.ts';
import type { Db, Tx } from '../../db/connect.ts';
import { conversations, fictionalClaims, messages, profiles, staff, users } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';

/** The two sides of a conversation between a member and a fictional profile (`persona`), and the member's language and site. */
export interface FictionalConversation {
  id: number;
  personaId: number;
  memberId: number;
  memberLanguage: Language;
  siteId: number;
}

/** Who holds a claim (not run out) and until when. */
export interface ClaimHolder {
  staffId: number;
  staffEmail: string;
  expiresAt: Date;
}

/** SQL: the id of the fictional side (`persona`) and of the member side of conversation row `c`. */
const sides = sql`case when low.fictional then c.user_low else c.user_high end as persona_id,
  case when low.fictional then c.user_high else c.user_low end as member_id`;

/**
 * The conversation `id` when it is between a member and a fictional profile. Errors: 404 not_found (no such
 * conversation, or not one of a member with a fictional profile).
 */
export async function fictionalConversation(db: Db | Tx, id: number): Promise<FictionalConversation> {
  const [row] = await db
    .execute<{ persona_id: number; member_id: number; language: Language; site_id: number }>(
      sql`
    select s.persona_id, s.member_id, m.language, m.site_id from (
      select ${sides} from ${conversations} c
      join ${users} low on low.id = c.user_low join ${users} high on high.id = c.user_high
      where c.id = ${id} and low.fictional <> high.fictional
    ) s join ${users} m on m.id = s.member_id`,
    )
    .then((r) => r.rows);
  if (!row) throw new ApiError(404, 'not_found');
  return {
    id,
    personaId: Number(row.persona_id),
    memberId: Number(row.member_id),
    memberLanguage: row.language,
    siteId: Number(row.site_id),
  };
}

/** The claim on conversation `id` that has not run out, with its holder's address; null when none. */
export async function liveClaim(db: Db | Tx, id: number): Promise<ClaimHolder | null> {
  const [row] = await db
    .execute<{ staff_id: number; email: string; expires_at: Date | string }>(
      sql`select fc.staff_id, s.email, fc.expires_at from ${fictionalClaims} fc join ${staff} s on s.id = fc.staff_id
        where fc.conversation_id = ${id} and fc.expires_at > now()`,
    )
    .then((r) => r.rows);
  return row ? { staffId: Number(row.staff_id), staffEmail: row.email, expiresAt: new Date(row.expires_at) } : null;
}

/** One conversation waiting for an operator's answer (see waitingConversations). */
export interface WaitingConversation {
  conversationId: number;
  persona: { id: number; name: string };
  member: { id: number; name: string; language: Language };
  /** The member's oldest message after the profile's last one. */
  waitingSince: Date;
  /** The member's messages after the profile's last one. */
  unanswered: number;
  claim: ClaimHolder | null;
}

/**
 * The conversations of members with fictional profiles whose newest message is the member's, oldest waiting first,
 * at most `limit`; only members of `language` when given. Members who deleted their account or have not confirmed
 * their address are left out (their messages are held back from the profile: messaging.ts visibleChatOf).
 */
export async function waitingConversations(
  db: Db,
  { language, limit }: { language?: Language; limit: number },
): Promise<WaitingConversation[]> {
  const rows = await db
    .execute<{
      conversation_id: number;
      persona_id: number;
      persona_name: string;
      member_id: number;
      member_name: string;
      language: Language;
      waiting_since: Date | string;
      unanswered: number;
      staff_id: number | null;
      staff_email: string | null;
      expires_at: Date | string | null;
    }>(
      sql`
    with pairs as (
      select c.id, ${sides} from ${conversations} c
      join ${users} low on low.id = c.user_low join ${users} high on high.id = c.user_high
      where low.fictional <> high.fictional and c.last_message_at is not null
    ), waiting as (
      select pairs.*, w.since, w.unanswered from pairs
      join lateral (
        select min(${messages.createdAt}) as since, count(*)::int as unanswered from ${messages}
        where ${messages.conversationId} = pairs.id and ${messages.senderId} = pairs.member_id
          and ${messages.seq} > coalesce((select max(seq) from ${messages} r
            where r.conversation_id = pairs.id and r.sender_id = pairs.persona_id), 0)
      ) w on w.unanswered > 0
    )
    select waiting.id as conversation_id, waiting.persona_id, pp.name as persona_name, waiting.member_id,
      mp.name as member_name, m.language, waiting.since as waiting_since, waiting.unanswered,
      fc.staff_id, s.email as staff_email, fc.expires_at
    from waiting
    join ${users} m on m.id = waiting.member_id
    join ${profiles} mp on mp.user_id = waiting.member_id
    join ${profiles} pp on pp.user_id = waiting.persona_id
    left join ${fictionalClaims} fc on fc.conversation_id = waiting.id and fc.expires_at > now()
    left join ${staff} s on s.id = fc.staff_id
    where m.deleted_at is null and m.status = 'confirmed'${language ? sql` and m.language = ${language}` : sql``}
    order by waiting.since, waiting.id
    limit ${limit}`,
    )
    .then((r) => r.rows);
  return rows.map((r) => ({
    conversationId: Number(r.conversation_id),
    persona: { id: Number(r.persona_id), name: r.persona_name },
    member: { id: Number(r.member_id), name: r.member_name, language: r.language },
    waitingSince: new Date(r.waiting_since),
    unanswered: Number(r.unanswered),
    claim:
      r.staff_id === null
        ? null
        : { staffId: Number(r.staff_id), staffEmail: r.staff_email!, expiresAt: new Date(r.expires_at!) },
  }));
}
