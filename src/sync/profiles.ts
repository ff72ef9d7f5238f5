// Member profiles seen: fetched from the server into Dexie, so a reopened profile or chat header shows offline.
import { MemberResponse, type MemberProfile } from '../../contract/index.ts';
import { api, ApiCallError } from '../api/client.ts';
import { takeFirstAnswer } from '../api/first-answers.ts';
import type { AppDB } from '../data/db.ts';

/** GET /api/member.php's path with query for member `id`: the first-answer key of a server-rendered profile. */
export const profilePath = (id: number) => `/api/member.php?id=${id}`;

/**
 * GET /api/member.php?id= (a server-rendered profile's answer instead, once: src/api/first-answers.ts) and stores
 * the answer in `db.profiles`. A member now out of reach (not_found,
 * blocked: spec 6) is removed from Dexie. Throws ApiCallError.
 */
export async function loadProfile(db: AppDB, id: number, signal?: AbortSignal): Promise<MemberProfile> {
  try {
    const { profile } = takeFirstAnswer(profilePath(id), MemberResponse) ?? await api('/api/member.php', MemberResponse, { query: { id }, signal });
    await db.profiles.put({ ...profile, storedAt: Date.now() });
    return profile;
  } catch (e) {
    if (e instanceof ApiCallError && e.status >= 400 && e.status < 500) await db.profiles.delete(id);
    throw e;
  }
}

/** Stores a changed profile (after like or block) so every reader sees the change. */
export async function putProfile(db: AppDB, profile: MemberProfile): Promise<void> {
  await db.profiles.put({ ...profile, storedAt: Date.now() });
}
