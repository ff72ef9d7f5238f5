// Likes and matches (spec 3: likes, liked_by; spec 7: likes call).
import { z } from 'zod';
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

/** POST /api/like.php likes, DELETE unlikes. A mutual like is a match. Errors: not_found, blocked. */
export const LikeRequest = z.object({ profile: z.number().int().positive() });
export type LikeRequest = z.infer<typeof LikeRequest>;
export const LikeResponse = z.object({ liked: z.boolean(), match: z.boolean() });
export type LikeResponse = z.infer<typeof LikeResponse>;

/** POST /api/like-seen.php: opening a liked-by profile clears its new-like flag (spec 4). */
export const LikeSeenRequest = z.object({ profile: z.number().int().positive() });
export const LikeSeenResponse = z.object({ total_new: z.number().int() });
