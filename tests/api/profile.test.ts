// The own profile over the real server (spec 2: /profile; spec 3: Profile; spec 5; spec 7: geocode): every field saved
// and read back, the spec 5 errors, the site's visible_profile_fields in the public view, reverse geocoding from the
// offline dataset, and distance bands that never locate a member closer than the location grid.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorBody,
  GeocodeResponse,
  MemberResponse,
  OwnProfileResponse,
  SearchResponse,
  type ProfileUpdate,
} from '../../contract/index.ts';
import { profiles } from '../../server/db/schema.ts';
import { GRID_LAT_DEG } from '../../server/domain/discovery/location.ts';
import { activeMember, expectShape, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(0);
});
afterAll(() => server.close());

const full: ProfileUpdate = {
  name: 'Marieke',
  gender: 'female',
  sexuality: 'bi',
  date_of_birth: '1988-02-29',
  country: 'NL',
  region: 'UT',
  city: 'Utrecht',
  hair_color: 'red',
  eye_color: 'green',
  body_type: 'curvy',
  relationship_status: 'divorced',
  tattoos: 'some',
  interests: ['hiking', 'wine', 'exchanging_pictures'],
  about: 'Cyclist, reader, bad at chess.',
};

/** The own profile without the read-only fields: what the form sends back. */
const editable = ({ id: _id, region_name: _rn, located: _l, ...rest }: OwnProfileResponse['profile']) => rest;

describe('GET and PUT /api/profile.php', () => {
  it('starts a new member with the details unset (absent in the public view, not defaulted)', async () => {
    const m = await activeMember(server);
    const own = expectShape(OwnProfileResponse, await m.client.get('/api/profile.php')).profile;
    expect(own).toMatchObject({
      hair_color: null,
      eye_color: null,
      body_type: null,
      relationship_status: null,
      tattoos: null,
      interests: [],
      region: '',
      city: '',
      located: false,
    });
    const other = await activeMember(server);
    const view = expectShape(MemberResponse, await other.client.get(`/api/member.php?id=${m.id}`)).profile;
    for (const f of ['hair_color', 'eye_color', 'body_type', 'relationship_status', 'tattoos', 'interests', 'about', 'distance'])
      expect(view).not.toHaveProperty(f);
  });

  it('saves every field and reads it back, and the public view shows the visible ones', async () => {
    const m = await activeMember(server);
    const saved = expectShape(OwnProfileResponse, await m.client.put('/api/profile.php', full)).profile;
    expect(saved).toMatchObject({ ...full, region_name: 'Utrecht', id: m.id, located: false });
    expect(expectShape(OwnProfileResponse, await m.client.get('/api/profile.php')).profile).toEqual(saved);
    const other = await activeMember(server);
    const view = expectShape(MemberResponse, await other.client.get(`/api/member.php?id=${m.id}`)).profile;
    expect(view).toMatchObject({
      name: 'Marieke',
      gender: 'female',
      region: 'Utrecht',
      city: 'Utrecht',
      hair_color: 'red',
      interests: full.interests,
      about: full.about,
    });
    // Unset again: gone from the public view.
    await m.client.put('/api/profile.php', { ...full, hair_color: null, interests: [] });
    const after = expectShape(MemberResponse, await other.client.get(`/api/member.php?id=${m.id}`)).profile;
    expect(after).not.toHaveProperty('hair_color');
    expect(after).not.toHaveProperty('interests');
    // The user call carries the new name (the account menu and others' cached cards follow the 'user' change).
    expect((await m.client.get('/api/user.php')).body.user.profile.name).toBe('Marieke');
  });

  it('answers the spec 5 errors with their messages', async () => {
    // An address short enough to be a valid username.
    const m = await activeMember(server, { email: `k${Date.now() % 1e6}@ex.nl` });
    const base = editable(expectShape(OwnProfileResponse, await m.client.get('/api/profile.php')).profile);
    const cases: [Partial<ProfileUpdate>, string, string][] = [
      [{ name: m.email.toUpperCase() }, 'username_is_email', 'Username may not be the same as your e-mail address'],
      [{ name: '@marieke' }, 'username_at', ''],
      [{ date_of_birth: '1990-02-30' }, 'invalid_date_of_birth', 'Invalid date of birth'],
      [{ date_of_birth: 'yesterday' }, 'invalid_date_of_birth', 'Invalid date of birth'],
      [{ date_of_birth: new Date(Date.now() - 17 * 365.25 * 86400_000).toISOString().slice(0, 10) }, 'too_young', ''],
      [{ region: 'ZZ' }, 'bad_request', ''],
    ];
    for (const [change, code, message] of cases) {
      const res = await m.client.put('/api/profile.php', { ...base, ...change });
      expect(res.status, code).toBe(400);
      const { error } = expectShape(ErrorBody, res);
      expect(error.code).toBe(code);
      if (message) expect(error.message).toBe(message);
    }
    expect((await m.client.put('/api/profile.php', { ...base, hair_color: 'purple' })).status).toBe(400);
    expect((await m.client.put('/api/profile.php', { ...base, interests: ['wine', 'wine'] })).status).toBe(400);
    expect((await m.client.put('/api/profile.php', { ...base, location: { lat: 91, lon: 0 } })).status).toBe(400);
    expect(expectShape(OwnProfileResponse, await m.client.get('/api/profile.php')).profile).toMatchObject(base);
  });

  it('shows others only the fields of visible_profile_fields', async () => {
    const m = await activeMember(server);
    await m.client.put('/api/profile.php', full);
    // The server reads the sites once, at its start (ServerContext.sites): the setting changes in that copy.
    const [site] = server.sites.all;
    const before = site.settings.visible_profile_fields;
    site.settings.visible_profile_fields = ['eye_color', 'about'];
    try {
      const other = await activeMember(server);
      const view = expectShape(MemberResponse, await other.client.get(`/api/member.php?id=${m.id}`)).profile;
      expect(view).toMatchObject({ eye_color: 'green', about: full.about });
      for (const f of ['sexuality', 'hair_color', 'body_type', 'relationship_status', 'tattoos', 'interests'])
        expect(view).not.toHaveProperty(f);
      // The owner still reads every field.
      expect(expectShape(OwnProfileResponse, await m.client.get('/api/profile.php')).profile).toMatchObject(full);
    } finally {
      site.settings.visible_profile_fields = before;
    }
  });

  it('needs a session', async () => {
    const m = await activeMember(server);
    await m.client.get('/api/logout.php');
    expect((await m.client.get('/api/profile.php')).status).toBe(403);
    expect((await m.client.put('/api/profile.php', full)).status).toBe(403);
  });
});

describe('GET /api/geocode.php', () => {
  it('answers the nearest town and its region for a known position', async () => {
    const m = await activeMember(server);
    // The Dom tower in Utrecht.
    const res = await m.client.get('/api/geocode.php?lat=52.0907&lon=5.1214');
    expect(res.status).toBe(200);
    expect(expectShape(GeocodeResponse, res).geocode).toEqual({
      country: 'NL',
      region: 'UT',
      region_name: 'Utrecht',
      city: 'Utrecht',
    });
    // Munich's Marienplatz.
    expect(expectShape(GeocodeResponse, await m.client.get('/api/geocode.php?lat=48.1374&lon=11.5755')).geocode).toMatchObject({
      country: 'DE',
      region: 'BY',
      city: 'Munich',
    });
  });

  it('answers 404 not_found at sea and 400 for bad input', async () => {
    const m = await activeMember(server);
    const sea = await m.client.get('/api/geocode.php?lat=45&lon=-30');
    expect(sea.status).toBe(404);
    expect(expectShape(ErrorBody, sea).error.code).toBe('not_found');
    for (const q of ['lat=91&lon=0', 'lat=abc&lon=1', 'lat=10', 'lat=&lon=', 'lat=1e400&lon=0', ''])
      expect((await m.client.get(`/api/geocode.php?${q}`)).status, q).toBe(400);
  });
});

describe('location grid and distance bands', () => {
  /** Puts member `c` at `lat`, `lon` through the profile call. */
  async function place(c: Awaited<ReturnType<typeof activeMember>>['client'], lat: number, lon: number) {
    const own = expectShape(OwnProfileResponse, await c.get('/api/profile.php')).profile;
    const res = await c.put('/api/profile.php', { ...editable(own), location: { lat, lon } });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(String(lat));
    return expectShape(OwnProfileResponse, res).profile;
  }

  it('stores only the grid cell and answers bands that cannot tell two homes in one cell apart', async () => {
    // An age few members share, so a search of the observers finds the target on its first page.
    const target = await activeMember(server, { date_of_birth: '1951-03-03' });
    const observers = await Promise.all([0, 1, 2].map(() => activeMember(server)));
    // Three observers around Amsterdam, 3 to 40 km away.
    const points: [number, number][] = [
      [52.3702, 4.8952],
      [52.3, 4.95],
      [52.6, 4.7],
    ];
    for (const [i, o] of observers.entries()) await place(o.client, ...points[i]);
    const bands = async () =>
      Promise.all(
        observers.map(
          async (o) => expectShape(MemberResponse, await o.client.get(`/api/member.php?id=${target.id}`)).profile.distance,
        ),
      );

    const home = { lat: 52.37231, lon: 4.88952 };
    expect((await place(target.client, home.lat, home.lon)).located).toBe(true);
    const [row] = await server.db
      .select({ lat: profiles.gridLat, lon: profiles.gridLon })
      .from(profiles)
      .where(eq(profiles.userId, target.id));
    // Stored: the centre of a cell about 1.1 km high, not the position sent.
    expect(row.lat).not.toBe(home.lat);
    expect(Math.abs(row.lat! - home.lat)).toBeLessThanOrEqual(GRID_LAT_DEG / 2);
    expect(Math.abs(((row.lat! / GRID_LAT_DEG) % 1) - 0.5)).toBeLessThan(1e-3);
    const first = await bands();
    expect(first.every((b) => b !== undefined)).toBe(true);
    expect(first[0]).toBe('lt5');

    // Anywhere else in the same cell, every observer gets exactly the same answer: nothing finer than the grid leaks.
    const cellLat = row.lat!;
    const cellLon = row.lon!;
    for (const [dLat, dLon] of [
      [0.004, 0.006],
      [-0.004, -0.006],
      [0.0049, -0.0001],
    ]) {
      await place(target.client, cellLat + dLat, cellLon + dLon);
      const [again] = await server.db
        .select({ lat: profiles.gridLat, lon: profiles.gridLon })
        .from(profiles)
        .where(eq(profiles.userId, target.id));
      expect(again).toEqual(row);
      expect(await bands()).toEqual(first);
    }
    // Search cards carry the same band.
    const age = (await observers[0].client.get(`/api/member.php?id=${target.id}`)).body.profile.age as number;
    const search = expectShape(
      SearchResponse,
      await observers[0].client.get(`/api/members.php?gender=male&country=NL&min_age=${age}&max_age=${age}`),
    );
    expect(search.profiles.find((p) => p.id === target.id)?.distance).toBe(first[0]);
    // The answers are bands, never numbers.
    const view = (await observers[0].client.get(`/api/member.php?id=${target.id}`)).body;
    expect(JSON.stringify(view)).not.toMatch(/"distance":\s*\d/);

    // Far away, the band changes (the test can fail): Utrecht is about 35 km from Amsterdam.
    await place(target.client, 52.0907, 5.1214);
    expect((await bands())[0]).toBe('25_50');
    // No location: no distance.
    const own = expectShape(OwnProfileResponse, await target.client.get('/api/profile.php')).profile;
    await target.client.put('/api/profile.php', { ...editable(own), location: null });
    expect(await bands()).toEqual([undefined, undefined, undefined]);
    const [cleared] = await server.db
      .select({ lat: profiles.gridLat, lon: profiles.gridLon })
      .from(profiles)
      .where(eq(profiles.userId, target.id));
    expect(cleared).toEqual({ lat: null, lon: null });
  });
});
