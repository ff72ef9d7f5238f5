// Which site (brand) a request is for, chosen by domain (spec 7: settings call with a forced-domain param).
import type { Settings } from '../../../contract/index.ts';
import type { Db } from '../../db/connect.ts';
import { sites } from '../../db/schema.ts';
import type { Site } from '../types.ts';

/** All sites, the first (lowest id) being the default one. One statement. */
export function allSites(db: Db): Promise<Site[]> {
  return db.select().from(sites).orderBy(sites.id);
}

/** The sites a server answers for, read once when it starts (sites change only by migration or seed). */
export interface Sites {
  /** Every site, the default one first. */
  readonly all: readonly Site[];
  /**
   * The site for `domain` (a Host header: host, any port ignored, case-insensitive); an unknown or missing domain
   * gets the default site. Throws when there is no site at all (nothing seeded).
   */
  byDomain(domain: string | undefined): Site;
}

/** Reads the sites of `db` (allSites) for lookups by domain. */
export async function loadSites(db: Db): Promise<Sites> {
  const all = await allSites(db);
  return {
    all,
    byDomain(domain) {
      const host = (domain ?? '').toLowerCase().replace(/:\d+$/, '');
      const site = all.find((s) => s.domain === host) ?? all[0];
      if (!site) throw new Error('no site configured');
      return site;
    },
  };
}

/**
 * Public settings of `site` (spec 3) for a visitor from `geoCountry` (visitor-country.ts) who chose `selectedCountry`
 * in the country picker (null: none chosen, the guessed country stands).
 */
export function publicSettings(
  site: Site,
  extra: { pushPublicKey: string | null; geoCountry: Settings['geoip_country']; selectedCountry: Settings['geoip_country'] },
): Settings {
  return {
    ...site.settings,
    domain: site.domain,
    push_public_key: extra.pushPublicKey,
    geoip_country: extra.geoCountry,
    geoip_selected_country: extra.selectedCountry ?? extra.geoCountry,
  };
}
