// The niche sites over the real server (spec 1 niche): each niche host's members and default search are its
// audience's (contract/niches.ts), as the page asks for them and as "Everyone" answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { SearchResponse, SettingsResponse, type MemberCard } from '../../contract/index.ts';
import { audienceOf, nicheAudiences, nicheOf, type NicheName } from '../../contract/niches.ts';
import { defaultFilters, searchPath } from '../../src/features/members/search-query.ts';
import { seedDemoMembers } from '../../server/seed/members.ts';
import { allSites } from '../../server/domain/content/sites.ts';
import { profiles } from '../../server/db/schema.ts';
import { startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  // A visitor from a local address gets no country (LOCAL_COUNTRY=none), so the default search spans the site's
  // countries: its niche members are not split by country here (the visitor's country: tests/api/visitor-country.test.ts).
  server = await startServer(40, { env: { LOCAL_COUNTRY: 'none' } });
  // The niche sites get their own demo members of their audience, as server/main.ts seeds them.
  for (const site of (await allSites(server.db)).slice(1)) {
    await seedDemoMembers(server.db, {
      siteId: site.id,
      members: 60,
      key: `seed:members:${site.id}`,
      seed: site.id,
      withAccounts: false,
      audience: audienceOf(site.settings.niche),
    });
  }
});
afterAll(() => server.close());

async function get(host: string, url: string): Promise<unknown> {
  const res = await server.app.inject({ method: 'GET', url, headers: { host } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every member of the site's search: its pages of `path` (without the page) one after the other. */
async function allResults(host: string, path: (page: number) => string): Promise<MemberCard[]> {
  const found: MemberCard[] = [];
  for (let page = 1; ; page++) {
    const body = SearchResponse.parse(await get(host, path(page)));
    found.push(...body.profiles);
    if (found.length >= body.numResults || body.profiles.length === 0) return found;
  }
}

/** The profile rows (sexuality, body type, interests) of `cards`. */
const rowsOf = (cards: MemberCard[]) =>
  server.db
    .select()
    .from(profiles)
    .where(
      inArray(
        profiles.userId,
        cards.map((m) => m.id),
      ),
    );

const hosts: [string, NicheName][] = [
  ['she.localhost', 'she'],
  ['bdsm.localhost', 'bdsm'],
  ['bbw.localhost', 'bbw'],
  ['gilf.localhost', 'gilf'],
  ['de.localhost', 'milf'],
  ['gay.localhost:8080', 'gay'],
];

describe.each(hosts)('the niche site %s', (host, niche) => {
  it(`is the ${niche} site, and a visitor's default search answers only members of its audience`, async () => {
    const settings = SettingsResponse.parse(await get(host, '/api/settings.php')).settings;
    expect(nicheOf(settings.niche)).toBe(niche);
    const audience = audienceOf(settings.niche);
    const filters = defaultFilters(null, settings);
    expect(filters.gender).toBe(audience.gender);
    expect([filters.min_age, filters.max_age]).toEqual(audience.ages);

    const found = await allResults(host, (page) => searchPath(filters, page));
    expect(found.length).toBeGreaterThan(20);
    if (audience.gender) expect(found.filter((m) => m.gender !== audience.gender)).toEqual([]);
    expect(found.filter((m) => m.age < audience.ages[0] || m.age > audience.ages[1])).toEqual([]);
  });

  it('fills the site with its audience: "Everyone" and any age find only the niche\'s members', async () => {
    const audience = nicheAudiences[niche];
    const found = await allResults(host, (page) => `/api/members.php?min_age=18&max_age=99&page=${page}`);
    expect(found).toHaveLength(60);
    if (audience.gender) expect(found.filter((m) => m.gender !== audience.gender)).toEqual([]);
    expect(found.filter((m) => m.age < audience.ages[0] || m.age > audience.ages[1])).toEqual([]);
    for (const row of await rowsOf(found)) {
      if (audience.sexualities) expect(audience.sexualities).toContain(row.sexuality);
      if (audience.bodyTypes) expect(audience.bodyTypes).toContain(row.bodyType);
      if (audience.interests) expect(row.interests.some((i) => audience.interests!.includes(i))).toBe(true);
    }
  });
});

describe('the general site', () => {
  it('keeps its default search: everyone aged 18 to 99, women and men', async () => {
    const settings = SettingsResponse.parse(await get('localhost', '/api/settings.php')).settings;
    const filters = defaultFilters(null, settings);
    expect(filters).toMatchObject({ gender: '', min_age: 18, max_age: 99 });
    const found = await allResults('localhost', (page) => searchPath(filters, page));
    expect(new Set(found.map((m) => m.gender))).toEqual(new Set(['female', 'male']));
  });
});
