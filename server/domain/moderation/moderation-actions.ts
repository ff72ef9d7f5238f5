// Moderators' decisions (docs/operations.md "Moderation", "Photo review"): dismiss a complaint, warn, suspend, ban,
// remove a photo or the profile text, lift a suspension, approve or reject a new photo. Each is one transaction with
// its restriction row, the complaint's handling, its audit row and its mail jobs; media files go after the commit.
import { and, eq, isNull } from 'drizzle-orm';
import type { ModerationActionRequest, ModerationGround, Restriction } from '../../../contract/ops-moderation.ts';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/connect.ts';
import { complaints, memberRestrictions, photos, profiles, sessions, users, type RestrictionKind } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import type { ImageService } from '../../services/images.ts';
import type { JobQueue } from '../../services/jobs.ts';
import type { OutgoingMail } from '../../services/mail.ts';
import { deletePhoto } from '../accounts/own-photos.ts';
import type { Sites } from '../content/sites.ts';
import type { Actor } from '../staff/audit.ts';
import { audit } from '../staff/audit.ts';
import { recordChanges, type Change } from '../sync/changes.ts';
import { peerChanges } from '../sync/peer-changes.ts';
import { viewerOf, type Site } from '../types.ts';
import { handledMail, statementOfReasons } from './moderation-mail.ts';
import { reportedMemberId } from './moderation-queue.ts';
import { isActive, toRestriction } from './restrictions.ts';

/** What the decisions need of the server's context. */
export interface ModerationContext {
  db: Db;
  jobs: JobQueue;
  sites: Sites;
  images: ImageService;
  config: Pick<Config, 'publicUrl'>;
}

const DAY_MS = 24 * 3600_000;

/** The actions that restrict access and would hide a fictional profile's disclosure: refused for those profiles. */
const ACCESS_ACTIONS = new Set(['warn', 'suspend', 'ban']);

/** The restriction kind each restricting action writes. */
const KIND: Record<Exclude<ModerationActionRequest['action'], 'dismiss'>, RestrictionKind> = {
  warn: 'warning',
  suspend: 'suspension',
  ban: 'ban',
  remove_photo: 'photo_removed',
  remove_text: 'text_removed',
};

type MemberRow = { user: typeof users.$inferSelect; name: string; about: string };

const siteOf = (sites: Sites, siteId: number): Site => sites.all.find((s) => s.id === siteId) ?? sites.all[0];

/** Member `id` with their profile's name and about text, or 404 not_found. */
async function memberOf(tx: Tx, id: number): Promise<MemberRow> {
  const [row] = await tx
    .select({ user: users, name: profiles.name, about: profiles.about })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, id));
  if (!row) throw new ApiError(404, 'not_found', {}, { member: 'unknown' });
  return row;
}

/** The complaint `id` locked for handling; 404 not_found, 409 conflict when it was handled already. */
async function openComplaint(tx: Tx, id: number) {
  const [c] = await tx.select().from(complaints).where(eq(complaints.id, id)).for('update');
  if (!c) throw new ApiError(404, 'not_found', {}, { complaint: 'unknown' });
  if (c.handledAt) throw new ApiError(409, 'conflict', {}, { complaint: 'handled already' });
  return c;
}

/** Marks complaint `c` handled by `actor` with `outcome` and answers the mail telling its complainant. */
async function handle(
  tx: Tx,
  ctx: ModerationContext,
  actor: Actor,
  c: typeof complaints.$inferSelect,
  outcome: string,
): Promise<OutgoingMail> {
  await tx.update(complaints).set({ handledAt: new Date(), handledBy: actor.staffId, outcome }).where(eq(complaints.id, c.id));
  const site = siteOf(ctx.sites, c.siteId);
  const [from] = c.userId
    ? await tx
        .select({ language: users.language, name: profiles.name })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, c.userId))
    : [];
  return handledMail(
    c.reference,
    { email: c.email, language: from?.language ?? site.settings.domain_language.slice(0, 2), name: from?.name ?? '' },
    site,
  );
}

/** Ends every session of member `userId` (as account deletion does); the caches hear of it at commit. */
async function endSessions(tx: Tx, userId: number): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Applies moderation action `req` by `actor` (docs/operations.md "Moderation"; contract ModerationActionRequest) in
 * one transaction: the restriction row, its effect (sessions ended and, for a ban, the profile hidden; the photo or
 * the about text removed), the complaint handled, one audit row `moderation.<action>`, and the mail jobs (the
 * complainant's note, the member's statement of reasons). A removed photo's files are deleted after the commit.
 * Answers the restriction (null for dismiss) and the complaint's id. Throws 400 bad_request (no member to act on),
 * 404 not_found (complaint, member or photo), 409 conflict (complaint handled already), 409 fictional_profile.
 */
export async function applyModeration(
  ctx: ModerationContext,
  actor: Actor,
  req: ModerationActionRequest,
): Promise<{ restriction: Restriction | null; complaint_id: number | null }> {
  const { db, jobs } = ctx;
  const removedKeys: string[] = [];
  const answer = await db.transaction(async (tx) => {
    const complaint = req.complaint ? await openComplaint(tx, req.complaint) : null;
    const mails: OutgoingMail[] = [];
    if (req.action === 'dismiss') {
      mails.push(await handle(tx, ctx, actor, complaint!, 'dismissed'));
      await audit(tx, actor, {
        action: 'moderation.dismiss',
        targetKind: 'complaint',
        targetId: complaint!.id,
        before: { handled_at: null },
        after: { outcome: 'dismissed' },
      });
      for (const m of mails) await jobs.enqueue(tx as unknown as Db, 'mail', m);
      return { restriction: null, complaint_id: complaint!.id };
    }
    const memberId = req.member ?? (complaint ? await reportedMemberId(tx as unknown as Db, complaint) : null);
    if (!memberId) throw new ApiError(400, 'bad_request', {}, { member: 'required' });
    const member = await memberOf(tx, memberId);
    if (member.user.fictional && ACCESS_ACTIONS.has(req.action)) throw new ApiError(409, 'fictional_profile');
    const site = siteOf(ctx.sites, member.user.siteId);
    const kind = KIND[req.action];
    const now = new Date();
    const endsAt = req.action === 'suspend' ? new Date(now.getTime() + req.days * DAY_MS) : null;
    const before: Record<string, unknown> = {};
    const changes: Change[] = [];
    let sessionsEnded = false;

    if (req.action === 'suspend' || req.action === 'ban') {
      await endSessions(tx, memberId);
      sessionsEnded = true;
      if (req.action === 'ban') {
        await tx.update(profiles).set({ status: 'disabled' }).where(eq(profiles.userId, memberId));
        changes.push(...(await peerChanges(tx, memberId)));
      }
    } else if (req.action === 'remove_photo') {
      const [photo] = await tx
        .select({ id: photos.id })
        .from(photos)
        .where(and(eq(photos.id, req.photo), eq(photos.userId, memberId)));
      if (!photo) throw new ApiError(404, 'not_found', {}, { photo: 'unknown' });
      // The member's own removal path (a savepoint here): the order's gap closes and the change log moves.
      const { keys } = await deletePhoto(tx as unknown as Db, viewerOf(member.user, site), req.photo);
      removedKeys.push(...keys);
      before.photo = req.photo;
    } else if (req.action === 'remove_text') {
      before.about = member.about;
      await tx.update(profiles).set({ about: '' }).where(eq(profiles.userId, memberId));
      changes.push(...(await peerChanges(tx, memberId)));
    }

    const [row] = await tx
      .insert(memberRestrictions)
      .values({
        userId: memberId,
        kind,
        ground: req.ground,
        detail: req.detail,
        complaintId: complaint?.id ?? null,
        staffId: actor.staffId,
        endsAt,
      })
      .returning();
    if (complaint) mails.push(await handle(tx, ctx, actor, complaint, kind));
    if (!member.user.fictional) {
      mails.push(
        statementOfReasons(
          { id: row.id, kind, ground: req.ground, detail: req.detail, endsAt },
          { email: member.user.email, language: member.user.language, name: member.name },
          site,
          ctx.config.publicUrl,
        ),
      );
    }
    await audit(tx, actor, {
      action: `moderation.${req.action}`,
      targetKind: 'member',
      targetId: memberId,
      before,
      after: {
        restriction: row.id,
        kind,
        ground: req.ground,
        ends_at: endsAt?.toISOString() ?? null,
        complaint: complaint?.id ?? null,
      },
    });
    for (const m of mails) await jobs.enqueue(tx as unknown as Db, 'mail', m);
    await recordChanges(tx, changes, sessionsEnded ? { sessionsEnded: [memberId] } : {});
    return { restriction: toRestriction(row, now), complaint_id: complaint?.id ?? null };
  });
  if (removedKeys.length) await ctx.images.remove(removedKeys);
  return answer;
}

/**
 * Lifts suspension `id` now (a moderator's early end), audited `moderation.lift`. Throws 404 not_found, 409 conflict
 * when it is not an active suspension (a ban stays: its profile was hidden; a new account is refused by the terms).
 */
export async function liftSuspension(db: Db, actor: Actor, id: number): Promise<Restriction> {
  return db.transaction(async (tx) => {
    const [r] = await tx.select().from(memberRestrictions).where(eq(memberRestrictions.id, id)).for('update');
    if (!r) throw new ApiError(404, 'not_found');
    if (r.kind !== 'suspension' || !isActive(r))
      throw new ApiError(409, 'conflict', {}, { restriction: 'not an active suspension' });
    const [lifted] = await tx
      .update(memberRestrictions)
      .set({ liftedAt: new Date() })
      .where(and(eq(memberRestrictions.id, id), isNull(memberRestrictions.liftedAt)))
      .returning();
    await audit(tx, actor, {
      action: 'moderation.lift',
      targetKind: 'member',
      targetId: r.userId,
      before: { restriction: r.id, ends_at: r.endsAt?.toISOString() ?? null, lifted_at: null },
      after: { restriction: r.id, lifted_at: lifted.liftedAt!.toISOString() },
    });
    return toRestriction(lifted);
  });
}

/** The pending photo `id` locked for review; 404 not_found, 409 conflict when reviewed already. */
async function pendingPhoto(tx: Tx, id: number) {
  const [p] = await tx.select().from(photos).where(eq(photos.id, id)).for('update');
  if (!p) throw new ApiError(404, 'not_found');
  if (p.reviewState !== 'pending') throw new ApiError(409, 'conflict', {}, { photo: 'reviewed already' });
  return p;
}

/** Approves pending photo `id` (it stays live and leaves the review list), audited `photo.approve`. Throws 404, 409. */
export async function approvePhoto(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await pendingPhoto(tx, id);
    await tx
      .update(photos)
      .set({ reviewState: 'approved', reviewedAt: new Date(), reviewedBy: actor.staffId })
      .where(eq(photos.id, id));
    await audit(tx, actor, {
      action: 'photo.approve',
      targetKind: 'photo',
      targetId: id,
      before: { review_state: 'pending' },
      after: { review_state: 'approved' },
    });
  });
}

/**
 * Rejects pending photo `id` on `ground`: removed as the member's own removal does, a `photo_removed` restriction,
 * the statement of reasons mailed (not to fictional profiles, which have no mailbox), audited `photo.reject`; the
 * files are deleted after the commit. Throws 404 not_found, 409 conflict (reviewed already).
 */
export async function rejectPhoto(
  ctx: ModerationContext,
  actor: Actor,
  id: number,
  { ground, detail }: { ground: ModerationGround; detail: string },
): Promise<void> {
  const keys = await ctx.db.transaction(async (tx) => {
    const photo = await pendingPhoto(tx, id);
    const member = await memberOf(tx, photo.userId);
    const site = siteOf(ctx.sites, member.user.siteId);
    const { keys } = await deletePhoto(tx as unknown as Db, viewerOf(member.user, site), id);
    const [row] = await tx
      .insert(memberRestrictions)
      .values({ userId: photo.userId, kind: 'photo_removed', ground, detail, staffId: actor.staffId })
      .returning();
    await audit(tx, actor, {
      action: 'photo.reject',
      targetKind: 'photo',
      targetId: id,
      before: { review_state: 'pending', member: photo.userId },
      after: { review_state: 'rejected', restriction: row.id, ground },
    });
    if (!member.user.fictional) {
      const mail = statementOfReasons(
        { id: row.id, kind: 'photo_removed', ground, detail, endsAt: null },
        { email: member.user.email, language: member.user.language, name: member.name },
        site,
        ctx.config.publicUrl,
      );
      await ctx.jobs.enqueue(tx as unknown as Db, 'mail', mail);
    }
    return keys;
  });
  await ctx.images.remove(keys);
}
