// Which notification mail a member gets for a new message, like or match, and when (throttle, online, consent).
// The change that causes a notice writes a mail-notice job in its transaction (mail*Notice); the job's worker
// decides and sends (deliverNotice).
import { and, eq, sql } from 'drizzle-orm';
import type { EmailKind, Message } from '../../../contract/index.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { mailNotices, profiles, users } from '../../db/schema.ts';
import type { JobRequest } from '../../services/jobs.ts';
import type { MailService } from '../../services/mail.ts';
import { wantsMail } from './email-settings.ts';
import { noticeMail } from './notice-mail.ts';
import { allSites } from '../content/sites.ts';
import { mailTokenSecret, unsubscribeToken } from './unsubscribe-tokens.ts';

/** At most one notification mail per member and topic within this many hours. */
const MAIL_THROTTLE_HOURS = 6;
/** A member seen (any request with their session) within this many minutes is online and gets no mail. */
const MAIL_ONLINE_MINUTES = 5;

/** What delivering a notice needs: the database, the mail service and PUBLIC_URL. */
export interface MailNoticeDeps {
  db: Db;
  mail: MailService;
  config: Pick<Config, 'publicUrl'>;
}

/** One notification to consider: `kind` to `recipientId` about `senderId`, throttled per `topic`, opening `openPath`. */
export interface MailNotice {
  kind: EmailKind;
  /** Texts other than `kind`'s (NoticeMailInput.template): `gift` for a gift message. */
  template?: 'gift';
  recipientId: number;
  senderId: number;
  topic: string;
  openPath: string;
}

/**
 * Claims the throttle window of (`userId`, `topic`) in one statement: inserts the mail_notices row, or moves its
 * `sent_at` to now when the last mail is over MAIL_THROTTLE_HOURS old. Returns false when a mail of this topic went
 * out within the window. One atomic statement, so of two instances racing only one gets the claim.
 */
export async function claimMailSlot(db: Db, userId: number, topic: string): Promise<boolean> {
  const [row] = await db
    .insert(mailNotices)
    .values({ userId, topic, sentAt: sql`now()` })
    .onConflictDoUpdate({
      target: [mailNotices.userId, mailNotices.topic],
      set: { sentAt: sql`now()` },
      setWhere: sql`${mailNotices.sentAt} < now() - ${sql.raw(`interval '${MAIL_THROTTLE_HOURS} hours'`)}`,
    })
    .returning({ userId: mailNotices.userId });
  return row !== undefined;
}

/**
 * Sends the mail of `notice` when every rule holds: the recipient's address is confirmed, they are not a fictional
 * member, they want this kind (wantsMail: left on, not stopped by the mail system), they were not seen within
 * MAIL_ONLINE_MINUTES, the sender's profile is active, and the throttle window of the topic is free (claimed last,
 * so a skipped mail does not use it). A send that fails gives the window back and rethrows (the job is retried).
 */
export async function deliverNotice({ db, mail, config }: MailNoticeDeps, notice: MailNotice): Promise<void> {
  const [recipient] = await db
    .select({ user: users, name: profiles.name })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, notice.recipientId));
  if (!recipient) return;
  const u = recipient.user;
  if (u.status !== 'confirmed' || u.fictional || !wantsMail(u, notice.kind)) return;
  if (u.lastSeenAt && Date.now() - u.lastSeenAt.getTime() < MAIL_ONLINE_MINUTES * 60_000) return;
  const [sender] = await db
    .select({ name: profiles.name })
    .from(profiles)
    .where(and(eq(profiles.userId, notice.senderId), eq(profiles.status, 'active')));
  if (!sender) return;
  const site = (await allSites(db)).find((s) => s.id === u.siteId);
  if (!site) return;
  const secret = await mailTokenSecret(db);
  if (!(await claimMailSlot(db, u.id, notice.topic))) return;
  try {
    await mail.send(
      noticeMail({
        kind: notice.kind,
        template: notice.template,
        language: u.language,
        to: u.email,
        recipientName: recipient.name,
        senderName: sender.name,
        siteName: site.settings.name,
        publicUrl: config.publicUrl,
        openPath: notice.openPath,
        unsubscribeToken: unsubscribeToken(secret, u.id, notice.kind),
      }),
    );
  } catch (e) {
    // Not sent: the next event of this topic may try again instead of waiting out the window. The row is ours:
    // within the window no other claim can move it.
    await db.delete(mailNotices).where(and(eq(mailNotices.userId, u.id), eq(mailNotices.topic, notice.topic)));
    throw e;
  }
}

/**
 * The job that mails the recipient of a new message (not the replay of an id), of kind message (topic
 * `c<conversation id>`, link `/chats/<sender id>`; a gift's with the gift texts), under the rules of deliverNotice; for
 * the transaction that creates the message to write.
 */
export function messageNoticeJob(message: Message, recipientId: number): JobRequest {
  return {
    name: 'mail-notice',
    data: {
      kind: 'message',
      ...(message.gift ? { template: 'gift' as const } : {}),
      recipientId,
      senderId: message.sender_id,
      topic: `c${message.conversation_id}`,
      openPath: `/chats/${message.sender_id}`,
    },
  };
}

/**
 * The job that mails member `likedId` that `likerId` likes them (kind like, or match when `match`: they had liked the
 * liker first), to write in the transaction that adds the like; topic `l<liker id>`, link `/likes`.
 */
export function likeNoticeJob({ likerId, likedId, match }: { likerId: number; likedId: number; match: boolean }): JobRequest {
  return {
    name: 'mail-notice',
    data: { kind: match ? 'match' : 'like', recipientId: likedId, senderId: likerId, topic: `l${likerId}`, openPath: '/likes' },
  };
}
