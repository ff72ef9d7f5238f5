// Lander content (spec 1, 2): the demo members a site's niche shows and members per region for the map lander.
// One public, cacheable call feeds every lander, so a lander costs a single request.
import { and, asc, eq, exists, sql, type SQL } from 'drizzle-orm';
import { distanceBands, type Country, type LanderResponse, type NicheName } from '../../../contract/index.ts';
import { nicheAudiences, nicheOf } from '../../../contract/niches.ts';
import type { Db } from '../../db/connect.ts';
import { photos, profiles, users } from '../../db/schema.ts';
import { regionsOf } from '../../services/geo.ts';
import { bandOf, distanceKm, snapToGrid } from '../discovery/location.ts';
import { cardsOf, listedOnSite } from '../discovery/members.ts';
import { placeOfSlug, type LanderPlace } from './lander-place.ts';
import type { Site } from '../types.ts';

/** Demo members a lander shows. */
const LANDER_MEMBERS = 12;

/** The members nearest a place (by SQL's flat-earth estimate) whose exact bands are compared to pick LANDER_MEMBERS. */
const MAX_PLACE_CANDIDATES = 200;

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
 * The lander content of `site` (spec 1, 2). `country` is the query's country, else the visitor's (`visitorCountry`,
 * when the site serves it), else the site's first country, else NL. `members`: up to LANDER_MEMBERS active demo members
 * with a photo that fit the niche. With a place (`placeSlug` names a region or town of the site's countries,
 * a namesake in the visitor's country first: lander-place.ts) they are the members of the place's country nearest to it, each card with its distance band from
 * the place's grid cell (the bands of search); otherwise the members of `country`, niche fit first, recently seen first.
 * `regions`: the members per region of `country`, most first, only regions with members; `total` the site's members;
 * `place` the place's dataset name and `place_country` its country, or both null.
 */
export async function landerContent(
  db: Db,
  site: Site,
  { country, visitorCountry, placeSlug }: { country?: Country; visitorCountry?: Country | null; placeSlug?: string },
): Promise<LanderResponse> {
  const niche = nicheOf(site.settings.niche);
  const siteCountries = site.settings.countries;
  const served = visitorCountry && siteCountries.includes(visitorCountry) ? visitorCountry : undefined;
  const where = country ?? served ?? siteCountries[0] ?? 'NL';
  const place = placeSlug === undefined ? null : placeOfSlug(siteCountries, placeSlug, visitorCountry);
  const ofSite = listedOnSite(site.id);
  const members = await landerMembers(db, site, niche, place ?? where);

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
  return { niche, members, country: where, regions, total, place: place?.name ?? null, place_country: place?.country ?? null };
}

/**
 * The lander's demo members of `site` that fit `niche` and live in `near` (a country, or a place's country). With a
 * place: nearest first by the distance band between the place's grid cell and theirs (members without a location
 * last), niche fit first within a band; the cards carry that band. Without: niche fit first, then recently seen.
 */
async function landerMembers(
  db: Db,
  site: Site,
  niche: NicheName,
  near: Country | LanderPlace,
): Promise<LanderResponse['members']> {
  const { only, rank } = nicheFilter(niche);
  const place = typeof near === 'string' ? null : near;
  const country = place ? place.country : (near as Country);
  const withPhoto = exists(
    db
      .select({ one: sql`1` })
      .from(photos)
      .where(and(eq(photos.userId, users.id), eq(photos.position, 0))),
  );
  const from = place ? snapToGrid(place.position) : null;
  // A flat-earth estimate of the squared distance (degrees of longitude shrink by cos(latitude)), only to order.
  const nearness = from
    ? [
        sql`(${profiles.gridLat} is null)`,
        sql`power(${profiles.gridLat} - ${from.lat}, 2) + power((${profiles.gridLon} - ${from.lon}) * ${Math.cos((from.lat * Math.PI) / 180)}, 2)`,
      ]
    : [];
  const rows = await db
    .select({ id: users.id, lat: profiles.gridLat, lon: profiles.gridLon, fit: rank ?? sql<number>`0` })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(listedOnSite(site.id), eq(users.fictional, true), withPhoto, only, eq(profiles.country, country)))
    .orderBy(...nearness, ...(rank ? [sql`${rank} desc`] : []), sql`${users.lastSeenAt} desc nulls last`, asc(users.id))
    .limit(from ? MAX_PLACE_CANDIDATES : LANDER_MEMBERS);
  const bandIndex = (r: { lat: number | null; lon: number | null }) =>
    from && r.lat != null && r.lon != null
      ? distanceBands.indexOf(bandOf(distanceKm(from, { lat: r.lat, lon: r.lon })))
      : distanceBands.length;
  // Array sort is stable: within a band and fit, the SQL order (nearest first) stays.
  const nearest = from ? [...rows].sort((a, b) => bandIndex(a) - bandIndex(b) || Number(b.fit) - Number(a.fit)) : rows;
  return cardsOf(
    db,
    nearest.slice(0, LANDER_MEMBERS).map((r) => r.id),
    null,
    { cdnPrefix: site.settings.cdn_prefix, from },
  );
}
