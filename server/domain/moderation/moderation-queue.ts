// What moderators read (docs/operations.md "Moderation", "Photo review"): the complaints queue, a complaint with the
// reported member and conversation, a member's profile with full photo URLs and restrictions, and pending photos.
import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type {
  ComplaintDetailResponse,
  ComplaintOutcome,
  ComplaintsQuery,
  ModeratedMember,
  PendingPhotosResponse,
  QueuedComplaint,
  StaffPhoto,
} from '../../../contract/ops-moderation.ts';
import type { ComplaintTopic } from '../../../contract/complaints.ts';
import type { Db } from '../../db/connect.ts';
import { complaints, conversations, messages, photos, profiles, users } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import type { Sites } from '../content/sites.ts';
import { restrictionsOf } from './restrictions.ts';

/** Messages of a reported conversation shown at most (the newest). */
const CONVERSATION_LIMIT = 200;
/** Pending photos listed at most. */
const PHOTOS_LIMIT = 200;

/** The member a complaint reports: the one it names, else the reported message's sender; null when neither. */
export async function reportedMemberId(
  db: Db,
  c: Pick<typeof complaints.$inferSelect, 'memberId' | 'messageId'>,
): Promise<number | null> {
  if (c.memberId) return c.memberId;
  if (!c.messageId) return null;
  const [m] = await db.select({ senderId: messages.senderId }).from(messages).where(eq(messages.id, c.messageId));
  return m?.senderId ?? null;
}

/** Full (never blurred) photo URLs under `cdnPrefix`. */
const staffPhoto = (p: typeof photos.$inferSelect, cdnPrefix: string): StaffPhoto => ({
  id: p.id,
  url: `${cdnPrefix}/${p.key}.webp`,
  thumb_url: `${cdnPrefix}/${p.key}-t.webp`,
  review_state: p.reviewState,
  created_at: p.createdAt.toISOString(),
});

/** The cdn prefix of site `siteId` (the default site's when unknown). */
const cdnOf = (sites: Sites, siteId: number) => (sites.all.find((s) => s.id === siteId) ?? sites.all[0]).settings.cdn_prefix;

/** The member a complaint reports, in SQL: the one it names, else the reported message's sender. */
const reportedSql = sql`coalesce(${complaints.memberId}, ${messages.senderId})`;

/** Complaints matching `where` in `order`, with their reported member, in one statement. */
async function queued(db: Db, where: SQL | undefined, order: SQL[], limit: number): Promise<QueuedComplaint[]> {
  const rows = await db
    .select({ c: complaints, memberId: users.id, name: profiles.name, fictional: users.fictional })
    .from(complaints)
    .leftJoin(messages, eq(messages.id, complaints.messageId))
    .leftJoin(users, sql`${users.id} = ${reportedSql}`)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(where)
    .orderBy(...order)
    .limit(limit);
  return rows.map(({ c, memberId, name, fictional }) => ({
    id: c.id,
    reference: c.reference,
    topic: c.topic as ComplaintTopic,
    excerpt: c.text.length > 200 ? `${c.text.slice(0, 199)}…` : c.text,
    created_at: c.createdAt.toISOString(),
    complainant_id: c.userId,
    member: memberId !== null && name !== null ? { id: memberId, name, fictional: fictional ?? false } : null,
    handled_at: c.handledAt?.toISOString() ?? null,
    outcome: (c.outcome as ComplaintOutcome | null) ?? null,
  }));
}

/** The complaints queue under `q`: open ones first, oldest first; handled ones after, newest handled first. */
export async function complaintQueue(db: Db, q: ComplaintsQuery): Promise<QueuedComplaint[]> {
  const where: SQL[] = [];
  if (q.state === 'open') where.push(isNull(complaints.handledAt));
  if (q.state === 'handled') where.push(isNotNull(complaints.handledAt));
  if (q.topic) where.push(eq(complaints.topic, q.topic));
  return queued(
    db,
    and(...where),
    [sql`${complaints.handledAt} is not null`, desc(complaints.handledAt), asc(complaints.createdAt), asc(complaints.id)],
    q.limit,
  );
}

/** Member `userId` as moderators see them, photos under their site's cdn prefix. Throws 404 not_found. */
export async function moderatedMember(db: Db, sites: Sites, userId: number): Promise<ModeratedMember> {
  const [row] = await db.select().from(users).innerJoin(profiles, eq(profiles.userId, users.id)).where(eq(users.id, userId));
  if (!row) throw new ApiError(404, 'not_found');
  const { users: u, profiles: p } = row;
  const cdn = cdnOf(sites, u.siteId);
  const own = await db.select().from(photos).where(eq(photos.userId, userId)).orderBy(asc(photos.position), asc(photos.id));
  return {
    id: u.id,
    email: u.email,
    language: u.language,
    fictional: u.fictional,
    deleted: u.deletedAt !== null,
    signup_date: u.signupDate.toISOString(),
    profile: {
      name: p.name,
      gender: p.gender,
      date_of_birth: p.dateOfBirth,
      country: p.country,
      city: p.city,
      status: p.status,
      about: p.about,
    },
    photos: own.map((ph) => staffPhoto(ph, cdn)),
    restrictions: await restrictionsOf(db, userId),
  };
}

/**
 * Complaint `id` in full: the complaint, its reported member, and the newest messages between the complainant and
 * them, oldest first (the reported message marked). Throws 404 not_found.
 */
export async function complaintDetail(db: Db, sites: Sites, id: number): Promise<ComplaintDetailResponse> {
  const [c] = await db.select().from(complaints).where(eq(complaints.id, id));
  if (!c) throw new ApiError(404, 'not_found');
  const [base] = await queued(db, eq(complaints.id, id), [], 1);
  const memberId = base.member?.id ?? null;
  const member = memberId ? await moderatedMember(db, sites, memberId) : null;
  let conversation: ComplaintDetailResponse['conversation'] = [];
  if (memberId && c.userId) {
    const [low, high] = memberId < c.userId ? [memberId, c.userId] : [c.userId, memberId];
    const rows = await db
      .select({ m: messages })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(and(eq(conversations.userLow, low), eq(conversations.userHigh, high)))
      .orderBy(desc(messages.seq))
      .limit(CONVERSATION_LIMIT);
    const cdn = cdnOf(sites, c.siteId);
    conversation = rows.reverse().map(({ m }) => ({
      id: m.id,
      sender_id: m.senderId,
      text: m.text,
      gift: m.gift,
      photo_url: m.photoKey ? `${cdn}/${m.photoKey}.webp` : null,
      created_at: m.createdAt.toISOString(),
      reported: m.id === c.messageId,
    }));
  }
  return { complaint: { ...base, text: c.text, email: c.email, message_id: c.messageId }, member, conversation };
}

/** Photos waiting for review (`pending`), oldest first, with their member; full URLs. */
export async function pendingPhotos(db: Db, sites: Sites): Promise<PendingPhotosResponse> {
  const rows = await db
    .select({ photo: photos, name: profiles.name, fictional: users.fictional, siteId: users.siteId })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.userId))
    .innerJoin(profiles, eq(profiles.userId, photos.userId))
    .where(eq(photos.reviewState, 'pending'))
    .orderBy(asc(photos.createdAt), asc(photos.id))
    .limit(PHOTOS_LIMIT);
  return {
    photos: rows.map((r) => ({
      ...staffPhoto(r.photo, cdnOf(sites, r.siteId)),
      member: { id: r.photo.userId, name: r.name, fictional: r.fictional },
    })),
  };
}
