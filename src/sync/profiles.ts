// Member profiles seen: fetched from the server into Dexie, so a reopened profile or chat header shows offline.
import { dequal } from 'dequal';
import { MemberResponse, type MemberProfile } from '../../contract/index.ts';
import { api, ApiCallError } from '../api/client.ts';
import { takeFirstAnswer } from '../api/first-answers.ts';
import type { AppDB } from '../data/db.ts';
import { profilePath } from '../features/member/member-calls.ts';

/**
 * GET /api/member.php?id= (a server-rendered profile's answer instead, once: src/api/first-answers.ts) and stores
 * the answer in `db.profiles`. The page's answer is as old as the page's request: when this device stored the profile
 * after that, or stored one that differs from it (a like whose call was still on its way when the page was asked for
 * again), the call is made anyway. A like or unlike of the member still in the
 * outbox is newer than any answer, so the stored and answered profile keeps it. A member now out of reach (not_found,
 * blocked: spec 6) is removed from Dexie. Throws ApiCallError.
 */
export async function loadProfile(db: AppDB, id: number, signal?: AbortSignal): Promise<MemberProfile> {
  try {
    const first = takeFirstAnswer(profilePath(id), MemberResponse);
    const stored = first && (await db.profiles.get(id));
    const outdated = stored && (stored.storedAt >= performance.timeOrigin || !sameProfile(stored, first.profile));
    const answer = first && !outdated ? first : await api(profilePath(id), MemberResponse, { signal });
    return await db.transaction('rw', [db.profiles, db.outbox], async () => {
      const pending = await db.outbox.where('key').equals(`like:${id}`).first();
      const profile = pending?.kind === 'like' ? { ...answer.profile, liked: pending.on } : answer.profile;
      await db.profiles.put({ ...profile, storedAt: Date.now() });
      return profile;
    });
  } catch (e) {
    if (e instanceof ApiCallError && e.status >= 400 && e.status < 500) await db.profiles.delete(id);
    throw e;
  }
}

/** Whether `stored` (a db.profiles row) holds `profile` as it is, its storage time aside. */
function sameProfile({ storedAt: _, ...stored }: MemberProfile & { storedAt: number }, profile: MemberProfile): boolean {
  return dequal(stored, profile);
}

/** Stores a changed profile (after like or block) so every reader sees the change. */
export async function putProfile(db: AppDB, profile: MemberProfile): Promise<void> {
  await db.profiles.put({ ...profile, storedAt: Date.now() });
}
