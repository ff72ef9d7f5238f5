// Which site (brand) a request is for, chosen by domain (spec 7: settings call with a forced-domain param).
import type { FastifyRequest } from 'fastify';
import type { Settings } from '../../../contract/index.ts';
import type { Db } from '../../db/connect.ts';
import { sites } from '../../db/schema.ts';

export type Site = typeof sites.$inferSelect;

let cache: { db: Db; sites: Site[] } | null = null;

/** All sites, read once per database (sites change only by migration or seed). */
export async function allSites(db: Db): Promise<Site[]> {
  if (cache?.db !== db) cache = { db, sites: await db.select().from(sites).orderBy(sites.id) };
  return cache.sites;
}

/** The site for `domain` (host without port, case-insensitive); an unknown domain gets the first (default) site. */
export async function siteByDomain(db: Db, domain: string | undefined): Promise<Site> {
  const list = await allSites(db);
  const host = (domain ?? '').toLowerCase().replace(/:\d+$/, '');
  const site = list.find((s) => s.domain === host) ?? list[0];
  if (!site) throw new Error('no site configured');
  return site;
}

/** The site of a request: its Host header. */
export function siteOf(db: Db, req: FastifyRequest): Promise<Site> {
  return siteByDomain(db, req.headers.host);
}

/** Public settings of `site` (spec 3) for a visitor from `geoCountry`. */
export function publicSettings(
  site: Site,
  extra: { pushPublicKey: string | null; geoCountry: Settings['geoip_country'] },
): Settings {
  return {
    ...site.settings,
    domain: site.domain,
    push_public_key: extra.pushPublicKey,
    geoip_country: extra.geoCountry,
    geoip_selected_country: extra.geoCountry,
  };
}
