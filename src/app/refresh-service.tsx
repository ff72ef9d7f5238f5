// Headless service component (Phanpy style): starts the sync engine for the logged-in member (which owns the
// refresh of spec 4/9), keeps the app badge and the title prefix of spec 2 on the Dexie count. Renders nothing.
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../features/account/session-store.ts';
import { setBadge } from '../pwa/badge.ts';
import { pushState } from '../pwa/push-state.ts';
import { startMemberSync } from '../sync/member-sync.ts';
import { useNewCounts } from '../sync/use-new-counts.ts';
import { documentTitle, pageTitle } from './page-title.ts';

export default function RefreshService() {
  const { user, settings } = useSnapshot(session);
  const { title } = useSnapshot(pageTitle);
  const { unread, newLikes } = useNewCounts();
  const userId = user?.id ?? null;

  useEffect(() => {
    // Spec 9: the safety-net refresh every 60 s becomes 300 s while push is subscribed.
    if (userId !== null) void startMemberSync(userId, () => pushState.status === 'subscribed');
  }, [userId]);

  // Spec 4: app badge = unread messages + new likes; the title prefix shows the same sum.
  const count = userId === null ? 0 : unread + newLikes;
  useEffect(() => setBadge(count), [count]);

  const siteName = settings?.name ?? '';
  const indexTitle = settings?.index_title ?? '';
  useEffect(() => {
    document.title = documentTitle(count, title ?? null, settings ? { name: siteName, index_title: indexTitle } : null);
  }, [count, title, siteName, indexTitle, settings]);

  return null;
}
