import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { SearchResponse, type MemberCard as Member } from '../../../contract/index.ts';
import { api } from '../../api/client.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { errorText } from '../../i18n/error-text.ts';
import { session } from '../account/session-store.ts';
import { MemberCard, MemberCardPlaceholder, MemberGrid } from '../members/member-card.tsx';
import { preferredGender } from '../members/search-store.ts';
import './onboarding.scss';

/** How many matches the page shows. */
const SHOWN = 12;

/**
 * /signup-matches (spec 2): the members who fit a new member right after signup: the gender they look for (from
 * their own gender and sexuality) in their country, online and with photos first as the search orders them; each
 * opens the profile, and the search goes on from there.
 */
export default function SignupMatchesScreen() {
  const { t } = useTranslation(['onboarding', 'errors']);
  usePageTitle(t('matches.title'));
  const { user } = useSnapshot(session);
  const [members, setMembers] = useState<Member[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const gender = preferredGender(user?.profile.gender ?? undefined, user?.profile.sexuality ?? undefined);
  const country = user?.profile.country ?? '';
  useEffect(() => {
    let live = true;
    api('/api/members.php', SearchResponse, { query: { gender, country, min_age: 18, max_age: 99, page: 1 } }).then(
      (r) => live && setMembers(r.profiles.slice(0, SHOWN)),
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [gender, country]);
  return (
    <div className="container py-3 py-md-4 onboarding">
      <h1 className="h3 fw-bold mb-1">{t('matches.title')}</h1>
      <p className="text-body-secondary mb-3">{t('matches.lead')}</p>
      {error != null && (
        <div className="alert alert-danger" role="alert">
          {errorText(error, { t })}
        </div>
      )}
      {members && members.length === 0 && <p>{t('matches.none')}</p>}
      <MemberGrid label={t('matches.title')}>
        {members
          ? members.map((m) => (
              <li key={m.id} className="col">
                <MemberCard member={m} href={`/members/${m.id}`} />
              </li>
            ))
          : error == null &&
            Array.from({ length: 8 }, (_, i) => (
              <li key={i} className="col">
                <MemberCardPlaceholder />
              </li>
            ))}
      </MemberGrid>
      <Link href="/members" className="btn btn-primary btn-lg rounded-pill mt-3">
        {t('matches.more')}
      </Link>
    </div>
  );
}
