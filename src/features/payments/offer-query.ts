// Which offer (GET /api/credits.php) a page shows, for the money screens (use-offer.ts) and the route table, which
// declares it as their first call (src/app/routes.ts): a server render hands the page its answer.
import type { Country, Settings } from '../../../contract/index.ts';

/**
 * The country whose offer is asked for: none for a member (the server takes their payment country), for a visitor
 * the one they chose or the site guessed.
 */
export function offerCountry(
  member: boolean,
  settings: Pick<Settings, 'geoip_selected_country' | 'geoip_country'> | null | undefined,
): Country | null {
  return member ? null : (settings?.geoip_selected_country ?? settings?.geoip_country ?? null);
}

/** GET /api/credits.php's path with its query for `country`, as the API client sends it and first answers key it. */
export const offerPath = (country: Country | null) => (country ? `/api/credits.php?country=${country}` : '/api/credits.php');
