// Members as the API shows them (spec 3: MemberCard; spec 1, 6: which photos a viewer sees unlocked): pure functions
// from rows to contract shapes, apart from the rules and the SQL that find the rows.
import { ageOn, photoLocked, type MemberCard, type Photo } from '../../../contract/index.ts';
import type { profiles } from '../../db/schema.ts';
import type { Looker, PhotoRow, UserRow } from '../types.ts';

/** A member counts as online when seen within this many minutes. */
const ONLINE_MINUTES = 10;

/**
 * The photo at `index` of its member as `viewer` (null: a visitor) may see it (photoLocked, spec 1, 6): URLs under
 * `cdnPrefix` (`<key>.webp`, thumb `<key>-t.webp`). A locked photo carries only its blurred file's key, which shares
 * nothing with the full key (DESIGN: security baseline).
 */
export function photoFor(row: PhotoRow, index: number, viewer: Looker | null, cdnPrefix: string): Photo {
  const locked = photoLocked(index, viewer && { paid: viewer.paidUser, own: viewer.id === row.userId });
  const key = locked ? row.blurKey : row.key;
  return { id: row.id, url: `${cdnPrefix}/${key}.webp`, thumb_url: `${cdnPrefix}/${key}-t.webp`, locked };
}

/** What a card shows of a member: profile fields, what decides the online flag, and the first photo (null: none). */
export interface CardMember {
  profile: Pick<typeof profiles.$inferSelect, 'userId' | 'name' | 'dateOfBirth' | 'gender' | 'country' | 'regionName' | 'city'>;
  user: Pick<UserRow, 'fictional' | 'lastSeenAt' | 'invisible'>;
  photo: PhotoRow | null;
}

/** The card of one member (spec 3) as `viewer` (null: a visitor) sees it, photo URLs under `cdnPrefix`, ages and online flag as of `now`. */
export function toCard(
  { profile: p, user: u, photo }: CardMember,
  viewer: Looker | null,
  cdnPrefix: string,
  now = new Date(),
): MemberCard {
  return {
    id: p.userId,
    name: p.name,
    age: ageOn(p.dateOfBirth, now),
    gender: p.gender,
    country: p.country as MemberCard['country'],
    region: p.regionName,
    city: p.city,
    fictional: u.fictional,
    // Spec 4: an invisible member is never shown online.
    online: !u.invisible && !!u.lastSeenAt && now.getTime() - u.lastSeenAt.getTime() < ONLINE_MINUTES * 60_000,
    photo: photo ? photoFor(photo, 0, viewer, cdnPrefix) : null,
  };
}
