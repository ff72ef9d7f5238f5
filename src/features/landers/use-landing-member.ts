// The member a member landing shows (/members/:id/landing...): their public profile, read once from the server
// (a visitor has no member database to sync into).
import { useEffect, useState } from 'react';
import { MemberResponse, type MemberProfile } from '../../../contract/index.ts';
import { api } from '../../api/client.ts';

/** The profile of member `id` (undefined while loading, null when there is no such member to show). */
export function useLandingMember(id: number): MemberProfile | null | undefined {
  const [profile, setProfile] = useState<MemberProfile | null | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    setProfile(undefined);
    if (!Number.isInteger(id) || id <= 0) {
      setProfile(null);
      return;
    }
    api('/api/member.php', MemberResponse, { query: { id }, signal: controller.signal }).then(
      ({ profile: p }) => setProfile(p),
      () => !controller.signal.aborted && setProfile(null),
    );
    return () => controller.abort();
  }, [id]);
  return profile;
}
