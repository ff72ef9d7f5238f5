// The member search's default filters and its call's address (spec 3), apart from the search store and without zod: the
// route table (src/app/routes.ts) declares /members' first call with them, so the server answers it for its render.
import { countries } from '../../../contract/countries.ts';
import { audienceOf } from '../../../contract/niches.ts';
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

/** The site settings the default filters read. */
type SearchSettings = Pick<Settings, 'geoip_selected_country' | 'geoip_country' | 'niche'>;

/**
 * Spec 3's default filters: the gender from preferredGender, else the site niche's (contract/niches.ts: men on the
 * gay site, women on she, bbw, gilf and milf, everyone elsewhere); the member's country (a visitor's: the one chosen
 * on the site, else the guessed one) when it is one of the site's countries; any region; the niche's ages (18-99 on
 * the general site, 60-99 on gilf).
 */
export function defaultFilters(user: Pick<User, 'profile'> | null, settings: SearchSettings | null): SearchFilters {
  const country = user?.profile.country ?? settings?.geoip_selected_country ?? settings?.geoip_country ?? '';
  const audience = audienceOf(settings?.niche);
  return {
    gender: preferredGender(user?.profile.gender ?? undefined, user?.profile.sexuality ?? undefined) || audience.gender,
    country: (countries as readonly string[]).includes(country) ? (country as Country) : '',
    countryregion: '',
    min_age: audience.ages[0],
    max_age: audience.ages[1],
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
export const firstSearchPath = (user: Pick<User, 'profile'> | null, settings: SearchSettings | null): string =>
  searchPath(defaultFilters(user, settings), 1);

/** The canonical query string of `filters`: the Dexie key of their result pages (src/features/members/search-store.ts). */
export function keyOf({ gender, country, countryregion, min_age, max_age }: SearchFilters): string {
  return new URLSearchParams({ gender, country, countryregion, min_age: String(min_age), max_age: String(max_age) }).toString();
}
