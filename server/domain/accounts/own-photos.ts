// A member's own photos (spec 1, 3, 9): add within the free / premium limit, reorder (the first is the main image),
// delete. The image files are made before (upload) and removed after (delete) the database change by the caller.
import { and, asc, eq } from 'drizzle-orm';
import { photoLimit, type OwnPhoto, type OwnPhotosResponse } from '../../../contract/index.ts';
import type { Db, Tx } from '../../db/connect.ts';
import { photos, users } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { recordChanges } from '../sync/changes.ts';
import type { PhotoRow, Viewer } from '../types.ts';

const toOwn = (row: PhotoRow, cdnPrefix: string): OwnPhoto => ({
  id: row.id,
  url: `${cdnPrefix}/${row.key}.webp`,
  thumb_url: `${cdnPrefix}/${row.key}-t.webp`,
  position: row.position,
});

/** The answer of the photo calls: the photos of `viewer` in order, URLs under their cdnPrefix, and the limit of `paidUser`. */
async function answer(db: Db | Tx, viewer: Viewer, paidUser: boolean): Promise<OwnPhotosResponse> {
  const rows = await db.select().from(photos).where(eq(photos.userId, viewer.id)).orderBy(asc(photos.position), asc(photos.id));
  return { photos: rows.map((r) => toOwn(r, viewer.cdnPrefix)), limit: photoLimit(paidUser) };
}

/** The own photos of `viewer` in order (GET /api/photos.php), with URLs under their cdnPrefix. */
export function ownPhotos(db: Db, viewer: Viewer): Promise<OwnPhotosResponse> {
  return answer(db, viewer, viewer.paidUser);
}

/**
 * Adds the stored upload `keys` as the last photo of `viewer` (the main image when it is the first). The limit is
 * checked in the same transaction as the insert, with the member's row locked, so concurrent uploads cannot pass
 * it (spec 9: free 3, premium 25). Throws 403 photo_limit (free) or photo_limit_premium; the caller then removes
 * the files. The user's change-log entry moves (main_image may have changed).
 */
export function addPhoto(db: Db, viewer: Viewer, keys: { key: string; blurKey: string }): Promise<OwnPhotosResponse> {
  const userId = viewer.id;
  return db.transaction(async (tx) => {
    // FOR NO KEY UPDATE, as sendMessage: FOR UPDATE could deadlock with the change log's foreign key checks.
    const [me] = await tx.select({ paidUser: users.paidUser }).from(users).where(eq(users.id, userId)).for('no key update');
    const rows = await tx.select({ position: photos.position }).from(photos).where(eq(photos.userId, userId));
    const limit = photoLimit(me.paidUser);
    if (rows.length >= limit) throw new ApiError(403, me.paidUser ? 'photo_limit_premium' : 'photo_limit');
    const position = rows.reduce((max, r) => Math.max(max, r.position + 1), 0);
    await tx.insert(photos).values({ userId, position, key: keys.key, blurKey: keys.blurKey });
    await recordChanges(tx, [{ userId, kind: 'user', entityId: userId }]);
    return answer(tx, viewer, me.paidUser);
  });
}

/**
 * Puts the photos of `user` in `order` (every own photo id exactly once; the first becomes the main image).
 * Throws 400 bad_request when `order` is not exactly the member's photo ids.
 */
export function reorderPhotos(db: Db, user: Viewer, order: number[]): Promise<OwnPhotosResponse> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('no key update');
    const rows = await tx.select({ id: photos.id }).from(photos).where(eq(photos.userId, user.id));
    const own = new Set(rows.map((r) => r.id));
    if (order.length !== own.size || new Set(order).size !== order.length || !order.every((id) => own.has(id))) {
      throw new ApiError(400, 'bad_request', {}, { order: 'Every own photo id exactly once' });
    }
    for (const [position, id] of order.entries()) await tx.update(photos).set({ position }).where(eq(photos.id, id));
    await recordChanges(tx, [{ userId: user.id, kind: 'user', entityId: user.id }]);
    return answer(tx, user, user.paidUser);
  });
}

/**
 * Deletes photo `photoId` of `user` and closes the gap in the order. Answers the remaining photos and the
 * media keys whose files the caller removes. Throws 404 not_found for a photo that is not the member's.
 */
export function deletePhoto(db: Db, user: Viewer, photoId: number): Promise<{ answer: OwnPhotosResponse; keys: string[] }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('no key update');
    const [gone] = await tx
      .delete(photos)
      .where(and(eq(photos.id, photoId), eq(photos.userId, user.id)))
      .returning();
    if (!gone) throw new ApiError(404, 'not_found');
    const rest = await tx
      .select({ id: photos.id })
      .from(photos)
      .where(eq(photos.userId, user.id))
      .orderBy(asc(photos.position), asc(photos.id));
    for (const [position, r] of rest.entries()) await tx.update(photos).set({ position }).where(eq(photos.id, r.id));
    await recordChanges(tx, [{ userId: user.id, kind: 'user', entityId: user.id }]);
    return { answer: await answer(tx, user, user.paidUser), keys: [gone.key, gone.blurKey] };
  });
}
