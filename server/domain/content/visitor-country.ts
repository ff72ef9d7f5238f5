// Which country a request comes from (docs/i18n.md "How the country is decided"): the country drives the entry
// warning, the visible languages, prices and currency, the footer and the default search.
import type { FastifyRequest } from 'fastify';
import { Country } from '../../../contract/index.ts';
import type { Geoip } from '../../services/geoip.ts';
import type { Site } from '../types.ts';

/** The cookie holding the country a visitor chose in the country picker (spec 3: geoip_selected_country). */
export const SELECTED_COUNTRY_COOKIE = 'geoip_selected_country';

/**
 * The visitor's country (spec 3: geoip_country), one of the contract's countries or null:
 * - through a trusted proxy (TRUST_PROXY names the socket's peer and it forwarded the client's address), the proxy's
 *   CF-IPCountry or X-Country header when it names a country;
 * - else the embedded GeoIP database's country of the client address (`req.ip`, as TRUST_PROXY defines it);
 * - a loopback or private client address: `localCountry` (Config.localCountry: null for the site's own country,
 *   siteCountry; 'none' for none);
 * - a public address of another country, or one the database does not know: null.
 */
export function visitorCountry(
  req: FastifyRequest,
  site: Site,
  { geoip, localCountry }: { geoip: Geoip; localCountry: string | null },
): Country | null {
  if (viaTrustedProxy(req)) {
    for (const header of ['cf-ipcountry', 'x-country']) {
      const told = Country.safeParse(String(req.headers[header] ?? '').toUpperCase());
      if (told.success) return told.data;
    }
  }
  if (geoip.isLocal(req.ip)) {
    if (localCountry === null) return siteCountry(site);
    const local = Country.safeParse(localCountry);
    return local.success ? local.data : null;
  }
  const found = Country.safeParse(geoip.countryOf(req.ip));
  return found.success ? found.data : null;
}

/** The country the visitor chose (the SELECTED_COUNTRY_COOKIE), or null when none or not a contract country. */
export function selectedCountry(req: FastifyRequest): Country | null {
  const chosen = Country.safeParse(String(req.cookies[SELECTED_COUNTRY_COOKIE] ?? '').toUpperCase());
  return chosen.success ? chosen.data : null;
}

/**
 * The site's own country: the region of its domain_language (en-US: US, de-DE: DE) when that is one of its
 * countries, else its first country; null for a site without countries.
 */
function siteCountry(site: Site): Country | null {
  const { domain_language: language, countries } = site.settings;
  const region = language.split('-')[1]?.toUpperCase();
  return countries.find((c) => c === region) ?? countries[0] ?? null;
}

/**
 * True when the request passed a trusted proxy: TRUST_PROXY trusts the socket's peer and that peer forwarded a client
 * address (Fastify's `req.ips` then holds the peer and at least one forwarded address; without TRUST_PROXY it is unset).
 */
function viaTrustedProxy(req: FastifyRequest): boolean {
  return (req.ips?.length ?? 0) > 1;
}
