// Site-wide public data: settings (spec 3, 7), company info, interests, regions, lander content — all cacheable by the client.
import type { FastifyInstance } from 'fastify';
import {
  countries,
  interests,
  LanderQuery,
  RegionsQuery,
  SettingsQuery,
  type CompanyInfo,
  type AllRegionsResponse,
  type InterestsResponse,
  type LanderResponse,
  type RegionsResponse,
  type SettingsResponse,
} from '../../contract/index.ts';
import type { ServerContext } from '../context.ts';
import { interestIcons } from '../domain/discovery/interests.ts';
import { landerContent } from '../domain/content/landers.ts';
import { publicSettings } from '../domain/content/sites.ts';
import { selectedCountry, visitorCountry } from '../domain/content/visitor-country.ts';
import { regionsOf } from '../services/geo.ts';
import { parse } from '../validate.ts';

export default async function siteRoutes(app: FastifyInstance, { db, push, sites, geoip, config }: ServerContext): Promise<void> {
  app.get('/api/settings.php', async (req): Promise<SettingsResponse> => {
    const q = parse(SettingsQuery, req.query);
    // Spec 7: the settings call may name another site's domain (a forced domain); every other call is the Host's.
    const site = sites.byDomain(q.domain ?? req.headers.host);
    const geoCountry = visitorCountry(req, site, { geoip, localCountry: config.localCountry });
    return {
      settings: publicSettings(site, { pushPublicKey: push.publicKey, geoCountry, selectedCountry: selectedCountry(req) }),
    };
  });

  app.get('/api/companyinfo.php', async (req, reply): Promise<{ companyinfo: CompanyInfo }> => {
    reply.header('cache-control', 'public, max-age=3600');
    return { companyinfo: req.site.company };
  });

  app.get('/api/interests.php', async (_req, reply): Promise<InterestsResponse> => {
    reply.header('cache-control', 'public, max-age=86400');
    return { interests: interests.map((id) => ({ id, icon: interestIcons[id] })) };
  });

  app.get('/api/regions.php', async (req, reply): Promise<RegionsResponse | AllRegionsResponse> => {
    const { country } = parse(RegionsQuery, req.query);
    reply.header('cache-control', 'public, max-age=86400');
    return country ? regionsOf(country) : { countries: countries.map(regionsOf) };
  });

  // Spec 1, 2: what the landers show (demo members of the site's niche, members per region); public, cacheable.
  app.get('/api/lander.php', async (req, reply): Promise<LanderResponse> => {
    const { country, place } = parse(LanderQuery, req.query);
    // Without ?country= the answer depends on the visitor's address (GeoIP) or a trusted proxy's country header: only
    // the visitor's own browser may keep it, never a shared cache.
    reply.header('cache-control', country ? 'public, max-age=300' : 'private, max-age=300');
    return landerContent(db, req.site, {
      country,
      visitorCountry: country ? null : visitorCountry(req, req.site, { geoip, localCountry: config.localCountry }),
      placeSlug: place,
    });
  });
}
