import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/page-title.ts';
import { useLiveQuery } from 'dexie-react-hooks';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { SEARCH_PAGE_SIZE, SearchResponse, type MemberCard as Member } from '../../../contract/index.ts';
import { firstAnswer } from '../../api/first-answers.ts';
import { errorText } from '../../i18n/error-text.ts';
import { useMemberDb } from '../../sync/use-member-db.ts';
import { session } from '../account/session-store.ts';
import { initSearch, loadMore, newSearch, searchState } from './search-store.ts';
import { defaultFilters, firstSearchPath, keyOf } from './search-query.ts';
import { SearchForm } from './search-form.tsx';
import { DiscoveryLinks } from './discovery-links.tsx';
import { FIRST_ROW, MemberCard, MemberCardPlaceholder, MemberGrid } from './member-card.tsx';
import { CAM_TILE_AFTER, CamPromotionTile } from './cam-promotion-tile.tsx';

/** /members (spec 2): the member search, the home after login. Result pages are read from Dexie (searchPages). */
export default function MembersScreen() {
  const { t } = useTranslation('members');
  usePageTitle(t('title'));
  const { user, ready, settings } = useSnapshot(session);
  const snap = useSnapshot(searchState);
  const db = useMemberDb();
  const stored = useLiveQuery(() => db.searchPages.where('key').equals(snap.key).sortBy('page'), [db, snap.key]);
  const defaults = defaultFilters(user, settings);
  // A server-rendered page came with page 1 of the default search (the route's first call): it shows until Dexie holds
  // the pages.
  const [rendered] = useState(() => firstAnswer(firstSearchPath(user, settings), SearchResponse));
  const onDefaults = !snap.didInit || snap.key === keyOf(defaults);
  const pages =
    stored?.length || !rendered || !onDefaults
      ? stored
      : [{ page: 1, cards: rendered.profiles, numResults: rendered.numResults }];

  useEffect(() => {
    if (!ready) return;
    initSearch(defaultFilters(session.user, session.settings), user?.id ?? 0);
    if (!searchState.key && !searchState.loadingPage) void newSearch();
  }, [ready, user?.id]);

  const seen = new Set<number>();
  const members: Member[] = [];
  for (const page of pages ?? []) {
    for (const m of page.cards)
      if (!seen.has(m.id)) {
        seen.add(m.id);
        members.push(m);
      }
  }
  const numResults = pages?.[0]?.numResults ?? 0;
  const lastPage = pages?.[pages.length - 1]?.page ?? 0;
  const hasMore = lastPage * SEARCH_PAGE_SIZE < numResults;
  // Stored pages of the same filters show while page 1 reloads (and offline); placeholders only when there are none.
  const firstLoad = (!snap.didInit && !rendered) || pages === undefined || (members.length === 0 && snap.loadingPage === 1);
  const empty = !firstLoad && !snap.error && members.length === 0 && snap.didInit;
  // Spec 2: the adult-cam tile where the site enables it, after the fifth member (or the last, with fewer results).
  const camUrl = settings?.enable_cam_promotion && settings.cam_promotion_url ? settings.cam_promotion_url : null;
  const camAfter = Math.min(CAM_TILE_AFTER, members.length);

  return (
    <div className="container py-3 py-md-4">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 fw-bold mb-0">{t('title')}</h1>
        {user && <DiscoveryLinks />}
      </div>
      <section className="bg-white rounded-4 shadow-sm border p-3 mb-3 mb-md-4">
        <SearchForm defaults={defaults} />
      </section>

      <p className="text-body-secondary small mb-2" aria-live="polite">
        {firstLoad ? t('searching') : t('found', { count: numResults })}
      </p>

      {snap.error != null && (
        <div className="alert alert-danger d-flex align-items-center gap-3" role="alert">
          <span className="flex-grow-1">{errorText(snap.error, { t })}</span>
          <Button size="sm" variant="outline-danger" onClick={() => void (members.length ? loadMore(lastPage + 1) : newSearch())}>
            {t('retry')}
          </Button>
        </div>
      )}

      {empty ? (
        <div className="text-center py-5 px-3">
          <div className="display-6 mb-2" aria-hidden="true">
            🔍
          </div>
          <h2 className="h5">{t('empty.title')}</h2>
          <p className="text-body-secondary mb-0">{t('empty.text')}</p>
        </div>
      ) : (
        <MemberGrid label={t('resultsLabel')}>
          {firstLoad
            ? Array.from({ length: 10 }, (_, i) => (
                <li key={i} className="col">
                  <MemberCardPlaceholder />
                </li>
              ))
            : members.flatMap((m, i) => [
                <li key={m.id} className="col">
                  <MemberCard member={m} href={`/members/${m.id}`} eager={i < FIRST_ROW} />
                </li>,
                ...(camUrl && i + 1 === camAfter
                  ? [
                      <li key="cam-promotion" className="col">
                        <CamPromotionTile url={camUrl} />
                      </li>,
                    ]
                  : []),
              ])}
        </MemberGrid>
      )}

      {!firstLoad && hasMore && (
        <div className="text-center mt-4">
          <Button
            variant="outline-primary"
            className="px-4 rounded-pill"
            disabled={snap.loadingPage > 0}
            onClick={() => void loadMore(lastPage + 1)}
          >
            {snap.loadingPage > 0 && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {t('showMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
