// The demo members of a first start (spec 1: every site has members to meet), seeded once per site. The seeder's
// modules (name lists of 19 countries, traits, texts: ~70 MB of memory) are loaded only while a site still needs its
// members, so a started site's instances never hold them (docs/perf.md "Memory").
import { inArray } from 'drizzle-orm';
import { audienceOf } from '../../contract/niches.ts';
import type { Db } from '../db/connect.ts';
import { meta } from '../db/schema.ts';
import type { Site } from '../domain/types.ts';
import { SEED_META_KEY } from './seed-mark.ts';

/** Demo members seeded on each site after the first (the first gets `members`). */
const NICHE_SITE_MEMBERS = 300;

/**
 * Seeds `members` demo members (with the real demo accounts) on `sites[0]` and up to NICHE_SITE_MEMBERS of each
 * further site's niche audience (contract/niches.ts) on the others, each site once (idempotent by its meta key).
 * Returns the members created on the first site (0 when it was seeded before).
 */
export async function seedDemoSites(db: Db, sites: readonly Site[], members: number): Promise<number> {
  if (members <= 0 || sites.length === 0) return 0;
  const keyOf = (site: Site, index: number) => (index === 0 ? SEED_META_KEY : `${SEED_META_KEY}:${site.id}`);
  const keys = sites.map(keyOf);
  const done = new Set((await db.select({ key: meta.key }).from(meta).where(inArray(meta.key, keys))).map((r) => r.key));
  if (keys.every((k) => done.has(k))) return 0;
  const { seedDemoMembers } = await import('./members.ts');
  const [first, ...others] = sites;
  const created = await seedDemoMembers(db, { siteId: first.id, members, key: SEED_META_KEY });
  for (const [i, other] of others.entries()) {
    // Spec 1: every further site (one per niche) gets its own, smaller set of demo members, all of its niche's audience.
    await seedDemoMembers(db, {
      siteId: other.id,
      members: Math.min(members, NICHE_SITE_MEMBERS),
      key: keyOf(other, i + 1),
      seed: 20_240_601 + other.id,
      withAccounts: false,
      audience: audienceOf(other.settings.niche),
    });
  }
  return created;
}
