// The nav's live badges (spec 2): unread messages and new likes, read from the member's Dexie database. Their own
// chunk, loaded by the top nav for members only, so a visitor's page never loads Dexie (docs/perf.md).
import { useTranslation } from 'react-i18next';
import { useNewCounts } from '../../sync/use-new-counts.ts';
import { CountBadge } from '../../ui/count-badge.tsx';

/** The unread-messages badge of the Messages link; nothing at 0. */
export function UnreadBadge() {
  const { t } = useTranslation();
  const { unread } = useNewCounts();
  return <CountBadge count={unread} bg="primary" label={t('nav.unreadMessages', { count: unread })} />;
}

/** The new-likes badge of the Likes link; nothing at 0. */
export function NewLikesBadge() {
  const { t } = useTranslation();
  const { newLikes } = useNewCounts();
  return <CountBadge count={newLikes} bg="secondary" label={t('nav.newLikes', { count: newLikes })} />;
}
