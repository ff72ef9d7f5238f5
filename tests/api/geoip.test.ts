// The visitor's country (docs/i18n.md "How the country is decided"): the embedded GeoIP database on the client address
// as TRUST_PROXY defines it, a proxy's country header only from a trusted proxy, the site's own country for local
// addresses, and the visitor's choice (the geoip_selected_country cookie). The country then gives the entry warning,
// the visible languages, the offer's prices and currency and the US footer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditsResponse, Settings } from '../../contract/index.ts';
import { entryWarningDue } from '../../src/app/entry-warning-rules.ts';
import { offerCountry, offerPath } from '../../src/features/payments/offer-query.ts';
import { visibleLanguages } from '../../src/i18n/language.ts';
import { loadConfig } from '../../server/config.ts';
import { Client, startServer, type TestServer } from './harness.ts';

/**
 * Public addresses the embedded database (@ip-location-db/geo-whois-asn-country-mmdb) maps to each country: well-known
 * DNS resolvers and university or ISP hosts whose ranges are registered in that country.
 */
const addresses = {
  NL: '194.109.6.66', // XS4ALL's resolver (KPN, Amsterdam)
  DE: '194.25.0.68', // Deutsche Telekom's resolver
  US: '8.8.8.8', // Google Public DNS
  CH: '130.59.31.248', // SWITCH, the Swiss research network
  PL: '212.77.98.9', // Wirtualna Polska
  FI: '193.166.3.1', // FUNET, the Finnish research network
} as const;

/** What each country's visitor should see: the menu's languages (spec 9), the offer's currency, the US footer. */
const expected = {
  NL: { languages: ['nl'], currency: 'EUR' },
  DE: { languages: ['de'], currency: 'EUR' },
  US: { languages: ['en', 'es'], currency: 'USD' },
  CH: { languages: ['de', 'it', 'fr', 'en'], currency: 'CHF' },
  PL: { languages: ['pl'], currency: 'PLN' },
  FI: { languages: ['fi', 'sv'], currency: 'EUR' },
} as const;

let trusting: TestServer;
let direct: TestServer;
let noLocal: TestServer;
beforeAll(async () => {
  // The harness's client is 127.0.0.1: as a trusted loopback proxy it forwards the visitor's address.
  [trusting, direct, noLocal] = await Promise.all([
    startServer(0, { env: { TRUST_PROXY: 'loopback' } }),
    startServer(0),
    startServer(0, { env: { LOCAL_COUNTRY: 'none' } }),
  ]);
});
afterAll(() => Promise.all([trusting?.close(), direct?.close(), noLocal?.close()]));

/** The settings `server` answers with `headers`, for the site of `domain` (spec 7: the settings call's forced domain). */
const settingsOf = async (server: TestServer, headers: Record<string, string>, domain?: string): Promise<Settings> => {
  const path = domain ? `/api/settings.php?domain=${domain}` : '/api/settings.php';
  const res = await new Client(server.url).call('GET', path, undefined, headers);
  expect(res.status).toBe(200);
  return (res.body as { settings: Settings }).settings;
};

describe('the visitor country from the embedded GeoIP database', () => {
  for (const [country, ip] of Object.entries(addresses) as [keyof typeof addresses, string][]) {
    it(`places ${ip} in ${country}: its warning, languages, prices and footer`, async () => {
      const settings = await settingsOf(trusting, { 'x-forwarded-for': ip });
      expect(settings.geoip_country).toBe(country);
      expect(settings.geoip_selected_country).toBe(country);
      // Spec 1: the entry warning is due for a visitor from a site country (the default site has all 19).
      const warning = { loggedIn: false, standalone: false, settings, layout: 'default' as const, dismissed: false };
      expect(entryWarningDue(warning)).toBe(true);
      expect(visibleLanguages(settings.geoip_country, expected[country].languages[0])).toEqual(expected[country].languages);
      const offer = await new Client(trusting.url).get(offerPath(offerCountry(false, settings)));
      expect((offer.body as CreditsResponse).country).toBe(country);
      expect((offer.body as CreditsResponse).currency).toBe(expected[country].currency);
      // Spec 1: the 2257 footer (src/app/layouts/footer.tsx) is for a visitor placed in the US only.
      expect(settings.geoip_country === 'US').toBe(country === 'US');
    });
  }

  it('gives no country for a public address outside the site countries (Brazil)', async () => {
    const settings = await settingsOf(trusting, { 'x-forwarded-for': '200.160.2.3' });
    expect(settings.geoip_country).toBeNull();
  });

  it("gives loopback and private addresses the site's own country", async () => {
    expect((await settingsOf(direct, {})).geoip_country).toBe('US');
    expect((await settingsOf(direct, {}, 'de.localhost')).geoip_country).toBe('DE');
    // 192.168.1.1 is mapped to a country by the database: a private address is never looked up.
    expect((await settingsOf(trusting, { 'x-forwarded-for': '192.168.1.1' }, 'de.localhost')).geoip_country).toBe('DE');
  });

  it('gives local addresses the LOCAL_COUNTRY instead, when set', async () => {
    expect((await settingsOf(noLocal, {})).geoip_country).toBeNull();
    expect(loadConfig({ LOCAL_COUNTRY: 'pl' }).localCountry).toBe('PL');
    expect(() => loadConfig({ LOCAL_COUNTRY: 'Poland' })).toThrow(/LOCAL_COUNTRY/);
  });

  it('without TRUST_PROXY, uses the socket address and ignores X-Forwarded-For', async () => {
    expect((await settingsOf(direct, { 'x-forwarded-for': addresses.PL }, 'de.localhost')).geoip_country).toBe('DE');
  });
});

describe("a proxy's country header", () => {
  it('is believed from a trusted proxy (X-Country, CF-IPCountry)', async () => {
    expect((await settingsOf(trusting, { 'x-forwarded-for': addresses.NL, 'x-country': 'PL' })).geoip_country).toBe('PL');
    expect((await settingsOf(trusting, { 'x-forwarded-for': addresses.NL, 'cf-ipcountry': 'fi' })).geoip_country).toBe('FI');
  });

  it('is ignored from an untrusted client', async () => {
    expect((await settingsOf(direct, { 'x-country': 'PL' }, 'de.localhost')).geoip_country).toBe('DE');
    expect((await settingsOf(direct, { 'cf-ipcountry': 'US' })).geoip_country).toBe('US');
    expect((await settingsOf(direct, { 'x-country': 'NL' })).geoip_country).toBe('US');
  });

  it('names no country when it is not one of the site countries: the address decides', async () => {
    expect((await settingsOf(trusting, { 'x-forwarded-for': addresses.CH, 'x-country': 'XX' })).geoip_country).toBe('CH');
  });
});

describe('the country the visitor chose (geoip_selected_country)', () => {
  it('is the cookie when it names a country, the guessed country staying geoip_country', async () => {
    const chosen = await settingsOf(trusting, { 'x-forwarded-for': addresses.US, cookie: 'geoip_selected_country=PL' });
    expect(chosen.geoip_country).toBe('US');
    expect(chosen.geoip_selected_country).toBe('PL');
    const offer = await new Client(trusting.url).get(offerPath(offerCountry(false, chosen)));
    expect((offer.body as CreditsResponse).currency).toBe('PLN');
    const bogus = await settingsOf(trusting, { 'x-forwarded-for': addresses.US, cookie: 'geoip_selected_country=ZZ' });
    expect(bogus.geoip_selected_country).toBe('US');
  });
});
