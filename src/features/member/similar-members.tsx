import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import type { MemberProfile } from '../../../contract/index.ts';
import { session } from '../account/session-store.ts';
import { MemberCard, MemberCardPlaceholder, MemberGrid } from '../members/member-card.tsx';
import { applyFilters, initSearch, loadSimilar, searchState, similarFilters } from '../members/search-store.ts';
import { defaultFilters } from '../members/search-query.ts';

/**
 * The similar results of a profile and their count (spec 3: search state): members of the same gender and country
 * within 5 years of age, from GET /api/similar.php. "Show all" opens the search with exactly those filters. Renders
 * nothing when there are none, or when they could not be loaded (the profile itself stays usable).
 */
export function SimilarMembers({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation('members');
  const { similar } = useSnapshot(searchState);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setFailed(false);
    const ac = new AbortController();
    loadSimilar(profile.id, ac.signal).catch(() => {
      if (!ac.signal.aborted) setFailed(true);
    });
    return () => ac.abort();
  }, [profile.id]);

  const mine = similar?.id === profile.id ? similar : null;
  if (failed || (mine && mine.numResults === 0)) return null;

  const showAll = () => {
    const user = session.user;
    // The search's own defaults are applied first, so opening /members keeps these filters instead of resetting them.
    initSearch(defaultFilters(user, session.settings), user?.id ?? 0);
    void applyFilters(similarFilters(profile));
  };

  return (
    <section className="mt-5 pt-4 border-top" aria-labelledby="similar-title">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <div>
          <h2 id="similar-title" className="h4 fw-bold mb-1">
            {t('similar.title', { name: profile.name })}
          </h2>
          <p className="text-body-secondary small mb-0" aria-live="polite">
            {mine ? t('similar.count', { count: mine.numResults }) : t('searching')}
          </p>
        </div>
        {mine && mine.numResults > mine.profiles.length && (
          <Link href="/members" onClick={showAll} className="btn btn-outline-primary btn-sm rounded-pill px-3">
            {t('similar.showAll', { count: mine.numResults })}
          </Link>
        )}
      </div>
      <MemberGrid label={t('similar.label', { name: profile.name })}>
        {mine
          ? mine.profiles.map((m) => (
              <li key={m.id} className="col">
                <MemberCard member={m} href={`/members/${m.id}`} />
              </li>
            ))
          : Array.from({ length: 5 }, (_, i) => (
              <li key={i} className="col">
                <MemberCardPlaceholder />
              </li>
            ))}
      </MemberGrid>
    </section>
  );
}
