// The member's own profile (spec 2: /profile; spec 3: Profile; spec 5): read and save, with the spec 5 rules and the
// grid-snapped location, apart from members.ts, which shows profiles to others.
import { eq } from 'drizzle-orm';
import { birthDateProblem, usernameProblem, type Country, type OwnProfile, type ProfileUpdate } from '../../../contract/index.ts';
import type { Db } from '../../db/connect.ts';
import { profiles } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { regionName } from '../../services/geo.ts';
import { recordChanges } from '../sync/changes.ts';
import { snapToGrid } from '../discovery/location.ts';
import { peerChanges } from '../sync/peer-changes.ts';
import { countAttempt, LOCATION_LIMIT } from './throttle.ts';

type ProfileRow = typeof profiles.$inferSelect;

/** The own profile (OwnProfile) of a profile row; '' region and city stay '' (unset). */
function toOwnProfile(p: ProfileRow): OwnProfile {
  return {
    id: p.userId,
    name: p.name,
    gender: p.gender,
    sexuality: p.sexuality,
    date_of_birth: p.dateOfBirth,
    country: p.country as Country,
    region: p.region,
    region_name: p.regionName,
    city: p.city,
    hair_color: p.hairColor as OwnProfile['hair_color'],
    eye_color: p.eyeColor as OwnProfile['eye_color'],
    body_type: p.bodyType as OwnProfile['body_type'],
    relationship_status: p.relationshipStatus as OwnProfile['relationship_status'],
    tattoos: p.tattoos as OwnProfile['tattoos'],
    interests: p.interests as OwnProfile['interests'],
    about: p.about,
    located: p.gridLat !== null && p.gridLon !== null,
  };
}

/** GET /api/profile.php: the own profile of member `userId`. Errors: 404 not_found (no profile row). */
export async function ownProfile(db: Db, userId: number): Promise<OwnProfile> {
  const [p] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  if (!p) throw new ApiError(404, 'not_found');
  return toOwnProfile(p);
}

/**
 * Checks an update against spec 5 (usernameProblem, birthDateProblem) with the account's e-mail, first failure first. Throws ApiError 400 with `fields`
 * naming the input: username_is_email, username_at (name); invalid_date_of_birth, too_young (date_of_birth);
 * bad_request (region: not a region of the country).
 */
function checkProfileUpdate(update: ProfileUpdate, email: string, now = new Date()): void {
  const fail = (code: ConstructorParameters<typeof ApiError>[1], field: string, message: string = code) =>
    new ApiError(400, code, {}, { [field]: message });
  const nameProblem = usernameProblem(update.name, email);
  if (nameProblem) throw fail(nameProblem, 'name');
  const birthProblem = birthDateProblem(update.date_of_birth, now);
  if (birthProblem) throw fail(birthProblem, 'date_of_birth');
  if (update.region && regionName(update.country, update.region) === null)
    throw fail('bad_request', 'region', 'not a region of the country');
}

/**
 * PUT /api/profile.php: saves every field of `update` for member `userId` (e-mail `email`) and answers the saved own
 * profile. The location is stored snapped to the grid (location.ts), never as sent. Records the member's 'user'
 * change and, for the members whose chat list or likes show this member's card, their entries (peerChanges), so
 * their cached views take the new name, age and place. A save carrying `location` (set or removed) counts against
 * LOCATION_LIMIT. Errors: those of checkProfileUpdate, 429 too_many_requests (LOCATION_LIMIT passed: nothing is
 * saved), 404 not_found.
 */
export async function updateProfile(db: Db, userId: number, email: string, update: ProfileUpdate): Promise<OwnProfile> {
  checkProfileUpdate(update, email);
  if (update.location !== undefined && (await countAttempt(db, `location:${userId}`, LOCATION_LIMIT)) > LOCATION_LIMIT.max)
    throw new ApiError(429, 'too_many_requests');
  const grid = update.location ? snapToGrid(update.location) : null;
  return db.transaction(async (tx) => {
    const [p] = await tx
      .update(profiles)
      .set({
        name: update.name,
        gender: update.gender,
        sexuality: update.sexuality,
        dateOfBirth: update.date_of_birth,
        country: update.country,
        region: update.region,
        regionName: update.region ? (regionName(update.country, update.region) ?? '') : '',
        city: update.city,
        hairColor: update.hair_color,
        eyeColor: update.eye_color,
        bodyType: update.body_type,
        relationshipStatus: update.relationship_status,
        tattoos: update.tattoos,
        interests: update.interests,
        about: update.about,
        ...(update.location === undefined ? {} : { gridLat: grid?.lat ?? null, gridLon: grid?.lon ?? null }),
      })
      .where(eq(profiles.userId, userId))
      .returning();
    if (!p) throw new ApiError(404, 'not_found');
    await recordChanges(tx, await peerChanges(tx, userId));
    return toOwnProfile(p);
  });
}
