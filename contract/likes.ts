// Likes and matches (spec 3: likes, liked_by; spec 7: likes call).
import { z } from 'zod';
import { Id } from './common.ts';
import { MemberCard } from './members.ts';

/** A member who liked the caller; `like_new` until the caller opens their profile (spec 4). */
export const LikedBy = MemberCard.extend({ like_new: z.boolean() });
export type LikedBy = z.infer<typeof LikedBy>;

/** GET /api/likes.php (spec 7): `profiles` the caller liked; `liked_by` those who liked the caller. */
export const LikesResponse = z.object({
  profiles: z.array(MemberCard),
  liked_by: z.array(LikedBy),
  total_new: z.number().int(),
});
export type LikesResponse = z.infer<typeof LikesResponse>;

/**
 * POST /api/like.php likes, DELETE unlikes. A mutual like is a match. `source: 'swipe'` (POST only) is a like of the
 * swipe game: it counts against SWIPE_LIKES_PER_DAY (spec 9) when it makes a new like. Errors: not_found, blocked,
 * 429 swipe_limit (today's swipe likes are used up).
 */
export const LikeRequest = z.object({ profile: Id, source: z.literal('swipe').optional() });
export type LikeRequest = z.infer<typeof LikeRequest>;
export const LikeResponse = z.object({ liked: z.boolean(), match: z.boolean() });
export type LikeResponse = z.infer<typeof LikeResponse>;

/** POST /api/like-seen.php: opening a liked-by profile clears its new-like flag (spec 4). */
export const LikeSeenRequest = z.object({ profile: Id });
export const LikeSeenResponse = z.object({ total_new: z.number().int() });

/**
 * GET /api/auto-like.php (spec 3: auto-like profile; spec 4: auto-like): the site's welcome like. The server picks an
 * active fictional member the caller may be interested in and records their like of the caller, at most once per
 * AUTO_LIKE_INTERVAL_HOURS. `profile` is that member (with `main_image.match`, the photo the new-like modal shows),
 * or null when none is due. The client reloads the likes about AUTO_LIKE_RELOAD_MS later.
 */
export const AutoLikeResponse = z.object({
  profile: z
    .object({
      id: z.number().int(),
      card: LikedBy,
      main_image: z.object({ match: z.string() }).nullable(),
    })
    .nullable(),
});
export type AutoLikeResponse = z.infer<typeof AutoLikeResponse>;

/** Spec 4 auto-like: hours between two auto-likes of one member. */
export const AUTO_LIKE_INTERVAL_HOURS = 24;
/** Spec 4 auto-like: milliseconds after an auto-like before the likes are reloaded ("about 500 ms"). */
export const AUTO_LIKE_RELOAD_MS = 500;
