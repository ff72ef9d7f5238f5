// The member search's default filters and its call's address (spec 3), apart from the search store and without zod: the
// route table (src/app/routes.ts) declares /members' first call with them, so the server answers it for its render.
import { countries } from '../../../contract/countries.ts';
import type { Country, Gender, Settings, Sexuality, User } from '../../../contract/index.ts';

/** The filters of a search (spec 3). An empty string means "any". Ages in years, 18..99. */
export interface SearchFilters {
  gender: Gender | '';
  country: Country | '';
  countryregion: string;
  min_age: number;
  max_age: number;
}

/**
 * The gender a member most likely searches for, from their own gender and sexuality; '' (everyone) when
 * unknown or bi. A hetero man gets women, a gay man men, a lesbian woman women.
 */
export function preferredGender(gender?: Gender, sexuality?: Sexuality): Gender | '' {
  if (!gender || !sexuality || sexuality === 'bi') return '';
  if (sexuality === 'hetero') return gender === 'male' ? 'female' : 'male';
  return gender;
}

/**
 * Spec 3's default filters: the gender from preferredGender, the member's country (a visitor's: the one chosen on
 * the site, else the guessed one) when it is one of the site's countries, any region, ages 18-99.
 */
export function defaultFilters(
  user: Pick<User, 'profile'> | null,
  settings: Pick<Settings, 'geoip_selected_country' | 'geoip_country'> | null,
): SearchFilters {
  const country = user?.profile.country ?? settings?.geoip_selected_country ?? settings?.geoip_country ?? '';
  return {
    gender: preferredGender(user?.profile.gender ?? undefined, user?.profile.sexuality ?? undefined),
    country: (countries as readonly string[]).includes(country) ? (country as Country) : '',
    countryregion: '',
    min_age: 18,
    max_age: 99,
  };
}

/**
 * GET /api/members.php's path with query for page `page` of `filters`, as the API client sends it (empty filters
 * left out): "/api/members.php?gender=female&country=NL&min_age=18&max_age=99&page=1".
 */
export function searchPath(filters: SearchFilters, page: number): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, page })) if (value !== '') query.set(name, String(value));
  return `/api/members.php?${query}`;
}

/**
 * /members' first call (spec 3): page 1 of the default search of `user` (null: a visitor) on the site of `settings`. The
 * screen reads its first answer by it; the route table declares it (src/app/routes.ts).
 */
export const firstSearchPath = (
  user: Pick<User, 'profile'> | null,
  settings: Pick<Settings, 'geoip_selected_country' | 'geoip_country'> | null,
): string => searchPath(defaultFilters(user, settings), 1);

/** The canonical query string of `filters`: the Dexie key of their result pages (src/features/members/search-store.ts). */
export function keyOf({ gender, country, countryregion, min_age, max_age }: SearchFilters): string {
  return new URLSearchParams({ gender, country, countryregion, min_age: String(min_age), max_age: String(max_age) }).toString();
}
