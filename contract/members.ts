// Member search and profile view (spec 2: members, members-id; spec 3: Profile, Search state).
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
  Tattoos,
  Id,
  QueryId,
  Text,
} from './common.ts';
import { DistanceBand } from './profile.ts';
import { Photo } from './user.ts';

/** A member as shown on a card. `fictional` members show the site's fictional icon and warning. */
export const MemberCard = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  gender: Gender,
  country: Country,
  region: z.string(),
  city: z.string(),
  fictional: z.boolean(),
  online: z.boolean(),
  photo: Photo.nullable(),
  /** Search cards and profiles: the band between the viewer's and the member's grid cells; absent when either has no location. */
  distance: DistanceBand.optional(),
});
export type MemberCard = z.infer<typeof MemberCard>;

/**
 * A member's full profile (spec 3: Profile) as the viewer may see it; locked photos are blurred by the server.
 * A detail is absent when the member never set it or when the site's `visible_profile_fields` does not list it.
 */
export const MemberProfile = MemberCard.extend({
  sexuality: Sexuality.optional(),
  hair_color: HairColor.optional(),
  eye_color: EyeColor.optional(),
  body_type: BodyType.optional(),
  relationship_status: RelationshipStatus.optional(),
  tattoos: Tattoos.optional(),
  interests: z.array(Interest).optional(),
  about: z.string().optional(),
  photos: z.array(Photo),
  liked: z.boolean(),
  liked_by: z.boolean(),
  /** The viewer has blocked this member. */
  blocked: z.boolean(),
  /** Conversation id between viewer and member, if any. */
  conversation_id: z.number().int().nullable(),
});
export type MemberProfile = z.infer<typeof MemberProfile>;

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/**
 * The visitor's traffic source on search calls: the `network` of the tracking data (spec 3) the landing URL carried.
 * A visitor may search with it where the site allows search for visitors from a traffic source (spec 6,
 * `visitorMaySearch`); members never need it.
 */
const TrafficSource = z.preprocess(emptyToUndefined, Text.max(64).optional());

/**
 * GET /api/members.php: search (spec 3: search state). Ages in years, 18..99; `page` from 1; 20 per page; `network`
 * the visitor's traffic source. Errors: bad_request (min_age above max_age, unknown country), authentication_required
 * when a visitor may not search (spec 6: `visitorMaySearch`).
 */
export const SearchQuery = z
  .object({
    gender: z.preprocess(emptyToUndefined, Gender.optional()),
    country: z.preprocess(emptyToUndefined, Country.optional()),
    countryregion: z.preprocess(emptyToUndefined, Text.max(10).optional()),
    min_age: z.preprocess(emptyToUndefined, z.coerce.number().int().min(18).max(99).default(18)),
    max_age: z.preprocess(emptyToUndefined, z.coerce.number().int().min(18).max(99).default(99)),
    page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1000).default(1)),
    network: TrafficSource,
  })
  .refine((q) => q.min_age <= q.max_age, { message: 'min_age must not exceed max_age', path: ['min_age'] });
export type SearchQuery = z.infer<typeof SearchQuery>;

/** Members per search page. */
export const SEARCH_PAGE_SIZE = 20;

export const SearchResponse = z.object({ profiles: z.array(MemberCard), numResults: z.number().int(), page: z.number().int() });
export type SearchResponse = z.infer<typeof SearchResponse>;

/** GET /api/member.php?id=: one profile. Errors: not_found, blocked (spec 6 message with the member's name). */
export const MemberQuery = z.object({ id: QueryId });
export const MemberResponse = z.object({ profile: MemberProfile });
export type MemberResponse = z.infer<typeof MemberResponse>;

/** Similar members shown on a profile (spec 3: search state, similar results). */
export const SIMILAR_LIMIT = 10;
/** Spec 3 "similar": within this many years of the viewed member's age, either way. */
export const SIMILAR_AGE_YEARS = 5;

/**
 * GET /api/similar.php?id=: members like member `id` (spec 3: search state, "similar results and their count"): listed
 * on the site, of the same gender and country, aged within SIMILAR_AGE_YEARS of them; never that member, the viewer or
 * a member blocked either way. Online first, then most recently seen; at most SIMILAR_LIMIT cards, `numResults` counts
 * all. `network` as on the search. Errors: not_found and blocked as member.php, authentication_required as members.php.
 */
export const SimilarQuery = z.object({ id: QueryId, network: TrafficSource });
export const SimilarResponse = z.object({ profiles: z.array(MemberCard), numResults: z.number().int() });
export type SimilarResponse = z.infer<typeof SimilarResponse>;

/** POST and DELETE /api/block.php: block or unblock a member. Answers `{ blocked }`. */
export const BlockRequest = z.object({ profile: Id });
export const BlockResponse = z.object({ blocked: z.boolean() });

/** GET /api/blocks.php: the members the caller blocked, newest first (settings: blocked members, with unblock). */
export const BlocksResponse = z.object({ profiles: z.array(MemberCard) });
export type BlocksResponse = z.infer<typeof BlocksResponse>;
