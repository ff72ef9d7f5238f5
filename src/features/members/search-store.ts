// The member search state (spec 3: search state) lives outside the screen so going back to /members keeps results.
import { proxy } from 'valtio';
import { api } from '../../api/client.ts';
import {
  SEARCH_PAGE_SIZE, SearchResponse, countries,
  type Country, type Gender, type MemberCard, type Sexuality,
} from '../../../contract/index.ts';

/** The filters of a search (spec 3). An empty string means "any". Ages in years, 18..99. */
export interface SearchFilters {
  gender: Gender | '';
  country: Country | '';
  countryregion: string;
  min_age: number;
  max_age: number;
}

/** Search state (spec 3): filters, whether defaults were applied, result pages by page number, total count. */
export const searchState = proxy({
  gender: '' as Gender | '',
  country: '' as Country | '',
  countryregion: '',
  min_age: 18,
  max_age: 99,
  didInit: false,
  results: {} as Record<number, MemberCard[]>,
  numResults: 0,
  /** Page being loaded, or 0. */
  loadingPage: 0,
  /** The last load failed with this error (an ApiCallError), shown with a retry. */
  error: null as unknown,
});

/** Bumped on every new search so the answers of an older search are dropped. */
let generation = 0;
/** Whose defaults the state holds (user id, 0 for a visitor): another login starts afresh. */
let owner: number | null = null;

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
 * Applies the default filters once per page load and user (spec 3: didInit): `gender` from preferredGender
 * and the member's `country` when it is one of the site's countries. `userId` 0 is a visitor; when it differs
 * from the last call, filters and results start afresh.
 */
export function initSearch(defaults: { gender: Gender | ''; country: string | null | undefined }, userId = 0): void {
  if (searchState.didInit && owner === userId) return;
  owner = userId;
  generation++;
  searchState.results = {};
  searchState.numResults = 0;
  searchState.countryregion = '';
  searchState.min_age = 18;
  searchState.max_age = 99;
  searchState.didInit = true;
  searchState.gender = defaults.gender;
  searchState.country = (countries as readonly string[]).includes(defaults.country ?? '') ? (defaults.country as Country) : '';
}

/** Sets filters and starts a new search: results and count are cleared first (spec 4). */
export function applyFilters(filters: Partial<SearchFilters>): Promise<void> {
  Object.assign(searchState, filters);
  return newSearch();
}

/** Clears the results and the count (spec 4) and loads page 1. */
export function newSearch(): Promise<void> {
  generation++;
  searchState.results = {};
  searchState.numResults = 0;
  return loadPage(1);
}

/** Loads the page after the last loaded one ("Show more"); does nothing while a page is loading. */
export function loadMore(): Promise<void> {
  if (searchState.loadingPage) return Promise.resolve();
  return loadPage(loadedPages() + 1);
}

/** Number of result pages loaded so far. */
export function loadedPages(): number {
  return Object.keys(searchState.results).length;
}

/** Whether more results exist than are loaded. */
export function hasMore(): boolean {
  return loadedPages() * SEARCH_PAGE_SIZE < searchState.numResults;
}

/** GET /api/members.php for `page` of the current filters; stores the page and numResults. Errors land in `error`. */
async function loadPage(page: number): Promise<void> {
  const gen = generation;
  searchState.loadingPage = page;
  searchState.error = null;
  try {
    const { gender, country, countryregion, min_age, max_age } = searchState;
    const res = await api('/api/members.php', SearchResponse, {
      query: { gender, country, countryregion, min_age, max_age, page },
    });
    if (gen !== generation) return;
    searchState.results[page] = res.profiles;
    searchState.numResults = res.numResults;
  } catch (e) {
    if (gen === generation) searchState.error = e;
  } finally {
    if (gen === generation) searchState.loadingPage = 0;
  }
}
