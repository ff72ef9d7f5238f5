import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ageOn,
  BodyType,
  countries,
  EyeColor,
  HairColor,
  interests,
  RelationshipStatus,
  Tattoos,
  type Language,
} from '../../contract/index.ts';
import { openDatabase, type Db } from '../db/connect.ts';
import { creditLedger, meta, photos, profiles, sites, users } from '../db/schema.ts';
import { verifyPassword } from '../domain/accounts/passwords.ts';
import { snapToGrid } from '../domain/discovery/location.ts';
import { citiesOf, regionName, townPosition } from '../services/geo.ts';
import { aboutKits } from './about-kits.ts';
import { countryCounts } from './member-traits.ts';
import { demoAccounts, seedDemoMembers } from './members.ts';

const now = new Date('2026-03-01T12:00:00Z');
let db: Db;
let close: () => Promise<void>;
let siteId: number;

beforeAll(async () => {
  ({ db, close } = await openDatabase({ databaseUrl: null, dataDir: ':memory:' }));
  const [site] = await db
    .insert(sites)
    .values({ domain: 'seed.test', settings: {} as any, company: {} as any })
    .returning();
  siteId = site.id;
}, 30_000);
afterAll(() => close());

describe('countryCounts', () => {
  it('sums to the total and gives every country at least 40 from 2000 members', () => {
    const c = countryCounts(2400);
    expect(Object.values(c).reduce((s, n) => s + n, 0)).toBe(2400);
    expect(Math.min(...Object.values(c))).toBeGreaterThanOrEqual(40);
    expect(c.US).toBeGreaterThan(c.NZ);
    expect(Object.values(countryCounts(300)).reduce((s, n) => s + n, 0)).toBe(300);
  });
});

describe('seedDemoMembers', () => {
  it('creates 300 fictional members across all countries with valid places and traits', async () => {
    expect(await seedDemoMembers(db, { siteId, members: 300, now, seed: 7 })).toBe(300);
    const rows = await db
      .select()
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.fictional, true));
    expect(rows).toHaveLength(300);
    expect(new Set(rows.map((r) => r.profiles.country))).toEqual(new Set(countries));
    for (const { users: u, profiles: p } of rows) {
      expect(u.siteId).toBe(siteId);
      expect(u.status).toBe('confirmed');
      expect(u.passwordHash).toBeNull();
      expect(u.email).toMatch(/@demo\.invalid$/);
      expect(p.status).toBe('active');
      expect(regionName(p.country as never, p.region)).toBe(p.regionName);
      expect(citiesOf(p.country as never, p.region)).toContain(p.city);
      const age = ageOn(p.dateOfBirth, now);
      expect(age).toBeGreaterThanOrEqual(18);
      expect(age).toBeLessThanOrEqual(75);
      expect(HairColor.options).toContain(p.hairColor);
      expect(EyeColor.options).toContain(p.eyeColor);
      expect(BodyType.options).toContain(p.bodyType);
      expect(RelationshipStatus.options).toContain(p.relationshipStatus);
      expect(Tattoos.options).toContain(p.tattoos);
      expect(p.interests.length).toBeGreaterThanOrEqual(3);
      expect(p.interests.every((i) => (interests as readonly string[]).includes(i))).toBe(true);
      expect(p.about.length).toBeGreaterThan(20);
      // Each member lives in the grid cell of the town's dataset position (others see distance bands from it).
      const town = townPosition(p.country as never, p.region, p.city)!;
      expect(snapToGrid(town)).toEqual({ lat: p.gridLat, lon: p.gridLon });
      if (p.gender === 'male') expect(p.sexuality).not.toBe('lesbian');
      else expect(p.sexuality).not.toBe('gay');
    }
    const female = rows.filter((r) => r.profiles.gender === 'female').length / rows.length;
    expect(female).toBeGreaterThan(0.45);
    expect(female).toBeLessThan(0.65);
    expect(rows.some((r) => r.users.language === 'nl') && rows.some((r) => r.users.language === 'pl')).toBe(true);
    // Each member's about-me text is in the member's language: it names their interests with that language's words.
    for (const { users: u, profiles: p } of rows) {
      if (u.language === 'en') continue;
      const kit = aboutKits[u.language as Exclude<Language, 'en'>];
      const words = [...Object.values(kit.phrases), ...kit.fallback];
      expect(
        words.some((w) => p.about.includes(w)),
        `${u.language}: ${p.about}`,
      ).toBe(true);
    }
    expect(
      rows.filter((r) => r.profiles.country === 'NL' && r.profiles.gender === 'female' && /^sanne/i.test(r.profiles.name)),
    ).toEqual([]);
  }, 60_000);

  it('gives each member 1-5 generated photos with unguessable keys', async () => {
    const all = await db.select().from(photos);
    const perUser = new Map<number, number>();
    for (const p of all) perUser.set(p.userId, (perUser.get(p.userId) ?? 0) + 1);
    expect(perUser.size).toBe(302);
    expect(Math.min(...perUser.values())).toBeGreaterThanOrEqual(1);
    expect(Math.max(...perUser.values())).toBeLessThanOrEqual(5);
    for (const p of all) {
      expect(p.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(p.blurKey).not.toBe(p.key);
      expect(p.generator).toMatchObject({ v: 1, index: p.position });
    }
  });

  it('is idempotent', async () => {
    expect(await seedDemoMembers(db, { siteId, members: 300, now, seed: 7 })).toBe(0);
    expect(await db.$count(users)).toBe(302);
    expect(await db.select().from(meta).where(eq(meta.key, 'seed:members'))).toHaveLength(1);
  });

  it('creates the real demo accounts with verifiable passwords and 500 credits from the ledger', async () => {
    for (const a of demoAccounts) {
      const [row] = await db
        .select()
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.email, a.email));
      expect(row.users.fictional).toBe(false);
      expect(row.users.status).toBe('confirmed');
      expect(await verifyPassword(row.users.passwordHash, a.password)).toBe(true);
      expect(await verifyPassword(row.users.passwordHash, 'wrong-password')).toBe(false);
      expect(row.users.credits).toBe(500);
      const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, row.users.id));
      expect(ledger).toEqual([
        expect.objectContaining({ delta: 500, balanceAfter: 500, reason: 'seed', idempotencyKey: `seed:${row.users.id}` }),
      ]);
      expect(row.profiles).toMatchObject({
        name: a.name,
        gender: a.gender,
        country: a.country,
        status: 'active',
        sexuality: 'hetero',
      });
      expect(ageOn(row.profiles.dateOfBirth, now)).toBe(a.age);
      expect(citiesOf('NL', row.profiles.region)).toContain(row.profiles.city);
      expect(await db.$count(photos, eq(photos.userId, row.users.id))).toBe(2);
    }
  });
});
