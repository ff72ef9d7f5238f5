// The match finder (spec 2: /match-finder): members ranked by how well they fit the questionnaire's answers, with the
// reasons (shared interests, distance). Apart from members.ts because it ranks in memory over a bounded candidate set.
import { and, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import {
  MATCH_FINDER_RESULTS,
  type Country,
  type Interest,
  type MatchFinderQuery,
  type MatchFinderResponse,
} from '../../../contract/index.ts';
import type { Db } from '../../db/connect.ts';
import { profiles, users } from '../../db/schema.ts';
import { townPosition } from '../../services/geo.ts';
import { distanceKm } from './location.ts';
import { cardsOf, listedOnSite, notBlockedWith } from './members.ts';
import { birthDateRange } from './age.ts';
import type { Viewer } from '../types.ts';

/** Candidates read per question, most recently seen first: bounds the in-memory ranking whatever the site's size. */
const MATCH_FINDER_CANDIDATES = 5000;

type Gender = (typeof profiles.$inferSelect)['gender'];

/** Sexualities of a member of gender `of` who is interested in members of gender `wants`. */
const wanting = (of: Gender, wants: Gender) => (of === wants ? (['gay', 'lesbian', 'bi'] as const) : (['hetero', 'bi'] as const));

/**
 * Answers the questionnaire `q` of `viewer` on their site (GET /api/match-finder.php): active, visible members of
 * `q.gender` aged `q.min_age`..`q.max_age` whose sexuality accepts the viewer's gender, no block either way, within
 * `q.distance` km of the viewer's town (town centres, geo.ts; a member whose town is unknown only passes `any`; for a
 * viewer whose town is unknown the band is not applied and every distance is null). Ranked by shared asked interests (most first), then distance (nearest first, unknown last), then most recently
 * seen; the first MATCH_FINDER_RESULTS. An empty answer when the viewer has no profile.
 */
export async function findMatches(db: Db, viewer: Viewer, q: MatchFinderQuery): Promise<MatchFinderResponse> {
  const [me] = await db.select().from(profiles).where(eq(profiles.userId, viewer.id));
  if (!me) return { results: [] };
  const { from, to } = birthDateRange(q.min_age, q.max_age);
  const rows = await db
    .select({
      id: users.id,
      country: profiles.country,
      region: profiles.region,
      city: profiles.city,
      interests: profiles.interests,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        listedOnSite(viewer.siteId),
        ne(users.id, viewer.id),
        eq(profiles.gender, q.gender),
        inArray(profiles.sexuality, [...wanting(q.gender, me.gender)]),
        gte(profiles.dateOfBirth, from),
        lte(profiles.dateOfBirth, to),
        notBlockedWith(viewer.id, users.id),
      ),
    )
    .orderBy(sql`${users.lastSeenAt} desc nulls last`, users.id)
    .limit(MATCH_FINDER_CANDIDATES);
  const here = townPosition(me.country as Country, me.region, me.city);
  // A viewer without a known town (a new member) cannot be measured from: the band is not applied.
  const limit = q.distance === 'any' || !here ? Infinity : Number(q.distance);
  const ranked = rows
    .map((r, seen) => {
      const there = townPosition(r.country as Country, r.region, r.city);
      const km = here && there ? Math.round(distanceKm(here, there)) : null;
      const shared = q.interests.filter((i) => (r.interests as string[]).includes(i)) as Interest[];
      return { id: r.id, km, shared, seen };
    })
    .filter((m) => (m.km === null ? limit === Infinity : m.km <= limit))
    .sort((a, b) => b.shared.length - a.shared.length || (a.km ?? Infinity) - (b.km ?? Infinity) || a.seen - b.seen)
    .slice(0, MATCH_FINDER_RESULTS);
  const cards = new Map(
    (
      await cardsOf(
        db,
        ranked.map((m) => m.id),
        viewer,
        { cdnPrefix: viewer.cdnPrefix },
      )
    ).map((c) => [c.id, c]),
  );
  return {
    results: ranked.flatMap((m) => {
      const profile = cards.get(m.id);
      return profile ? [{ profile, shared_interests: m.shared, distance_km: m.km }] : [];
    }),
  };
}
