// The back office's moderation calls under /api/ops/moderation/ (docs/operations.md "Moderation", "Photo review";
// roles moderator and admin). Not exported from contract/index.ts: the member app never loads them.
import { z } from 'zod';
import { ComplaintTopic } from './complaints.ts';
import { Id, QueryId, Text } from './common.ts';

/**
 * The terms' clauses a restriction may rest on (the statement of reasons' ground, EU DSA Art. 17(3)(d)), as stored in
 * `member_restrictions.ground`. Each has its text in every locale (mail.json `moderation.grounds.<clause>`).
 * Terms 2: age and true data; terms 6: behaviour; terms 7: photos that do not meet the terms.
 */
export const MODERATION_GROUNDS = [
  'terms:underage',
  'terms:false_data',
  'terms:illegal_content',
  'terms:no_consent',
  'terms:harassment',
  'terms:money',
  'terms:spam',
  'terms:photo_rules',
] as const;
export const ModerationGround = z.enum(MODERATION_GROUNDS);
export type ModerationGround = z.infer<typeof ModerationGround>;

/** The longest suspension a moderator may set, in days (longer: a ban). */
export const MAX_SUSPENSION_DAYS = 365;

/** What moderation did to a member (member_restrictions.kind). */
const RestrictionKind = z.enum(['warning', 'suspension', 'ban', 'photo_removed', 'text_removed']);

/** A complaint's outcome once handled: dismissed, or the action taken. */
export const ComplaintOutcome = z.enum(['dismissed', 'warning', 'suspension', 'ban', 'photo_removed', 'text_removed']);
export type ComplaintOutcome = z.infer<typeof ComplaintOutcome>;

/** GET /api/ops/moderation/complaints: `state` open (default), handled or all; `topic` narrows it. */
export const ComplaintsQuery = z.object({
  state: z.enum(['open', 'handled', 'all']).default('open'),
  topic: ComplaintTopic.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type ComplaintsQuery = z.infer<typeof ComplaintsQuery>;

/** A complaint in the queue. `member`: the reported member (named or the reported message's sender), if any. */
const QueuedComplaint = z.object({
  id: z.number().int(),
  reference: z.string(),
  topic: ComplaintTopic,
  /** The complaint's text, up to 200 characters. */
  excerpt: z.string(),
  created_at: z.string(),
  /** Who filed it: a member's id, or null for a visitor. */
  complainant_id: z.number().int().nullable(),
  member: z.object({ id: z.number().int(), name: z.string(), fictional: z.boolean() }).nullable(),
  handled_at: z.string().nullable(),
  outcome: ComplaintOutcome.nullable(),
});
/** The queue: open complaints first, oldest first; then handled ones, newest handled first. */
export const ComplaintsResponse = z.object({ complaints: z.array(QueuedComplaint) });
export type ComplaintsResponse = z.infer<typeof ComplaintsResponse>;
export type QueuedComplaint = z.infer<typeof QueuedComplaint>;

/** A photo as staff see it: the full (never blurred) image URLs. */
const StaffPhoto = z.object({
  id: z.number().int(),
  url: z.string(),
  thumb_url: z.string(),
  review_state: z.enum(['pending', 'approved', 'rejected']),
  created_at: z.string(),
});
export type StaffPhoto = z.infer<typeof StaffPhoto>;

/** A restriction in a member's history; `ends_at` only for a suspension, `lifted_at` when ended early. */
const Restriction = z.object({
  id: z.number().int(),
  kind: RestrictionKind,
  ground: z.string(),
  detail: z.string(),
  complaint_id: z.number().int().nullable(),
  staff_id: z.number().int().nullable(),
  created_at: z.string(),
  ends_at: z.string().nullable(),
  lifted_at: z.string().nullable(),
  /** A suspension or ban in force now. */
  active: z.boolean(),
});
export type Restriction = z.infer<typeof Restriction>;

/** A reported member as moderators see them: profile fields, about text, photos, restrictions. */
const ModeratedMember = z.object({
  id: z.number().int(),
  email: z.string(),
  language: z.string(),
  fictional: z.boolean(),
  deleted: z.boolean(),
  signup_date: z.string(),
  profile: z.object({
    name: z.string(),
    gender: z.string(),
    date_of_birth: z.string(),
    country: z.string(),
    city: z.string(),
    status: z.string(),
    about: z.string(),
  }),
  photos: z.array(StaffPhoto),
  restrictions: z.array(Restriction),
});
export type ModeratedMember = z.infer<typeof ModeratedMember>;

/** A message of the reported conversation. */
const ReportedMessage = z.object({
  id: z.string(),
  sender_id: z.number().int(),
  text: z.string(),
  gift: z.string().nullable(),
  photo_url: z.string().nullable(),
  created_at: z.string(),
  /** The message the complaint names. */
  reported: z.boolean(),
});

/**
 * GET /api/ops/moderation/complaints/:id: the complaint (full text), the reported member, and the conversation between
 * the complainant and them (the newest 200 messages, oldest first; empty when either is unknown). Errors: 404 not_found.
 */
export const ComplaintDetailResponse = z.object({
  complaint: QueuedComplaint.extend({ text: z.string(), email: z.string(), message_id: z.string().nullable() }),
  member: ModeratedMember.nullable(),
  conversation: z.array(ReportedMessage),
});
export type ComplaintDetailResponse = z.infer<typeof ComplaintDetailResponse>;

/** GET /api/ops/moderation/members/:id: a member as moderators see them. Errors: 404 not_found. */
export const ModeratedMemberResponse = z.object({ member: ModeratedMember });
export type ModeratedMemberResponse = z.infer<typeof ModeratedMemberResponse>;

/** A moderator's note to the member, shown in the statement of reasons (optional, up to 1000 characters). */
const Detail = Text.trim().max(1000).default('');

/**
 * POST /api/ops/moderation/actions: one action on a member and/or a complaint, in one transaction with its audit row;
 * the complaint (if given) is handled with the action as outcome and its complainant mailed; every restriction mails
 * the member a statement of reasons. `member` defaults to the complaint's reported member.
 * - dismiss: the complaint only.
 * - warn, suspend (`days`), ban: refused for fictional profiles (409 fictional_profile).
 * - remove_photo (`photo`), remove_text: allowed for every profile.
 * Errors: 400 bad_request, 404 not_found, 409 conflict (the complaint was handled already), 409 fictional_profile.
 */
export const ModerationActionRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('dismiss'), complaint: Id }),
  z.object({
    action: z.literal('warn'),
    complaint: Id.optional(),
    member: Id.optional(),
    ground: ModerationGround,
    detail: Detail,
  }),
  z.object({
    action: z.literal('suspend'),
    complaint: Id.optional(),
    member: Id.optional(),
    ground: ModerationGround,
    days: z.number().int().min(1).max(MAX_SUSPENSION_DAYS),
    detail: Detail,
  }),
  z.object({
    action: z.literal('ban'),
    complaint: Id.optional(),
    member: Id.optional(),
    ground: ModerationGround,
    detail: Detail,
  }),
  z.object({
    action: z.literal('remove_photo'),
    complaint: Id.optional(),
    member: Id.optional(),
    photo: Id,
    ground: ModerationGround,
    detail: Detail,
  }),
  z.object({
    action: z.literal('remove_text'),
    complaint: Id.optional(),
    member: Id.optional(),
    ground: ModerationGround,
    detail: Detail,
  }),
]);
export type ModerationActionRequest = z.infer<typeof ModerationActionRequest>;
/** What an action did: the restriction made (null for dismiss) and the complaint handled (null: none given). */
export const ModerationActionResponse = z.object({
  restriction: Restriction.nullable(),
  complaint_id: z.number().int().nullable(),
});
export type ModerationActionResponse = z.infer<typeof ModerationActionResponse>;

/** POST /api/ops/moderation/restrictions/:id/lift: ends an active suspension or ban now. Errors: 404, 409 conflict. */
export const LiftResponse = z.object({ restriction: Restriction });
export type LiftResponse = z.infer<typeof LiftResponse>;

/** A photo waiting for review with its member. */
const PendingPhoto = StaffPhoto.extend({
  member: z.object({ id: z.number().int(), name: z.string(), fictional: z.boolean() }),
});
export type PendingPhoto = z.infer<typeof PendingPhoto>;
/** GET /api/ops/moderation/photos: photos waiting for review, oldest first (at most 200). */
export const PendingPhotosResponse = z.object({ photos: z.array(PendingPhoto) });
export type PendingPhotosResponse = z.infer<typeof PendingPhotosResponse>;

/** POST /api/ops/moderation/photos/:id/approve: no body. Answers PhotoReviewResponse. Errors: 404, 409 conflict. */
/** POST /api/ops/moderation/photos/:id/reject: the ground and an optional note; removes the photo and mails the member. */
export const PhotoRejectRequest = z.object({ ground: ModerationGround, detail: Detail });
export type PhotoRejectRequest = z.infer<typeof PhotoRejectRequest>;
export const PhotoReviewResponse = z.object({ photo: z.number().int(), review_state: z.enum(['approved', 'rejected']) });
export type PhotoReviewResponse = z.infer<typeof PhotoReviewResponse>;

/** The `:id` of a moderation path. */
export const ModerationIdParams = z.object({ id: QueryId });
