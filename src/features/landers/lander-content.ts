// The one call every lander reads (GET /api/lander.php): fetched once per visit and shared by the landers,
// so moving from one lander to another costs no second request.
import { useEffect, useState } from 'react';
import { LanderResponse, type MemberCard, type NicheName } from '../../../contract/index.ts';
import { api } from '../../api/client.ts';
import { firstAnswer } from '../../api/first-answers.ts';
import { LANDER_CALL } from './lander-calls.ts';

let pending: Promise<LanderResponse> | null = null;

/** The content the server rendered the page with (src/api/first-answers.ts), if it did. */
const rendered = () => firstAnswer(LANDER_CALL, LanderResponse);

/** Loads the lander content once (a failed load is retried on the next call); a server-rendered page's at once. */
function loadLanderContent(): Promise<LanderResponse> {
  const first = pending ? undefined : rendered();
  if (first) pending = Promise.resolve(first);
  pending ??= api(LANDER_CALL, LanderResponse).catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/** The gender a niche is about (the server picks the site niche's members; a slug may name another niche). */
const nicheGender: Partial<Record<NicheName, MemberCard['gender']>> = {
  she: 'female',
  bbw: 'female',
  gilf: 'female',
  milf: 'female',
  gay: 'male',
};

/** `members` that fit `niche`, unless fewer than 4 do (then all, so the lander never looks empty). */
export function membersFor(members: MemberCard[], niche: NicheName): MemberCard[] {
  const gender = nicheGender[niche];
  const fitting = gender ? members.filter((m) => m.gender === gender) : members;
  return fitting.length >= 4 ? fitting : members;
}

/**
 * The lander content with the members fitting `niche` (the copy's niche), or null while it loads (and when it
 * failed: a lander then shows its copy alone).
 */
export function useLanderContent(niche: NicheName): LanderResponse | null {
  const [content, setContent] = useState<LanderResponse | null>(() => {
    const first = rendered();
    return first ? { ...first, members: membersFor(first.members, niche) } : null;
  });
  useEffect(() => {
    let live = true;
    loadLanderContent().then(
      (c) => live && setContent({ ...c, members: membersFor(c.members, niche) }),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [niche]);
  return content;
}
