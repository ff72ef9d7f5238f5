// The shapes every area of the domain shares (sites, users, photos, who looks), in one place so that no area imports
// another only for a type.
import type { messages, photos, sites, users } from '../db/schema.ts';

/** A site (brand, spec 1): its domain, settings (spec 3) and company info, as stored. */
export type Site = typeof sites.$inferSelect;

/** A member's account row, as stored. */
export type UserRow = typeof users.$inferSelect;

/** A photo row of a member's profile, as members' views read it (the review columns are the back office's). */
export type PhotoRow = Omit<typeof photos.$inferSelect, 'reviewState' | 'reviewedAt' | 'reviewedBy'>;

/** A message row, as stored. */
export type MessageRow = typeof messages.$inferSelect;

/**
 * Who looks at members, photos and messages (spec 1, 6: premium members and the owner see every photo): the member
 * `id` with their premium flag `paidUser`, on site `siteId` (the request's), whose photo URLs start with `cdnPrefix`
 * (that site's settings.cdn_prefix). A visitor is no Viewer: functions open to visitors take `Viewer | null` and
 * the site.
 */
export interface Viewer {
  id: number;
  paidUser: boolean;
  siteId: number;
  cdnPrefix: string;
}

/** A Viewer's member part: what the photo rule (presenters) reads. */
export type Looker = Pick<Viewer, 'id' | 'paidUser'>;

/** The Viewer `user` is on `site`. */
export function viewerOf(user: Pick<UserRow, 'id' | 'paidUser'>, site: Site): Viewer {
  return { id: user.id, paidUser: user.paidUser, siteId: site.id, cdnPrefix: site.settings.cdn_prefix };
}
