// Profiles fetched this session, so the chat header and a reopened profile show at once while they refresh.
import { api } from '../../api/client.ts';
import { MemberResponse, type MemberProfile } from '../../../contract/index.ts';

const cache = new Map<number, MemberProfile>();

/** The last fetched profile of member `id`, if any. */
export function cachedMember(id: number): MemberProfile | undefined {
  return cache.get(id);
}

/** Stores a changed profile (after like or block) so later readers see the change. */
export function putMember(profile: MemberProfile): void {
  cache.set(profile.id, profile);
}

/** GET /api/member.php?id= and caches the answer. Throws ApiCallError (not_found, blocked: spec 6). */
export async function fetchMember(id: number, signal?: AbortSignal): Promise<MemberProfile> {
  try {
    const { profile } = await api('/api/member.php', MemberResponse, { query: { id }, signal });
    cache.set(id, profile);
    return profile;
  } catch (e) {
    cache.delete(id);
    throw e;
  }
}
