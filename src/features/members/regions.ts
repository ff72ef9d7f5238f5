// Regions of every country (GET /api/regions.php, spec 7: no payload, fetched once, cached) for the region fields.
import { api } from '../../api/client.ts';
import { AllRegionsResponse, type Country, type RegionsResponse } from '../../../contract/index.ts';

let all: Promise<AllRegionsResponse> | null = null;

/**
 * The regions of `country` and the kind of region its people use (province, state, ...). All countries come in one
 * call per page load; a failed fetch is forgotten so the next call tries again. Throws ApiCallError, or an Error
 * when the server knows no regions for `country`.
 */
export async function fetchRegions(country: Country): Promise<RegionsResponse> {
  if (!all) {
    const call = api('/api/regions.php', AllRegionsResponse);
    call.catch(() => {
      if (all === call) all = null;
    });
    all = call;
  }
  const hit = (await all).countries.find((c) => c.country === country);
  if (!hit) throw new Error(`no regions for ${country}`);
  return hit;
}
