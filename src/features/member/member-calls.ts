// A profile's first call, without React or Dexie: the profile loader sends it (src/sync/profiles.ts), the profile
// screen reads its answer and the route table declares it (src/app/routes.ts), so a server render answers it.

/** GET /api/member.php's path with query for member `id`, e.g. "/api/member.php?id=42". */
export const profilePath = (id: number) => `/api/member.php?id=${id}`;

/** The member id a path's `:id` names ("42"), or null when it names none ("abc", "0", "042", beyond 2^53). */
export function memberIdOf(param: string | undefined): number | null {
  const id = Number(param);
  return /^[1-9]\d*$/.test(param ?? '') && Number.isSafeInteger(id) ? id : null;
}
