// The place a lander's slug names (spec 2: "/landers/gallery/amsterdam": "... in Amsterdam"): only a region or town of
// the site's countries in the geo dataset becomes text, so a link cannot put words of its own on the brand's page.
// The place also has a position, so the lander can show the members near it.
import type { Country, LatLon } from '../../../contract/index.ts';
import { memoize } from '../../memo.ts';
import { distanceKm } from '../discovery/location.ts';
import { placesOf, regionsOf } from '../../services/geo.ts';

/** The longest slug looked up (the longest place names of the dataset are well under it). */
const PLACE_SLUG_MAX = 100;

/** A region or town of the dataset: its dataset name, its country and its position in degrees. */
export interface LanderPlace {
  name: string;
  country: Country;
  /** A town's own position; a region's is the mean position of its towns. */
  position: LatLon;
}

/** A name or slug compared without case, accents and punctuation: "Den_Haag", "den-haag" and "Den Haag" are one key. */
function placeKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The regions and towns of `country` by placeKey (a region wins over a town of its name). A region without towns in
 * the dataset has no position and is left out, since no member could be shown near it.
 */
const placeNames = memoize((country: Country): ReadonlyMap<string, LanderPlace> => {
  const names = new Map<string, LanderPlace>();
  const sums = new Map<string, { lat: number; lon: number; n: number }>();
  for (const town of placesOf(country)) {
    names.set(placeKey(town.city), { name: town.city, country, position: { lat: town.lat, lon: town.lon } });
    const sum = sums.get(town.region) ?? { lat: 0, lon: 0, n: 0 };
    sums.set(town.region, { lat: sum.lat + town.lat, lon: sum.lon + town.lon, n: sum.n + 1 });
  }
  for (const region of regionsOf(country).regions) {
    const sum = sums.get(region.code);
    if (!sum) continue;
    names.set(placeKey(region.name), { name: region.name, country, position: { lat: sum.lat / sum.n, lon: sum.lon / sum.n } });
  }
  return names;
});

/** Radius in km within which a place's neighbouring dataset towns are counted (its weight among namesakes). */
const NAMESAKE_RADIUS_KM = 25;

/** The dataset towns within NAMESAKE_RADIUS_KM of `place`: a metropolis has many, a namesake village few. */
function townsAround(place: LanderPlace): number {
  return placesOf(place.country).filter((t) => distanceKm(place.position, t) < NAMESAKE_RADIUS_KM).length;
}

/**
 * The region or town of `countries` that `slug` names, percent-decoded and compared by placeKey ("s%C3%A3o-paulo",
 * "den_haag"), or null when it names none or is longer than PLACE_SLUG_MAX. Where several countries have the name
 * ("amsterdam": NL and a town in New York), the one in `visitorCountry` wins, else the one with the most towns around
 * it, then the first in `countries` order.
 */
export function placeOfSlug(countries: readonly Country[], slug: string, visitorCountry?: Country | null): LanderPlace | null {
  let text = slug;
  try {
    text = decodeURIComponent(slug);
  } catch {
    // A broken escape ("%E0") names no place.
    return null;
  }
  const key = placeKey(text);
  if (!key || text.length > PLACE_SLUG_MAX) return null;
  const found = countries.flatMap((country) => placeNames(country).get(key) ?? []);
  if (found.length < 2) return found[0] ?? null;
  const visitors = found.find((p) => p.country === visitorCountry);
  if (visitors) return visitors;
  const weights = found.map(townsAround);
  return found[weights.indexOf(Math.max(...weights))];
}
