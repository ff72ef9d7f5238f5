import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { Gender, MemberCard as Member, Sexuality } from '../../../contract/index.ts';
import { errorText } from '../../i18n/error-text.ts';
import { session } from '../account/session-store.ts';
import { hasMore, initSearch, loadMore, newSearch, preferredGender, searchState } from './search-store.ts';
import { SearchForm } from './search-form.tsx';
import { MemberCard, MemberCardPlaceholder, MemberGrid } from './member-card.tsx';

/** The user's own gender and sexuality, when the user call carries them (the contract may add them). */
type MaybeOrientation = { gender?: Gender; sexuality?: Sexuality };

/** /members (spec 2): the member search, the home after login. Results stay in the search store. */
export default function MembersScreen() {
  const { t } = useTranslation('members');
  const { user, ready } = useSnapshot(session);
  const snap = useSnapshot(searchState);

  useEffect(() => {
    if (!ready) return;
    const me = (user?.profile ?? {}) as MaybeOrientation;
    initSearch({
      gender: preferredGender(me.gender, me.sexuality),
      country: user?.profile.country ?? session.settings?.geoip_selected_country ?? session.settings?.geoip_country,
    }, user?.id ?? 0);
    if (!Object.keys(searchState.results).length && !searchState.loadingPage) void newSearch();
  }, [ready, user?.id]);

  const seen = new Set<number>();
  const members: Member[] = [];
  for (const page of Object.keys(snap.results).map(Number).sort((a, b) => a - b)) {
    for (const m of snap.results[page]) if (!seen.has(m.id)) { seen.add(m.id); members.push(m as Member); }
  }
  const firstLoad = snap.loadingPage === 1 || !snap.didInit;
  const empty = !firstLoad && !snap.error && members.length === 0 && snap.didInit;

  return (
    <div className="container py-3 py-md-4">
      <h1 className="h3 fw-bold mb-3">{t('title')}</h1>
      <section className="bg-white rounded-4 shadow-sm border p-3 mb-3 mb-md-4">
        <SearchForm />
      </section>

      <p className="text-body-secondary small mb-2" aria-live="polite">
        {firstLoad ? t('searching') : t('found', { count: snap.numResults })}
      </p>

      {snap.error != null && (
        <div className="alert alert-danger d-flex align-items-center gap-3" role="alert">
          <span className="flex-grow-1">{errorText(snap.error, { t })}</span>
          <Button size="sm" variant="outline-danger" onClick={() => void (members.length ? loadMore() : newSearch())}>
            {t('retry')}
          </Button>
        </div>
      )}

      {empty ? (
        <div className="text-center py-5 px-3">
          <div className="display-6 mb-2" aria-hidden="true">🔍</div>
          <h2 className="h5">{t('empty.title')}</h2>
          <p className="text-body-secondary mb-0">{t('empty.text')}</p>
        </div>
      ) : (
        <MemberGrid label={t('resultsLabel')}>
          {firstLoad
            ? Array.from({ length: 10 }, (_, i) => <li key={i} className="col"><MemberCardPlaceholder /></li>)
            : members.map((m) => (
                <li key={m.id} className="col"><MemberCard member={m} href={`/members/${m.id}`} /></li>
              ))}
        </MemberGrid>
      )}

      {!firstLoad && hasMore() && (
        <div className="text-center mt-4">
          <Button variant="outline-primary" className="px-4 rounded-pill" disabled={snap.loadingPage > 0} onClick={() => void loadMore()}>
            {snap.loadingPage > 0 && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {t('showMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
