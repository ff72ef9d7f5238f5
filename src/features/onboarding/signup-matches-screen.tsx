import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { SearchResponse } from '../../../contract/index.ts';
import { api } from '../../api/client.ts';
import { useFirstAnswer } from '../../api/use-first-answer.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { errorText } from '../../i18n/error-text.ts';
import { session } from '../account/session-store.ts';
import { MemberCard, MemberCardPlaceholder, MemberGrid } from '../members/member-card.tsx';
import { signupMatchesPath } from './matches-calls.ts';
import './onboarding.scss';

/** How many matches the page shows. */
const SHOWN = 12;

/**
 * /signup-matches (spec 2): the members who fit a new member right after signup: the gender they look for (from
 * their own gender and sexuality) in their country, online and with photos first as the search orders them; each
 * opens the profile, and the search goes on from there. The member is the one the page opened for (the route is the
 * members area's): the call is read once, at the mount.
 */
export default function SignupMatchesScreen() {
  const { t } = useTranslation(['onboarding', 'errors']);
  usePageTitle(t('matches.title'));
  const { user } = useSnapshot(session);
  // Drawn by the server render with the matches (the route's first call, signupMatchesPath).
  const path = signupMatchesPath(user);
  const pick = (r: SearchResponse) => r.profiles.slice(0, SHOWN);
  const { value: members, error } = useFirstAnswer(path, SearchResponse, pick, async () => pick(await api(path, SearchResponse)));
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
