// The member search state (spec 3: search state): the filters live here, the result pages in Dexie
// (searchPages, by query key and page), so going back to /members, or reopening offline, shows them at once.
import { proxy } from 'valtio';
import { api } from '../../api/client.ts';
import { takeFirstAnswer } from '../../api/first-answers.ts';
import {
  SIMILAR_AGE_YEARS,
  SearchResponse,
  SimilarResponse,
  type Country,
  type Gender,
  type MemberCard,
} from '../../../contract/index.ts';
import { currentDb } from '../../sync/member-sync.ts';
import { session } from '../account/session-store.ts';
import { getTracking } from '../account/tracking.ts';
import { keyOf, searchPath, type SearchFilters } from './search-query.ts';

export { preferredGender, type SearchFilters } from './search-query.ts';

/** Search state (spec 3): filters, whether defaults were applied, the query key of the shown results, the page loading. */
export const searchState = proxy({
  gender: '' as Gender | '',
  country: '' as Country | '',
  countryregion: '',
  min_age: 18,
  max_age: 99,
  didInit: false,
  /** searchKey() of the results shown (their pages are in Dexie under it); '' before the first search. */
  key: '',
  /** Page being loaded, or 0. */
  loadingPage: 0,
  /** The last load failed with this error (an ApiCallError), shown with a retry. */
  error: null as unknown,
  /** Similar results of the profile last opened and their count (spec 3: search state); null until they arrive. */
  similar: null as { id: number; profiles: MemberCard[]; numResults: number } | null,
});

/** Bumped on every new search so the answers of an older search are dropped. */
let generation = 0;
/** Whose defaults the state holds (user id, 0 for a visitor): another login starts afresh. */
let owner: number | null = null;

/**
 * The `network` a visitor's search calls carry (spec 3's tracking data); none for a member, whom the server does not
 * ask for it: reading the tab's storage is a synchronous call to the browser, best kept off a member's page load.
 */
const visitorNetwork = () => (session.user ? undefined : getTracking()?.network);

/**
 * Applies the default filters (search-query.ts defaultFilters) once per page load and user (spec 3: didInit).
 * `userId` 0 is a visitor; when it differs from the last call, filters and results start afresh.
 */
export function initSearch(defaults: SearchFilters, userId = 0): void {
  if (searchState.didInit && owner === userId) return;
  owner = userId;
  generation++;
  searchState.key = '';
  Object.assign(searchState, defaults);
  searchState.didInit = true;
}

/** Sets filters and starts a new search: results and count are cleared first (spec 4). */
export function applyFilters(filters: Partial<SearchFilters>): Promise<void> {
  Object.assign(searchState, filters);
  return newSearch();
}

/** Stored result pages older than this are dropped when a new search starts (ms). */
const KEEP_PAGES_MS = 7 * 24 * 3600_000;

/** The canonical query string of the current filters: the Dexie key of their result pages. */
export function searchKey(): string {
  return keyOf(searchState);
}

/**
 * Starts a new search for the current filters: page 1 replaces what Dexie holds for them (spec 4: results and
 * count start afresh); until it arrives, pages stored earlier for the same filters show (offline too).
 */
export function newSearch(): Promise<void> {
  generation++;
  searchState.key = searchKey();
  void currentDb()
    .searchPages.where('storedAt')
    .below(Date.now() - KEEP_PAGES_MS)
    .delete()
    .catch(() => {});
  return loadPage(1);
}

/** Loads page `page` ("Show more": the page after the last one shown); does nothing while a page is loading. */
export function loadMore(page: number): Promise<void> {
  if (searchState.loadingPage) return Promise.resolve();
  return loadPage(page);
}

/**
 * GET /api/members.php for `page` of the current filters into Dexie (page 1 drops the older pages of the same
 * filters). Errors land in `error`.
 */
async function loadPage(page: number): Promise<void> {
  const gen = generation;
  const key = searchState.key;
  searchState.loadingPage = page;
  searchState.error = null;
  try {
    const { gender, country, countryregion, min_age, max_age } = searchState;
    const network = visitorNetwork();
    // A server-rendered /members came with page 1 of the default search (src/api/first-answers.ts).
    const rendered = network
      ? undefined
      : takeFirstAnswer(searchPath({ gender, country, countryregion, min_age, max_age }, page), SearchResponse);
    const res =
      rendered ??
      (await api('/api/members.php', SearchResponse, {
        // Spec 6: a visitor from a traffic source may search where the site allows it; the server checks `network`.
        query: { gender, country, countryregion, min_age, max_age, page, network },
      }));
    if (gen !== generation) return;
    const db = currentDb();
    await db.transaction('rw', db.searchPages, async () => {
      if (page === 1) await db.searchPages.where('key').equals(key).delete();
      await db.searchPages.put({ key, page, cards: res.profiles, numResults: res.numResults, storedAt: Date.now() });
    });
  } catch (e) {
    if (gen === generation) searchState.error = e;
  } finally {
    if (gen === generation) searchState.loadingPage = 0;
  }
}

/**
 * GET /api/similar.php for member `id` into `searchState.similar` (spec 3: similar results and their count). The
 * results of another member are dropped at once so they never show under the wrong profile. Throws ApiCallError.
 */
export async function loadSimilar(id: number, signal?: AbortSignal): Promise<void> {
  if (searchState.similar?.id !== id) searchState.similar = null;
  const res = await api('/api/similar.php', SimilarResponse, { query: { id, network: visitorNetwork() }, signal });
  searchState.similar = { id, ...res };
}

/**
 * The search filters that find the similar members of a member (same gender and country, within SIMILAR_AGE_YEARS of
 * their age, spec 3), for "Show all" on the profile; the search also lists the member itself.
 */
export function similarFilters(member: Pick<MemberCard, 'gender' | 'country' | 'age'>): SearchFilters {
  return {
    gender: member.gender,
    country: member.country,
    countryregion: '',
    min_age: Math.max(18, member.age - SIMILAR_AGE_YEARS),
    max_age: Math.min(99, member.age + SIMILAR_AGE_YEARS),
  };
}
