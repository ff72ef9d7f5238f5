// Which photo URLs a viewer may get: non-premium viewers get the first photo, the rest only blurred (spec 1, 6).
import { photoLocked, type Photo } from '../../../contract/index.ts';
import type { photos } from '../../db/schema.ts';

export type PhotoRow = typeof photos.$inferSelect;

/** Who looks: `null` for a visitor. Premium members and the owner see every photo. */
export interface Viewer {
  id: number;
  paidUser: boolean;
}

/**
 * The photo at `index` of its member as `viewer` may see it (photoLocked): URLs under `cdnPrefix` (`<key>.webp`, thumb
 * `<key>-t.webp`). A locked photo carries only its blurred file's key, which shares nothing with the full key (DESIGN:
 * security baseline).
 */
export function photoFor(row: PhotoRow, index: number, viewer: Viewer | null, cdnPrefix: string): Photo {
  const locked = photoLocked(index, viewer && { paid: viewer.paidUser, own: viewer.id === row.userId });
  const key = locked ? row.blurKey : row.key;
  return { id: row.id, url: `${cdnPrefix}/${key}.webp`, thumb_url: `${cdnPrefix}/${key}-t.webp`, locked };
}
