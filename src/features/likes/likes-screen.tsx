import { useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/page-title.ts';
import { useLiveQuery } from 'dexie-react-hooks';
import { LikesResponse, type MemberCard as Member } from '../../../contract/index.ts';
import { firstAnswer } from '../../api/first-answers.ts';
import { CountBadge } from '../../ui/count-badge.tsx';
import { readCursor } from '../../sync/cursor.ts';
import { requestSync } from '../../sync/member-sync.ts';
import { useMemberDb } from '../../sync/use-member-db.ts';
import { FIRST_ROW, MemberCard, MemberCardPlaceholder, MemberGrid } from '../members/member-card.tsx';
import { HeartIcon } from '../members/icons.tsx';
import { LIKES_CALL } from './likes-calls.ts';

type Tab = 'liked-me' | 'my-likes' | 'matches';

const TABS: readonly Tab[] = ['liked-me', 'my-likes', 'matches'];
const EMPTY: Record<Tab, string> = { 'liked-me': 'likedMe', 'my-likes': 'myLikes', matches: 'matches' };

/**
 * /likes and /likes/:type (spec 2): who liked me (new likes marked "New"), whom I liked, and matches (both ways, newest
 * like of mine first) as tabs (:type liked-me, my-likes, matches); cards open /likes/m/:id.
 * Read from Dexie, newest first; the sync engine keeps it current. A server-rendered page comes with the likes (its
 * first call, LIKES_CALL), shown until Dexie holds them.
 */
export default function LikesScreen() {
  const { t } = useTranslation(['likes', 'members']);
  usePageTitle(t('title'));
  const params = useParams<{ type?: string }>();
  const tab: Tab = TABS.find((x) => x === params.type) ?? 'liked-me';
  const db = useMemberDb();
  const dexie = useLiveQuery(async () => {
    const [likedBy, mine, { cursor }] = await Promise.all([
      db.likedBy.orderBy('order').reverse().toArray(),
      db.likes.orderBy('order').reverse().toArray(),
      readCursor(db),
    ]);
    return { likedBy, mine, synced: cursor !== null };
  }, [db]);
  const [rendered] = useState(() => {
    const answer = firstAnswer(LIKES_CALL, LikesResponse);
    return (
      answer && {
        likedBy: answer.liked_by.map(({ like_new, ...card }) => ({ ...card, likeNew: like_new ? (1 as const) : (0 as const) })),
        mine: answer.profiles,
      }
    );
  });

  useEffect(() => {
    void requestSync('likes-open');
  }, []);

  const inDexie = !!dexie && (dexie.synced || dexie.likedBy.length + dexie.mine.length > 0);
  const data = inDexie ? dexie : rendered;
  const loaded = data !== undefined;
  const likedMe = new Set(data?.likedBy.map((l) => l.id));
  const lists: Record<Tab, readonly (Member & { likeNew?: 0 | 1 })[] | undefined> = {
    'liked-me': data?.likedBy,
    'my-likes': data?.mine,
    matches: data?.mine.filter((m) => likedMe.has(m.id)),
  };
  const list = lists[tab] ?? [];
  const totalNew = data?.likedBy.filter((l) => l.likeNew === 1).length ?? 0;
  const tabs: { id: Tab; label: string; count?: number }[] = [
    { id: 'liked-me', label: t('tabs.likedMe'), count: totalNew },
    { id: 'my-likes', label: t('tabs.myLikes') },
    { id: 'matches', label: t('tabs.matches') },
  ];

  return (
    <div className="container py-3 py-md-4">
      <h1 className="h3 fw-bold mb-3">{t('title')}</h1>
      <nav aria-label={t('tabs.label')} className="mb-3 mb-md-4">
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
          {tabs.map((x) => (
            <li key={x.id}>
              <Link
                href={`/likes/${x.id}`}
                className={`btn rounded-pill px-3 ${tab === x.id ? 'btn-primary' : 'btn-light border'}`}
                aria-current={tab === x.id ? 'page' : undefined}
              >
                {x.label}
                <CountBadge
                  count={x.count ?? 0}
                  label={t('newLikes', { count: x.count ?? 0 })}
                  bg={tab === x.id ? 'light' : 'primary'}
                />
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {!loaded ? (
        <MemberGrid>
          {Array.from({ length: 10 }, (_, i) => (
            <li key={i} className="col">
              <MemberCardPlaceholder />
            </li>
          ))}
        </MemberGrid>
      ) : list.length === 0 ? (
        <div className="text-center py-5 px-3 bg-white rounded-4 border shadow-sm">
          <span className="d-inline-flex rounded-circle bg-primary-subtle text-primary p-4 mb-3">
            <HeartIcon size={36} />
          </span>
          <h2 className="h5">{t(`empty.${EMPTY[tab]}Title`)}</h2>
          <p className="text-body-secondary">{t(`empty.${EMPTY[tab]}Text`)}</p>
          <Link href="/members" className="btn btn-primary rounded-pill px-4">
            {t('empty.search')}
          </Link>
        </div>
      ) : (
        <MemberGrid label={tabs.find((x) => x.id === tab)!.label}>
          {list.map((m, i) => (
            <li key={m.id} className="col">
              <MemberCard member={m} href={`/likes/m/${m.id}`} isNew={m.likeNew === 1} eager={i < FIRST_ROW} />
            </li>
          ))}
        </MemberGrid>
      )}
    </div>
  );
}
