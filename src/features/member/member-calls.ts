// A profile's first call, without React or Dexie: the profile loader sends it (src/sync/profiles.ts), the profile
// screen reads its answer and the route table declares it (src/app/routes.ts), so a server render answers it.

/** GET /api/member.php's path with query for member `id`, e.g. "/api/member.php?id=42". */
export const profilePath = (id: number) => `/api/member.php?id=${id}`;
