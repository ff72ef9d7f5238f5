// Seeds the demo members (fictional profiles with generated portraits) and the two real demo accounts,
// once per database, in one transaction.
import { and, eq, sql } from 'drizzle-orm';
import type { Country } from '../../contract/index.ts';
import type { NicheAudience } from '../../contract/niches.ts';
import type { Db, Tx } from '../db/connect.ts';
import { creditLedger, meta, photos, profiles, users } from '../db/schema.ts';
import { hashPassword } from '../domain/accounts/passwords.ts';
import { newMediaKey } from '../services/images.ts';
import { snapToGrid } from '../domain/discovery/location.ts';
import { citiesOf, regionName, townPosition } from '../services/geo.ts';
import { countryCounts, drawMember, type MemberSpec } from './member-traits.ts';
import { createNameDrawer } from './names.ts';
import type { PortraitParams } from './portrait.ts';
import { createRandom } from './random.ts';
import { SEED_META_KEY } from './seed-mark.ts';

/** Rows per INSERT statement. */
const BATCH = 500;
/** Credits the demo accounts start with (through a ledger row, like every balance change). */
const DEMO_CREDITS = 500;
const DAY = 86_400_000;

/** The real (non-fictional) demo accounts, for README and tests. */
export const demoAccounts: {
  email: string;
  password: string;
  name: string;
  gender: 'male' | 'female';
  country: Country;
  age: number;
}[] = [
  { email: 'sanne@demo.test', password: 'demo-password', name: 'Sanne', gender: 'female', country: 'NL', age: 34 },
  { email: 'lucas@demo.test', password: 'demo-password', name: 'Lucas', gender: 'male', country: 'NL', age: 36 },
];

/** Where and how the demo accounts live (real dataset places; checked against geo.ts at seed time). */
const demoDetails: Record<
  string,
  { region: string; city: string; hair: string; eyes: string; skin: number; portrait: number; about: string; interests: string[] }
> = {
  'sanne@demo.test': {
    region: 'NH',
    city: 'Amsterdam',
    hair: 'blonde',
    eyes: 'blue',
    skin: 0,
    portrait: 900_013, // wavy hair
    about:
      'Designer from Amsterdam who loves cycling along the canals, good coffee and live music. Looking for someone to share a glass of wine with.',
    interests: ['biking', 'coffee', 'music', 'wine', 'travelling', 'kissing'],
  },
  'lucas@demo.test': {
    region: 'UT',
    city: 'Utrecht',
    hair: 'brown',
    eyes: 'green',
    skin: 1,
    portrait: 900_033, // side part, stubble
    about: 'Teacher in Utrecht. Weekends are for hiking, cooking for friends and a cold beer on a terrace. Say hi!',
    interests: ['hiking', 'cooking', 'beer', 'movies', 'sports', 'hugging'],
  },
};

/** The grid cell of a town as profile columns (members live in their town's cell), or nothing for an unknown town. */
function townCell(country: Country, region: string, city: string): { gridLat?: number; gridLon?: number } {
  const at = townPosition(country, region, city);
  if (!at) return {};
  const cell = snapToGrid(at);
  return { gridLat: cell.lat, gridLon: cell.lon };
}

/** YYYY-MM-DD of the day `years` years and `days` days before `now` (UTC), so the age is exactly `years`. */
function birthDate(now: Date, years: number, days: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()) - days * DAY);
  return d.toISOString().slice(0, 10);
}

function slug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]/g, '')
      .toLowerCase() || 'member'
  );
}

async function insertBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

function photoRows(userId: number, count: number, p: Omit<PortraitParams, 'index' | 'v'>) {
  return Array.from({ length: count }, (_, index) => ({
    userId,
    position: index,
    key: newMediaKey(),
    blurKey: newMediaKey(),
    generator: { v: 1, ...p, index } satisfies PortraitParams,
    // The site's own demo portraits need no review: the photo review queue starts empty.
    reviewState: 'approved' as const,
  }));
}

async function insertMembers(
  tx: Tx,
  specs: (MemberSpec & { seed: number })[],
  { siteId, now, r }: { siteId: number; now: Date; r: ReturnType<typeof createRandom> },
) {
  const userRows = specs.map((m, i) => {
    const signupDate = new Date(now.getTime() - r.int(1, 730) * DAY - r.int(0, DAY - 1));
    const recent = r.chance(0.2);
    const lastSeenAt = recent
      ? new Date(now.getTime() - (r.chance(0.5) ? r.int(0, 90 * 60_000) : r.int(90 * 60_000, 3 * DAY)))
      : new Date(Math.max(signupDate.getTime(), now.getTime() - r.int(3, 120) * DAY));
    return {
      siteId,
      email: `${slug(m.name)}.${i + 1}@demo.invalid`,
      passwordHash: null,
      status: 'confirmed' as const,
      language: m.language,
      fictional: true,
      signupDate,
      lastSeenAt,
    };
  });
  const ids = new Map<string, number>();
  await insertBatches(userRows, async (batch) => {
    for (const row of await tx.insert(users).values(batch).returning({ id: users.id, email: users.email }))
      ids.set(row.email, row.id);
  });
  const profileRows = specs.map((m, i) => ({
    userId: ids.get(userRows[i].email)!,
    name: m.name,
    gender: m.gender,
    sexuality: m.sexuality,
    dateOfBirth: birthDate(now, m.age, r.int(1, 360)),
    country: m.country,
    region: m.region,
    regionName: m.regionName,
    city: m.city,
    hairColor: m.hairColor,
    eyeColor: m.eyeColor,
    bodyType: m.bodyType,
    relationshipStatus: m.relationshipStatus,
    tattoos: m.tattoos,
    interests: m.interests,
    about: m.about,
    status: 'active' as const,
    ...townCell(m.country, m.region, m.city),
  }));
  await insertBatches(profileRows, (batch) => tx.insert(profiles).values(batch));
  const photoList = specs.flatMap((m, i) =>
    photoRows(profileRows[i].userId, m.photos, {
      seed: m.seed,
      gender: m.gender,
      hair_color: m.hairColor,
      eye_color: m.eyeColor,
      skin: m.skin,
      age: m.age,
    }),
  );
  await insertBatches(photoList, (batch) => tx.insert(photos).values(batch));
}

async function insertDemoAccounts(tx: Tx, siteId: number, now: Date, hashes: string[]): Promise<void> {
  for (const [i, a] of demoAccounts.entries()) {
    const taken = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.siteId, siteId), eq(users.email, a.email)));
    if (taken.length > 0) continue;
    const d = demoDetails[a.email];
    const city = citiesOf(a.country, d.region).includes(d.city) ? d.city : citiesOf(a.country, d.region)[0];
    // The demo accounts read English (README: whoever tries the site logs in with them); a member's language follows
    // them to every device (docs/i18n.md), so this is the language their screens, mails and pushes use.
    const [user] = await tx
      .insert(users)
      .values({
        siteId,
        email: a.email,
        passwordHash: hashes[i],
        status: 'confirmed',
        credits: DEMO_CREDITS,
        language: 'en',
        fictional: false,
        signupDate: new Date(now.getTime() - 30 * DAY),
      })
      .returning({ id: users.id });
    await tx.insert(creditLedger).values({
      userId: user.id,
      delta: DEMO_CREDITS,
      balanceAfter: DEMO_CREDITS,
      reason: 'seed',
      idempotencyKey: `seed:${user.id}`,
    });
    await tx.insert(profiles).values({
      userId: user.id,
      name: a.name,
      gender: a.gender,
      sexuality: 'hetero',
      dateOfBirth: birthDate(now, a.age, 100),
      country: a.country,
      region: d.region,
      regionName: regionName(a.country, d.region) ?? '',
      city,
      hairColor: d.hair,
      eyeColor: d.eyes,
      bodyType: 'athletic',
      relationshipStatus: 'single',
      tattoos: 'none',
      interests: d.interests,
      about: d.about,
      status: 'active',
      ...townCell(a.country, d.region, city),
    });
    await tx.insert(photos).values(
      photoRows(user.id, 2, {
        seed: d.portrait,
        gender: a.gender,
        hair_color: d.hair,
        eye_color: d.eyes,
        skin: d.skin,
        age: a.age,
      }),
    );
  }
}

/**
 * Seeds demo members once (idempotent: records meta key 'seed:members'); returns the number created.
 * Creates `opts.members` fictional members spread over the contract's 19 countries (deterministic for a given
 * `seed` and `now`), each with a profile and 1-5 generated photos, plus the real `demoAccounts` (argon2id
 * passwords, 500 credits through the ledger). The count returned is the fictional members created (0 when
 * already seeded); the demo accounts come on top. `withAccounts: false` leaves the demo accounts out, and
 * `key` replaces the meta key (a further site seeds under its own key). With `audience` (a niche site's, spec 1:
 * contract/niches.ts) every member is one of the niche's audience: men on the gay site, women 60 and older on gilf.
 */
export async function seedDemoMembers(
  db: Db,
  opts: {
    siteId: number;
    members: number;
    now?: Date;
    seed?: number;
    key?: string;
    withAccounts?: boolean;
    audience?: NicheAudience;
  },
): Promise<number> {
  const now = opts.now ?? new Date();
  const seed = opts.seed ?? 20_240_601;
  const key = opts.key ?? SEED_META_KEY;
  const withAccounts = opts.withAccounts ?? true;
  const [done] = await db.select().from(meta).where(eq(meta.key, key));
  if (done) return 0;
  // argon2 is slow on purpose: hash before the transaction so it stays short.
  const hashes = withAccounts ? await Promise.all(demoAccounts.map((a) => hashPassword(a.password))) : [];
  const r = createRandom(seed);
  const names = createNameDrawer(seed);
  const specs: (MemberSpec & { seed: number })[] = [];
  for (const [country, count] of Object.entries(countryCounts(Math.max(0, opts.members))) as [Country, number][]) {
    for (let i = 0; i < count; i++) {
      const member = drawMember(r, country, (g) => names(country, g, r), now.getUTCFullYear(), opts.audience);
      specs.push({ ...member, seed: r.int(1, 2 ** 31 - 1) });
    }
  }
  const created = await db.transaction(async (tx) => {
    // Claim the seed inside the transaction: a concurrent second start inserts nothing and stops here.
    const claimed = await tx
      .insert(meta)
      .values({ key, value: { at: now.toISOString(), members: specs.length, seed, siteId: opts.siteId } })
      .onConflictDoNothing()
      .returning({ key: meta.key });
    if (claimed.length === 0) return 0;
    await insertMembers(tx, specs, { siteId: opts.siteId, now, r });
    if (withAccounts) await insertDemoAccounts(tx, opts.siteId, now, hashes);
    return specs.length;
  });
  // Fresh statistics for the planner: without them it takes the new tables for empty and picks nested loops that
  // made the member search 10-20 ms per statement (docs/perf.md). PGlite has no autovacuum to do it later.
  if (created) await db.execute(sql`analyze`);
  return created;
}
