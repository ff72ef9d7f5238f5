// Lander content (spec 1, 2): the demo members a site's niche shows and members per region for the map lander.
// One public, cacheable call feeds every lander, so a lander costs a single request.
import { and, asc, eq, exists, sql, type SQL } from 'drizzle-orm';
import type { Country, LanderResponse, NicheName } from '../../../contract/index.ts';
import { nicheAudiences, nicheOf } from '../../../contract/niches.ts';
import type { Db } from '../../db/connect.ts';
import { photos, profiles, users } from '../../db/schema.ts';
import { regionsOf } from '../../services/geo.ts';
import { cardsOf, listedOnSite } from '../discovery/members.ts';
import { placeOfSlug } from './lander-place.ts';
import type { Site } from '../types.ts';

/** Demo members a lander shows. */
const LANDER_MEMBERS = 12;

const hasInterest = (slug: string) => sql`${profiles.interests} @> ${JSON.stringify([slug])}::jsonb`;
const age = sql`extract(year from age(${profiles.dateOfBirth}))`;

/**
 * Who fits a niche: `only` filters by the gender of its audience (contract/niches.ts), `rank` sorts the fitting
 * members first (1 before 0), so a small site still fills its lander. general: everyone, unranked; she: women, lesbian
 * and bi first; bdsm: bondage or sadomasochism first; bbw: women, curvy and large first; gilf: women, 60 and older
 * first; milf: women 35-55 first; gay: men, gay and bi first.
 */
function nicheFilter(niche: NicheName): { only?: SQL; rank?: SQL } {
  const { gender } = nicheAudiences[niche];
  const only = gender ? eq(profiles.gender, gender) : undefined;
  switch (niche) {
    case 'she':
      return { only, rank: sql`(${profiles.sexuality} in ('lesbian', 'bi'))::int` };
    case 'bdsm':
      return { only, rank: sql`(${hasInterest('bondage')} or ${hasInterest('sadomasochism')})::int` };
    case 'bbw':
      return { only, rank: sql`(${profiles.bodyType} in ('curvy', 'large'))::int` };
    case 'gilf':
      return { only, rank: sql`(${age} >= 60)::int` };
    case 'milf':
      return { only, rank: sql`(${age} between 35 and 55)::int` };
    case 'gay':
      return { only, rank: sql`(${profiles.sexuality} in ('gay', 'bi'))::int` };
    default:
      return { only };
  }
}

/**
 * The lander content of `site` (spec 1, 2): up to LANDER_MEMBERS active demo members with a photo that fit the
 * niche (recently seen first), the members per region of `country` (default: the site's first country, else NL),
 * most first and only regions with members, the site's member total, and the place `placeSlug` names among the site's
 * countries (null when none: lander-place.ts).
 */
export async function landerContent(
  db: Db,
  site: Site,
  country: Country | undefined,
  placeSlug: string | undefined,
): Promise<LanderResponse> {
  const niche = nicheOf(site.settings.niche);
  const { only, rank } = nicheFilter(niche);
  const ofSite = listedOnSite(site.id);
  const withPhoto = exists(
    db
      .select({ one: sql`1` })
      .from(photos)
      .where(and(eq(photos.userId, users.id), eq(photos.position, 0))),
  );
  const rows = await db
    .select({ id: users.id })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(ofSite, eq(users.fictional, true), withPhoto, only))
    .orderBy(...(rank ? [sql`${rank} desc`] : []), sql`${users.lastSeenAt} desc nulls last`, asc(users.id))
    .limit(LANDER_MEMBERS);
  const members = await cardsOf(
    db,
    rows.map((r) => r.id),
    null,
    { cdnPrefix: site.settings.cdn_prefix },
  );

  const where = country ?? site.settings.countries[0] ?? 'NL';
  const counted = await db
    .select({ code: profiles.region, count: sql<number>`count(*)::int` })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(ofSite, eq(profiles.country, where)))
    .groupBy(profiles.region);
  const countBy = new Map(counted.map((r) => [r.code, r.count]));
  const regions = regionsOf(where)
    .regions.map((r) => ({ code: r.code, name: r.name, count: countBy.get(r.code) ?? 0 }))
    .filter((r) => r.count > 0)
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(ofSite);
  const place = placeSlug === undefined ? null : placeOfSlug(site.settings.countries, placeSlug);
  return { niche, members, country: where, regions, total, place };
}
