// The member a member landing shows (/members/:id/landing...): their public profile, read once from the server
// (a visitor has no member database to sync into), or from a server-rendered page's answer (a first call of the
// landings' routes).
import { useEffect, useState } from 'react';
import { MemberResponse, type MemberProfile } from '../../../contract/index.ts';
import { api } from '../../api/client.ts';
import { firstAnswer, takeFirstAnswer } from '../../api/first-answers.ts';
import { profilePath } from '../member/member-calls.ts';

/** The profile of member `id` (undefined while loading, null when there is no such member to show). */
export function useLandingMember(id: number): MemberProfile | null | undefined {
  const [profile, setProfile] = useState<MemberProfile | null | undefined>(
    () => firstAnswer(profilePath(id), MemberResponse)?.profile,
  );
  useEffect(() => {
    const controller = new AbortController();
    if (!Number.isInteger(id) || id <= 0) {
      setProfile(null);
      return;
    }
    // Taken, so a later visit of the landing asks the server again.
    const first = takeFirstAnswer(profilePath(id), MemberResponse);
    setProfile(first?.profile);
    if (first) return;
    api('/api/member.php', MemberResponse, { query: { id }, signal: controller.signal }).then(
      ({ profile: p }) => setProfile(p),
      () => !controller.signal.aborted && setProfile(null),
    );
    return () => controller.abort();
  }, [id]);
  return profile;
}
