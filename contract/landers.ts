// Lander content (spec 1: "marketing landing pages exist"; spec 2: /landers/..., /members/{id}/landing...).
import { z } from 'zod';
import { Country } from './common.ts';
import { MemberCard } from './members.ts';

import { niches } from './niches.ts';

export { niches, type NicheName } from './niches.ts';

/**
 * GET /api/lander.php: `country` picks the map lander's region counts (default: the site's first country); `place` is
 * a lander's slug to look up as a place (at most 100 characters; longer is 400).
 */
export const LanderQuery = z.object({ country: Country.optional(), place: z.string().max(100).optional() });
export type LanderQuery = z.infer<typeof LanderQuery>;

/** Members per region of one country, most members first. */
const RegionCount = z.object({ code: z.string(), name: z.string(), count: z.number().int() });

/**
 * GET /api/lander.php answer: public and cacheable. `members` are up to 12 demo members that fit the site's
 * niche (with photos); `regions` counts the site's members per region of `country`; `total` all members; `place` the
 * dataset name of the region or town of the site's countries that the query's `place` names, else null (no query,
 * or text that names no known place: a lander then shows no place); `place_country` its country (a region's name is
 * shown in the reader's language: src/i18n/region-names.ts), null without a place.
 */
export const LanderResponse = z.object({
  niche: z.enum(niches),
  members: z.array(MemberCard),
  country: Country,
  regions: z.array(RegionCount),
  total: z.number().int(),
  place: z.string().nullable(),
  place_country: Country.nullable(),
});
export type LanderResponse = z.infer<typeof LanderResponse>;
