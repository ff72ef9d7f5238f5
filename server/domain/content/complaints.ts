// Complaints and reports (spec 2: /complaints; DSA notice and action): stored with a reference, mailed to support with
// what is reported, confirmed to the complainant, limited per member and per network address.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { COMPLAINTS_PER_DAY, type ComplaintRequest } from '../../../contract/index.ts';
import type { Db } from '../../db/connect.ts';
import { complaints, messages, profiles, users } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import type { OutgoingMail } from '../../services/mail.ts';
import { accountMail } from '../accounts/account-mail.ts';
import { escapeHtml } from '../notifications/notice-mail.ts';
import type { Site, UserRow } from '../types.ts';

/** A reference people can read out: "R-" and 8 characters without look-alikes (0/O, 1/I/L). */
function newReference(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return `R-${[...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

/**
 * Files complaint `req` on `site` from `from.user` (null: a visitor, who must give `req.email`) coming from network
 * address `from.ip`.
 * Counts and inserts under a transaction-scoped advisory lock on the source, so concurrent reports cannot pass
 * COMPLAINTS_PER_DAY per member (or per address for visitors). Answers the reference and the two mails: to support
 * (site support_email: topic, text, the reported member and message, who reported) and the confirmation. Throws 400
 * bad_request (visitor without e-mail, unknown member or message), 429 complaints_throttled.
 */
export async function fileComplaint(
  db: Db,
  site: Site,
  { user, ip }: { user: UserRow | null; ip: string },
  req: ComplaintRequest,
): Promise<{ reference: string; mails: OutgoingMail[] }> {
  const email = user?.email ?? req.email;
  if (!email) throw new ApiError(400, 'bad_request', {}, { email: 'required' });
  const source = user ? `user:${user.id}` : `ip:${ip}`;
  const reported = req.member
    ? (
        await db
          .select({ id: profiles.userId, name: profiles.name })
          .from(profiles)
          .innerJoin(users, eq(users.id, profiles.userId))
          .where(and(eq(profiles.userId, req.member), eq(users.siteId, site.id)))
      )[0]
    : undefined;
  if (req.member && !reported) throw new ApiError(400, 'bad_request', {}, { member: 'unknown' });
  const message = req.message ? (await db.select().from(messages).where(eq(messages.id, req.message)))[0] : undefined;
  if (req.message && !message) throw new ApiError(400, 'bad_request', {}, { message: 'unknown' });

  const reference = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`complaint:${source}`}))`);
    const since = new Date(Date.now() - 24 * 3600_000);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(complaints)
      .where(and(eq(complaints.source, source), gt(complaints.createdAt, since)));
    if (n >= COMPLAINTS_PER_DAY) throw new ApiError(429, 'complaints_throttled');
    const ref = newReference();
    await tx.insert(complaints).values({
      reference: ref,
      siteId: site.id,
      userId: user?.id ?? null,
      email,
      topic: req.topic,
      text: req.text,
      memberId: reported?.id ?? null,
      messageId: message?.id ?? null,
      source,
    });
    return ref;
  });

  const lines = [
    `Reference: ${reference}`,
    `Topic: ${req.topic}`,
    `From: ${user ? `member ${user.id}` : 'visitor'} <${email}>`,
    ...(reported ? [`Reported member: ${reported.name} (id ${reported.id})`] : []),
    ...(message
      ? [`Reported message ${message.id} (sender ${message.senderId}, ${message.createdAt.toISOString()}):`, message.text]
      : []),
    '',
    req.text,
  ];
  const toSupport: OutgoingMail = {
    to: site.settings.support_email,
    subject: `[${reference}] Report: ${req.topic}`,
    text: `${lines.join('\n')}\n`,
    html: `<pre style="font-family:Arial,Helvetica,sans-serif;white-space:pre-wrap">${escapeHtml(lines.join('\n'))}</pre>`,
  };
  const confirmation = accountMail({
    to: email,
    language: user?.language ?? site.settings.domain_language.slice(0, 2),
    section: 'complaint',
    name: user
      ? ((await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, user.id)))[0]?.name ?? '')
      : '',
    values: { reference, support: site.settings.support_email, site: site.settings.name },
  });
  return { reference, mails: [toSupport, confirmation] };
}
