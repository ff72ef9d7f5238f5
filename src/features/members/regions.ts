// Regions of a country (GET /api/regions.php, spec 7: fetched once, cached) for the search form's region field.
import { api } from '../../api/client.ts';
import { RegionsResponse, type Country } from '../../../contract/index.ts';

const cache = new Map<Country, Promise<RegionsResponse>>();

/**
 * The regions of `country` and the kind of region its people use (province, state, ...). Fetched once per
 * country per page load; a failed fetch is forgotten so the next call tries again. Throws ApiCallError.
 */
export function fetchRegions(country: Country): Promise<RegionsResponse> {
  let hit = cache.get(country);
  if (!hit) {
    hit = api('/api/regions.php', RegionsResponse, { query: { country } });
    hit.catch(() => cache.delete(country));
    cache.set(country, hit);
  }
  return hit;
}
