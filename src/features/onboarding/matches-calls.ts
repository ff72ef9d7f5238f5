// /signup-matches' first call, without React or the API client: the screen reads its answer (signup-matches-screen.tsx)
// and the route table declares it (src/app/routes.ts), so a server render draws the matches.
import type { User } from '../../../contract/index.ts';
import { preferredGender, searchPath } from '../members/search-query.ts';

/**
 * GET /api/members.php's path with query for the members who fit a new member (spec 2 /signup-matches): the gender
 * they look for (from their own gender and sexuality, any when neither says) in their country, all ages, page 1;
 * "/api/members.php?gender=female&country=NL&min_age=18&max_age=99&page=1".
 */
export function signupMatchesPath(user: Pick<User, 'profile'> | null): string {
  const gender = preferredGender(user?.profile.gender ?? undefined, user?.profile.sexuality ?? undefined);
  return searchPath({ gender, country: user?.profile.country ?? '', countryregion: '', min_age: 18, max_age: 99 }, 1);
}
