// Regions and towns of the site's countries: real places only, from server/data/places.json, which
// scripts/places.ts writes from the maintained `country-state-city` dataset (cleaned: one administrative level per
// country, misfiled entries repaired). The file holds only what the server lists, a few MB of memory instead of the
// whole dataset's ~80 MB.
import { readFileSync } from 'node:fs';
import type { Country, RegionsResponse } from '../../contract/index.ts';
import { memoize, once } from '../memo.ts';

type Label = RegionsResponse['label'];

/**
 * The shape of server/data/places.json: per country, what its regions are called and its regions (dataset ISO
 * 3166-2 codes without the country prefix, sorted by English name), each with its towns in dataset order as
 * `[name, lat, lon]` in degrees (null where the dataset has no position).
 */
export type PlacesFile = Record<
  Country,
  { label: Label; regions: { code: string; name: string; towns: [string, number | null, number | null][] }[] }
>;

/** The file, read and parsed on first use. */
const placesFile = once(
  (): PlacesFile => JSON.parse(readFileSync(new URL('../data/places.json', import.meta.url), 'utf8')) as PlacesFile,
);

/** A town of the dataset with its region code and position in degrees. */
export interface Place {
  region: string;
  city: string;
  lat: number;
  lon: number;
}

interface CountryGeo {
  response: RegionsResponse;
  names: Map<string, string>;
  cities: Map<string, string[]>;
  places: Place[];
}

function build(country: Country): CountryGeo {
  const { label, regions } = placesFile()[country];
  const places: Place[] = regions.flatMap((r) =>
    r.towns.flatMap(([city, lat, lon]) => (lat === null || lon === null ? [] : [{ region: r.code, city, lat, lon }])),
  );
  return {
    response: { country, label, regions: regions.map(({ code, name }) => ({ code, name })) },
    names: new Map(regions.map((r) => [r.code, r.name])),
    cities: new Map(
      regions.map((r) => [r.code, [...new Set(r.towns.map(([name]) => name))].sort((a, b) => a.localeCompare(b, 'en'))]),
    ),
    places,
  };
}

/** The dataset of `country` as the functions below read it, built on first use. */
const geo = memoize(build);

/**
 * Regions of `country` (GET /api/regions.php), sorted by name, with the word the country uses for them.
 * Codes are the dataset's ISO 3166-2 subdivision codes without the country prefix ("NH", "BY", "ZH").
 */
export function regionsOf(country: Country): RegionsResponse {
  return geo(country).response;
}

/** Real town names of a region, sorted; [] for an unknown region or one the dataset has no towns for. */
export function citiesOf(country: Country, regionCode: string): string[] {
  return geo(country).cities.get(regionCode) ?? [];
}

/** Display name of a region code, or null when the code is not a region of `country`. */
export function regionName(country: Country, code: string): string | null {
  return geo(country).names.get(code) ?? null;
}

/** The towns of `country` with their positions (the offline reverse-geocoding dataset of server/services/reverse-geocode.ts). */
export function placesOf(country: Country): readonly Place[] {
  return geo(country).places;
}

/** The towns of `country` by `<region>|<city>`, built on first use. */
const positions = memoize(
  (country: Country) => new Map(placesOf(country).map((p) => [`${p.region}|${p.city}`, { lat: p.lat, lon: p.lon }])),
);

/** The position in degrees of town `city` in region `regionCode` of `country`, or null when the dataset has no such town. */
export function townPosition(country: Country, regionCode: string, city: string): { lat: number; lon: number } | null {
  return positions(country).get(`${regionCode}|${city}`) ?? null;
}
