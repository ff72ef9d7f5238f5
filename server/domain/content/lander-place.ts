// The place a lander's slug names (spec 2: "/landers/gallery/amsterdam": "... in Amsterdam"): only a region or town of
// the site's countries in the geo dataset becomes text, so a link cannot put words of its own on the brand's page.
import type { Country } from '../../../contract/index.ts';
import { memoize } from '../../memo.ts';
import { placesOf, regionsOf } from '../../services/geo.ts';

/** The longest slug looked up (the longest place names of the dataset are well under it). */
const PLACE_SLUG_MAX = 100;

/** A name or slug compared without case, accents and punctuation: "Den_Haag", "den-haag" and "Den Haag" are one key. */
function placeKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The regions and towns of `country` by placeKey, each with its dataset name (a region wins over a town of its name). */
const placeNames = memoize((country: Country): ReadonlyMap<string, string> => {
  const names = new Map<string, string>();
  for (const town of placesOf(country)) names.set(placeKey(town.city), town.city);
  for (const region of regionsOf(country).regions) names.set(placeKey(region.name), region.name);
  return names;
});

/**
 * The dataset name of the region or town of `countries` (in their order) that `slug` names, percent-decoded and
 * compared by placeKey ("s%C3%A3o-paulo", "den_haag"), or null when it names none or is longer than PLACE_SLUG_MAX.
 */
export function placeOfSlug(countries: readonly Country[], slug: string): string | null {
  let text = slug;
  try {
    text = decodeURIComponent(slug);
  } catch {
    // A broken escape ("%E0") names no place.
    return null;
  }
  const key = placeKey(text);
  if (!key || text.length > PLACE_SLUG_MAX) return null;
  for (const country of countries) {
    const name = placeNames(country).get(key);
    if (name) return name;
  }
  return null;
}
