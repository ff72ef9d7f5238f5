// Region names in the reader's language. The server names regions as its dataset does, in English ("Bavaria"); the
// namespace `regions` (locales/<lng>/regions.json, made from CLDR by scripts/region-names.ts) holds, per language,
// country -> region code -> name, English's being the dataset's own names. Names are data, not keys (they hold dots:
// "St. Gallen"), so they are read from the loaded tables, never through t().
import i18next from 'i18next';
import { collator } from './country-names.ts';

/** The i18next namespace of the region names: a screen that shows one loads it (useTranslation([..., REGIONS_NS])). */
export const REGIONS_NS = 'regions';

/** A country's table in `lng` (region code -> name), or undefined while the namespace is not loaded. */
const tableOf = (lng: string, country: string) =>
  i18next.getResource(lng, REGIONS_NS, country) as Readonly<Record<string, string>> | undefined;

/**
 * The code of the region of `country` that the server calls `name` ("Bavaria": "BY"), or null when `name` is no region
 * of `country` (a town, a stale name) or the tables are not loaded.
 */
export function regionCode(country: string, name: string): string | null {
  const english = tableOf('en', country);
  return (english && Object.keys(english).find((code) => english[code] === name)) ?? null;
}

/**
 * The name in `lng` of the region of `country` (ISO 3166-1 alpha-2) that the server calls `name` (its dataset's English
 * name, e.g. "Bavaria": de "Bayern", fr "Bavière"); `name` itself when the tables are not loaded, when `name` is no
 * region of `country` (a stale or free-text name) and in English.
 */
export function regionName(country: string, name: string, lng: string): string {
  const code = lng === 'en' ? null : regionCode(country, name);
  return (code && tableOf(lng, country)?.[code]) || name;
}

/**
 * `regions` of `country` (code and dataset name, as GET /api/regions.php gives them) named in `lng` and sorted as `lng`
 * sorts, for a region menu: the codes stay the values the API expects.
 */
export function sortedRegions(
  country: string,
  regions: readonly { code: string; name: string }[],
  lng: string,
): { code: string; name: string }[] {
  const local = tableOf(lng, country);
  const { compare } = collator(lng);
  return regions.map((r) => ({ code: r.code, name: local?.[r.code] ?? r.name })).sort((a, b) => compare(a.name, b.name));
}
