// The swipe game and the match finder (spec 2: /swipe-game, /match-finder; spec 9: swipe game 4 likes per day).
import { z } from 'zod';
import { Gender, Interest } from './common.ts';
import { MemberCard } from './members.ts';

/** Spec 9: likes a member may give in the swipe game per UTC calendar day. Passes are free. */
export const SWIPE_LIKES_PER_DAY = 4;

/** Cards in one swipe deck answer. */
export const SWIPE_DECK_SIZE = 20;

/** A card of the swipe deck: the member card plus their interests (the deck shows a few). */
export const SwipeCard = MemberCard.extend({ interests: z.array(Interest) });
export type SwipeCard = z.infer<typeof SwipeCard>;

/**
 * GET /api/swipe-deck.php: up to SWIPE_DECK_SIZE members who fit the caller (gender and sexuality both ways; the
 * caller's country first, then the nearest age), not yet liked by the caller, no block either way. `likes_left` is
 * what remains of today's SWIPE_LIKES_PER_DAY; `resets_at` (ISO 8601) is the next UTC midnight, when it is full again.
 * `skip` lists member ids the caller passed in this visit (comma-separated, at most 200), left out of the answer.
 */
export const SwipeDeckQuery = z.object({
  skip: z
    .string()
    .max(2000)
    .regex(/^(\d{1,10}(,\d{1,10})*)?$/)
    .optional()
    .transform((s) => (s ? s.split(',').map(Number).slice(0, 200) : [])),
});
export const SwipeDeckResponse = z.object({
  profiles: z.array(SwipeCard),
  likes_left: z.number().int().min(0),
  resets_at: z.string(),
});
export type SwipeDeckResponse = z.infer<typeof SwipeDeckResponse>;

/** Match finder distance bands (km between the two members' city centres; `any` = no limit). */
export const matchDistances = ['10', '25', '50', '100', '250', 'any'] as const;
export const MatchDistance = z.enum(matchDistances);
export type MatchDistance = z.infer<typeof MatchDistance>;

/** Interests the questionnaire may ask for at once. */
export const MATCH_FINDER_MAX_INTERESTS = 10;

/** Members one match finder answer ranks. */
export const MATCH_FINDER_RESULTS = 20;

/**
 * GET /api/match-finder.php: the questionnaire (what the member looks for). Ages in years 18..99 (min <= max);
 * `interests` comma-separated, at most MATCH_FINDER_MAX_INTERESTS. Also the form's schema (src/features/match-finder).
 * Errors: 400 bad_request.
 */
export const MatchFinderQuery = z
  .object({
    gender: Gender,
    min_age: z.coerce.number().int().min(18).max(99),
    max_age: z.coerce.number().int().min(18).max(99),
    distance: MatchDistance,
    interests: z
      .preprocess(
        (v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v),
        z.array(Interest).max(MATCH_FINDER_MAX_INTERESTS),
      )
      .default([]),
  })
  .refine((q) => q.min_age <= q.max_age, { message: 'min_age must not exceed max_age', path: ['min_age'] });
export type MatchFinderQuery = z.infer<typeof MatchFinderQuery>;

/**
 * One ranked match: the card, the asked interests the member shares (in the order asked) and the distance in whole
 * km between the two city centres (null when either city is unknown). Ranked by shared interests (most first), then
 * distance (nearest first; unknown last), then most recently seen.
 */
export const MatchFinderResult = z.object({
  profile: MemberCard,
  shared_interests: z.array(Interest),
  distance_km: z.number().int().nullable(),
});
export type MatchFinderResult = z.infer<typeof MatchFinderResult>;
export const MatchFinderResponse = z.object({ results: z.array(MatchFinderResult) });
export type MatchFinderResponse = z.infer<typeof MatchFinderResponse>;
