// The member's own photos (spec 1, 3, 9): upload, order (the first is the main image), delete; and the rules of photos
// both the page and the server apply: how many a member may keep, which ones a viewer sees only blurred.
import { z } from 'zod';
import { Id } from './common.ts';

/** Photos a member may keep (spec 9): free 3, premium (paid_user) 25. */
export const PHOTO_LIMITS = { free: 3, premium: 25 } as const;

/** Spec 6, 9: the number of photos a member may keep: PHOTO_LIMITS.premium for premium (`paidUser`), else PHOTO_LIMITS.free. */
export const photoLimit = (paidUser: boolean): number => (paidUser ? PHOTO_LIMITS.premium : PHOTO_LIMITS.free);

/**
 * Spec 1, 6: whether a member's photo at `index` (0: the main photo) reaches `viewer` only blurred, with a lock: every
 * photo but the main one, unless the viewer is premium (`paid`) or the photo is their own (`own`). A visitor (null)
 * sees the main photo only. The server locks by it; the page knows by it which stored photos a change of premium
 * status outdates.
 */
export function photoLocked(index: number, viewer: { paid: boolean; own: boolean } | null): boolean {
  return index > 0 && !(viewer && (viewer.paid || viewer.own));
}

/** One of the member's own photos: always the full URLs (the owner sees every own photo). `position` 0 is the main image. */
export const OwnPhoto = z.object({
  id: z.number().int().positive(),
  url: z.string(),
  thumb_url: z.string(),
  position: z.number().int().nonnegative(),
});
export type OwnPhoto = z.infer<typeof OwnPhoto>;

/**
 * GET /api/photos.php, and the answer of every photo call: the own photos in order and the member's limit.
 * POST /api/photos.php takes one `multipart/form-data` file field (JPEG, PNG, WebP, GIF, AVIF, HEIF or TIFF, checked
 * by content; at most 10 MB); errors: 400 bad_request (not an image, too large), 403 photo_limit.
 */
export const OwnPhotosResponse = z.object({ photos: z.array(OwnPhoto), limit: z.number().int() });
export type OwnPhotosResponse = z.infer<typeof OwnPhotosResponse>;

/** PUT /api/photos.php: the new order, every own photo id exactly once; the first becomes the main image. */
export const PhotoOrderRequest = z.object({ order: z.array(Id).min(1).max(PHOTO_LIMITS.premium) });
export type PhotoOrderRequest = z.infer<typeof PhotoOrderRequest>;

/** DELETE /api/photos.php: removes one own photo (its files too); the next one moves up. */
export const PhotoDeleteRequest = z.object({ id: Id });
export type PhotoDeleteRequest = z.infer<typeof PhotoDeleteRequest>;
