// Lander content over the real server (spec 1, 2): demo members by the site's niche, members per region.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceBands, LanderResponse } from '../../contract/index.ts';
import { regionsOf } from '../../server/services/geo.ts';
import { seedDemoMembers } from '../../server/seed/members.ts';
import { allSites } from '../../server/domain/content/sites.ts';
import { Client, expectShape, startServer, type TestServer } from './harness.ts';

let server: TestServer;
let c: Client;
beforeAll(async () => {
  // The harness's client is 127.0.0.1: as a trusted loopback proxy it forwards a visitor's address (tests/api/geoip.test.ts).
  server = await startServer(150, { env: { TRUST_PROXY: 'loopback' } });
  c = new Client(server.url);
  // The niche sites get their own demo members, as server/main.ts seeds them.
  for (const site of (await allSites(server.db)).slice(1)) {
    await seedDemoMembers(server.db, {
      siteId: site.id,
      members: 60,
      key: `seed:members:${site.id}`,
      seed: site.id,
      withAccounts: false,
    });
  }
});
afterAll(() => server.close());

/** Public addresses the embedded GeoIP database places in each country (as tests/api/geoip.test.ts). */
const visitorFrom = { NL: '194.109.6.66', US: '8.8.8.8', PL: '212.77.98.9' } as const;

/**
 * The lander of `host` for a visitor from `from`'s address (else the local address: the site's own country).
 * The answer depends on that address, so only the visitor's browser may keep it.
 */
async function landerOf(host: string, query = '', from?: keyof typeof visitorFrom): Promise<LanderResponse> {
  const forwarded = from ? { 'x-forwarded-for': visitorFrom[from] } : {};
  const res = await server.app.inject({ method: 'GET', url: `/api/lander.php${query}`, headers: { host, ...forwarded } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, max-age=300');
  return LanderResponse.parse(res.json());
}

describe('GET /api/lander.php', () => {
  it("shows the country's demo members with photos, fictional only, and counts members per region of it", async () => {
    const body = expectShape(LanderResponse, await c.get('/api/lander.php?country=NL'));
    // The same for every visitor: a shared cache may keep it.
    const named = await server.app.inject({ method: 'GET', url: '/api/lander.php?country=NL', headers: { host: 'localhost' } });
    expect(named.headers['cache-control']).toBe('public, max-age=300');
    expect(body.niche).toBe('general');
    // All 11 Dutch demo members with a photo (up to 12 are shown), and none of another country.
    expect(body.members).toHaveLength(11);
    expect(body.members.every((m) => m.country === 'NL')).toBe(true);
    expect(body.members.every((m) => m.fictional && m.photo)).toBe(true);
    expect(body.country).toBe('NL');
    expect(body.regions.length).toBeGreaterThan(0);
    expect(body.regions.every((r) => r.count > 0)).toBe(true);
    // Most members first; the counts never exceed the site's total (the demo accounts live in NL too).
    expect(body.regions.map((r) => r.count)).toEqual([...body.regions.map((r) => r.count)].sort((a, b) => b - a));
    expect(body.regions.reduce((s, r) => s + r.count, 0)).toBeLessThanOrEqual(body.total);
    expect(body.total).toBe(152);
  });

  it('picks the demo members by the niche of the site chosen by Host', async () => {
    const she = await landerOf('she.localhost');
    expect(she.niche).toBe('she');
    expect(she.members.every((m) => m.gender === 'female')).toBe(true);
    const gay = await landerOf('gay.localhost:8080');
    expect(gay.niche).toBe('gay');
    expect(gay.members.every((m) => m.gender === 'male')).toBe(true);
    const gilf = await landerOf('gilf.localhost');
    expect(gilf.members.every((m) => m.gender === 'female')).toBe(true);
    // The oldest women come first on the gilf site; the milf site (de.localhost) ranks 35-55 first.
    expect(gilf.members[0].age).toBeGreaterThanOrEqual(60);
    const milf = await landerOf('de.localhost');
    expect(milf.niche).toBe('milf');
    expect(milf.members[0].age).toBeGreaterThanOrEqual(35);
    expect(milf.members[0].age).toBeLessThanOrEqual(55);
    // Each site shows its own members, never another site's.
    const general = await landerOf('localhost');
    const sheIds = new Set(she.members.map((m) => m.id));
    expect(general.members.filter((m) => sheIds.has(m.id))).toEqual([]);
  });

  it("defaults the map to the site's first country and refuses an unknown country with a 4xx", async () => {
    const de = await landerOf('de.localhost');
    expect(de.country).toBe('DE');
    expect((await c.get('/api/lander.php?country=XX')).status).toBe(400);
  });

  it('names a place only when the slug is a region or town of the site countries; other text becomes no text', async () => {
    const placeOf = async (host: string, slug: string) => (await landerOf(host, `?place=${encodeURIComponent(slug)}`)).place;
    expect((await landerOf('localhost')).place).toBeNull();
    expect(await placeOf('localhost', 'amsterdam')).toBe('Amsterdam');
    expect(await placeOf('localhost', 'north_holland')).toBe('North Holland');
    expect(await placeOf('localhost', 'NEW-YORK')).toBe('New York');
    expect(await placeOf('de.localhost', 'bavaria')).toBe('Bavaria');
    // With its country, so the page can name a region in the reader's language.
    expect((await landerOf('de.localhost', '?place=bavaria')).place_country).toBe('DE');
    expect((await landerOf('localhost')).place_country).toBeNull();
    // A link's own words never come back: not as a place, not in any other field.
    for (const slug of ['free-money-call-0900', '<b>win</b>', 'bad%E0', 'x'.repeat(100)]) {
      const body = await landerOf('localhost', `?place=${encodeURIComponent(slug)}`);
      expect(body.place, slug).toBeNull();
      expect(JSON.stringify(body).toLowerCase()).not.toContain('money');
    }
    // A place of another site's country is not this site's place.
    expect(await placeOf('de.localhost', 'amsterdam')).toBeNull();
    expect((await c.get(`/api/lander.php?place=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('shows the members near the place a lander names, nearest first, with their distance bands', async () => {
    // "amsterdam" is also a town in New York: a Dutch visitor gets the Dutch one (a US visitor the other).
    const body = await landerOf('localhost', '?place=amsterdam', 'NL');
    expect(body.place).toBe('Amsterdam');
    expect(body.place_country).toBe('NL');
    expect(body.members.length).toBeGreaterThan(0);
    expect(body.members.every((m) => m.country === 'NL')).toBe(true);
    const bands = body.members.map((m) => distanceBands.indexOf(m.distance ?? 'gt100'));
    expect(bands).toEqual([...bands].sort((a, b) => a - b));
    // NL is small: every seeded Dutch member is within 100 km of Amsterdam's grid cell but the odd far corner.
    expect(body.members[0].distance).not.toBe('gt100');
    const newYork = await landerOf('localhost', '?place=amsterdam', 'US');
    expect(newYork.members.length).toBeGreaterThan(0);
    expect(newYork.members.every((m) => m.country === 'US')).toBe(true);
    // A German place on the German site: German members near it.
    const munich = await landerOf('de.localhost', '?place=munich');
    expect(munich.members.every((m) => m.country === 'DE')).toBe(true);
  });

  it("shows the visitor's country without a place: members and map regions of a PL visitor are Polish", async () => {
    const pl = await landerOf('localhost', '', 'PL');
    expect(pl.country).toBe('PL');
    const polish = new Set(regionsOf('PL').regions.map((r) => r.code));
    expect(pl.regions.length).toBeGreaterThan(0);
    expect(pl.regions.every((r) => polish.has(r.code))).toBe(true);
    expect(pl.members.length).toBeGreaterThan(0);
    expect(pl.members.every((m) => m.country === 'PL')).toBe(true);
    // The de site serves DE, AT, CH: a US visitor sees its first country, never a US member.
    const deBody = await landerOf('de.localhost', '', 'US');
    expect(deBody.country).toBe('DE');
    expect(deBody.members.every((m) => m.country === 'DE')).toBe(true);
  });
});
