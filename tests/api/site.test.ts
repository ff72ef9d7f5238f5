// Site data over the real server: settings per domain (spec 3, 7), company info, interests, regions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AllRegionsResponse,
  CompanyInfoResponse,
  countries,
  InterestsResponse,
  interests,
  RegionsResponse,
  SettingsResponse,
} from '../../contract/index.ts';
import { Client, expectShape, startServer, type TestServer } from './harness.ts';

let server: TestServer;
let c: Client;
beforeAll(async () => {
  server = await startServer(0);
  c = new Client(server.url);
});
afterAll(() => server.close());

describe('site calls', () => {
  it('answers every public setting of spec 3, per site chosen by domain or the forced-domain parameter', async () => {
    const { settings } = expectShape(SettingsResponse, await c.get('/api/settings.php'));
    expect(settings).toMatchObject({
      domain: 'localhost',
      name: 'Heartline',
      message_credits: 10,
      signup_credits: 50,
      free_conversations: 2,
      free_photos: 3,
      premium_photos: 25,
    });
    expect(settings.languages).toHaveLength(11);
    const forced = expectShape(SettingsResponse, await c.get('/api/settings.php?domain=de.localhost&utm=x'));
    expect(forced.settings).toMatchObject({ domain: 'de.localhost', name: 'Herzklopfen', domain_language: 'de-DE' });
    // fetch may not set Host; the server's own inject() can.
    const byHost = await server.app.inject({ method: 'GET', url: '/api/settings.php', headers: { host: 'de.localhost:8080' } });
    expect(SettingsResponse.parse(byHost.json()).settings.domain).toBe('de.localhost');
    const unknown = expectShape(SettingsResponse, await c.get('/api/settings.php?domain=elsewhere.example'));
    expect(unknown.settings.domain).toBe('localhost');
  });

  it('answers company info, the interests icon set and real regions', async () => {
    expect(expectShape(CompanyInfoResponse, await c.get('/api/companyinfo.php')).companyinfo.vat_numbers.length).toBeGreaterThan(
      0,
    );
    const list = expectShape(InterestsResponse, await c.get('/api/interests.php')).interests;
    expect(list.map((i) => i.id)).toEqual([...interests]);
    const nl = expectShape(RegionsResponse, await c.get('/api/regions.php?country=NL'));
    expect(nl.label).toBe('province');
    expect(nl.regions.map((r) => r.name)).toEqual(expect.arrayContaining(['Utrecht', 'Groningen']));
    const ch = expectShape(RegionsResponse, await c.get('/api/regions.php?country=CH'));
    expect(ch.label).toBe('canton');
    // Spec 7: no payload, fetched once: every site country's regions in one answer.
    const all = expectShape(AllRegionsResponse, await c.get('/api/regions.php')).countries;
    expect(all.map((r) => r.country)).toEqual([...countries]);
    expect(all.find((r) => r.country === 'NL')).toEqual(nl);
    for (const bad of ['/api/regions.php?country=XX', '/api/regions.php?country=nl%27']) {
      const res = await c.get(bad);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    }
  });
});
