// The member's own profile (spec 2: /profile; spec 3: Profile; spec 5: username and date of birth) and the reverse
// geocode call (spec 7). The form on /profile validates with the same ProfileUpdate schema as PUT /api/profile.php, and
// the signup and profile forms and the server share spec 5's rules of the username and the date of birth.
import { z } from 'zod';
import {
  BodyType,
  Country,
  EyeColor,
  Gender,
  HairColor,
  Interest,
  RelationshipStatus,
  Sexuality,
  MINIMUM_AGE,
  Tattoos,
  Text,
} from './common.ts';

/** Age in whole years on `now` (by the UTC calendar) of a real YYYY-MM-DD birth date; a birthday today counts. */
export function ageOn(dateOfBirth: string, now: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
}

/**
 * Spec 5: what is wrong with date of birth `value` on `now`, the first problem only: invalid_date_of_birth ("Invalid
 * date of birth": not a real YYYY-MM-DD date, after today, or more than 120 years ago), too_young (under MINIMUM_AGE);
 * null when it is fine. The signup and /profile forms show it; signup and PUT /api/profile.php refuse with it (400).
 */
export function birthDateProblem(value: string, now: Date): 'invalid_date_of_birth' | 'too_young' | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return 'invalid_date_of_birth';
  const date = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  if (date.getUTCFullYear() !== +m[1] || date.getUTCMonth() !== +m[2] - 1 || date.getUTCDate() !== +m[3])
    return 'invalid_date_of_birth';
  if (date.getTime() > now.getTime() || ageOn(value, now) > 120) return 'invalid_date_of_birth';
  return ageOn(value, now) < MINIMUM_AGE ? 'too_young' : null;
}

/**
 * Spec 5: what is wrong with username `name` (trimmed) for the account of e-mail address `email`: username_at ("Username
 * may not start with @"), username_is_email ("Username may not be the same as your e-mail address", any case); null
 * when it is fine. Its length is the schema's (SignupRequest, ProfileUpdate: 2 to 30).
 */
export function usernameProblem(name: string, email: string): 'username_at' | 'username_is_email' | null {
  if (name.startsWith('@')) return 'username_at';
  if (name.toLowerCase() === email.trim().toLowerCase()) return 'username_is_email';
  return null;
}

/** A position in degrees (WGS 84): latitude -90..90, longitude -180..180. */
export const LatLon = z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) });
export type LatLon = z.infer<typeof LatLon>;

/** The fields of spec 3 "Profile" a viewer may be shown or hidden by the site's `visible_profile_fields`. */
export const optionalProfileFields = [
  'sexuality',
  'hair_color',
  'eye_color',
  'body_type',
  'relationship_status',
  'tattoos',
  'interests',
  'about',
] as const;
export type OptionalProfileField = (typeof optionalProfileFields)[number];

/**
 * PUT /api/profile.php: every field of spec 3 "Profile" at once (the form sends the whole profile).
 * `name` is the username (spec 5: not the e-mail address, not starting with @: checked with the account's e-mail,
 * errors username_is_email, username_at); `date_of_birth` YYYY-MM-DD (errors invalid_date_of_birth, too_young);
 * `region` a code of GET /api/regions.php for `country` or '' (error bad_request, fields.region); `city` free text or ''.
 * A detail left null is unset and absent from every view. `location`: absent keeps the stored one, null removes it,
 * a position is stored snapped to the grid (never exactly); a save carrying it counts against a per-member hourly limit
 * (429 too_many_requests).
 */
export const ProfileUpdate = z.object({
  name: Text.trim().min(2).max(30),
  gender: Gender,
  sexuality: Sexuality,
  date_of_birth: Text.max(10),
  country: Country,
  region: Text.trim().max(10),
  city: Text.trim().max(80),
  hair_color: HairColor.nullable(),
  eye_color: EyeColor.nullable(),
  body_type: BodyType.nullable(),
  relationship_status: RelationshipStatus.nullable(),
  tattoos: Tattoos.nullable(),
  interests: z
    .array(Interest)
    .max(50)
    .refine((list) => new Set(list).size === list.length, 'interests must not repeat'),
  about: Text.trim().max(2000),
  location: LatLon.nullable().optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

/**
 * GET /api/profile.php and the answer of PUT: the own profile as stored. `region_name` is the region's display name;
 * `located` tells whether a (grid-snapped) location is stored; the location itself is never sent back.
 */
export const OwnProfile = ProfileUpdate.omit({ location: true }).extend({
  id: z.number().int(),
  region_name: z.string(),
  located: z.boolean(),
});
export type OwnProfile = z.infer<typeof OwnProfile>;
export const OwnProfileResponse = z.object({ profile: OwnProfile });
export type OwnProfileResponse = z.infer<typeof OwnProfileResponse>;

/** A coordinate in a query string: non-empty decimal text (an empty value is not 0) within ±`max` degrees. */
const QueryDegrees = (max: number) => Text.trim().min(1).max(32).pipe(z.coerce.number<string>().min(-max).max(max));

/** GET /api/geocode.php?lat=&lon= (spec 7): degrees as in LatLon. Error 400 bad_request for anything else. */
export const GeocodeQuery = z.object({ lat: QueryDegrees(90), lon: QueryDegrees(180) });
export type GeocodeQuery = z.infer<typeof GeocodeQuery>;

/**
 * The answer of GET /api/geocode.php: the nearest town of the offline dataset within GEOCODE_MAX_KM in one of the
 * site's countries, with its region code and name. No town that near (the sea): 404 not_found; the client then
 * stores false (spec 7).
 */
export const GeocodeResponse = z.object({
  geocode: z.object({ country: Country, region: z.string(), region_name: z.string(), city: z.string() }),
});
export type GeocodeResponse = z.infer<typeof GeocodeResponse>;

/** How far, in km, the nearest town may be for a reverse geocode to answer it. */
export const GEOCODE_MAX_KM = 30;

/**
 * The distance bands other members see (DESIGN: security, location), upper bounds in km; the last band is open.
 * The i18n key of a band is `profile:distance.<band>`.
 */
export const distanceBands = ['lt5', '5_10', '10_25', '25_50', '50_100', 'gt100'] as const;
export const DistanceBand = z.enum(distanceBands);
export type DistanceBand = z.infer<typeof DistanceBand>;
/** Upper bounds in km of the bands before the open last one. */
export const DISTANCE_BAND_LIMITS_KM = [5, 10, 25, 50, 100] as const;
