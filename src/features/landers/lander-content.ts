// The one call every lander reads (GET /api/lander.php): fetched once per visit and shared by the landers,
// so moving from one lander to another costs no second request.
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'wouter';
import { LanderResponse, type Country, type MemberCard, type NicheName } from '../../../contract/index.ts';
import { api } from '../../api/client.ts';
import { firstAnswer } from '../../api/first-answers.ts';
import { landerCall, placeSlug } from './lander-calls.ts';
import { nicheAudiences } from '../../../contract/niches.ts';

/** The loads by call path (one per slug that names a place, one without). */
const pending = new Map<string, Promise<LanderResponse>>();

/** The content the server rendered the page with (src/api/first-answers.ts), if it did. */
const rendered = (call: string) => firstAnswer(call, LanderResponse);

/** Loads the content of `call` once (a failed load is retried on the next call); a server-rendered page's at once. */
function loadLanderContent(call: string): Promise<LanderResponse> {
  let load = pending.get(call);
  if (!load) {
    const first = rendered(call);
    load = first
      ? Promise.resolve(first)
      : api(call, LanderResponse).catch((error: unknown) => {
          pending.delete(call);
          throw error;
        });
    pending.set(call, load);
  }
  return load;
}

/** The answer of `call` (none: null), or null while it loads and when it failed. */
function useLanderAnswer(call: string | null): LanderResponse | null {
  const [content, setContent] = useState<{ call: string; answer: LanderResponse } | null>(() => {
    const first = call === null ? undefined : rendered(call);
    return call !== null && first ? { call, answer: first } : null;
  });
  useEffect(() => {
    if (call === null) return;
    let live = true;
    loadLanderContent(call).then(
      (answer) => live && setContent({ call, answer }),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [call]);
  return content !== null && content.call === call ? content.answer : null;
}

/**
 * The place the route's `slug` names (the server's answer: the dataset name of a region or town of the site's
 * countries, and its country), or null: no slug, a niche slug, text that names no known place, or while it loads.
 */
export function useLanderPlace(): { name: string; country: Country } | null {
  const { slug } = useParams<{ slug?: string }>();
  const answer = useLanderAnswer(placeSlug(slug) === undefined ? null : landerCall(slug));
  return answer?.place && answer.place_country ? { name: answer.place, country: answer.place_country } : null;
}

/**
 * `members` of the gender `niche` is about (contract/niches.ts; the server picks the site niche's members, a slug may
 * name another niche), unless fewer than 4 fit (then all, so the lander never looks empty).
 */
export function membersFor(members: MemberCard[], niche: NicheName): MemberCard[] {
  const { gender } = nicheAudiences[niche];
  const fitting = gender ? members.filter((m) => m.gender === gender) : members;
  return fitting.length >= 4 ? fitting : members;
}

/**
 * The lander content of the route's slug with the members fitting `niche` (the copy's niche), or null while it loads
 * (and when it failed: a lander then shows its copy alone).
 */
export function useLanderContent(niche: NicheName): LanderResponse | null {
  const { slug } = useParams<{ slug?: string }>();
  const content = useLanderAnswer(landerCall(slug));
  return useMemo(() => content && { ...content, members: membersFor(content.members, niche) }, [content, niche]);
}
