import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../app/hydrated.tsx';
import { usePageTitle } from '../../app/page-title.ts';
import { useLiveQuery } from 'dexie-react-hooks';
import { ChatsResponse } from '../../../contract/index.ts';
import { firstAnswer } from '../../api/first-answers.ts';
import { chatToRow, listConversations } from '../../data/conversations-repo.ts';
import type { ConversationRow } from '../../data/db.ts';
import { errorText } from '../../i18n/error-text.ts';
import { readCursor } from '../../sync/cursor.ts';
import { requestSync, syncNews } from '../../sync/member-sync.ts';
import { queueDeleteChat } from '../../sync/outbox.ts';
import { useMemberDb } from '../../sync/use-member-db.ts';
import { session } from '../account/session-store.ts';
import { ConfirmModal } from '../member/confirm-modal.tsx';
import { ChatIcon } from '../members/icons.tsx';
import { CHAT_NAMESPACES, CHATS_CALL } from './chat-calls.ts';
import { ChatListItem } from './chat-list-item.tsx';

/**
 * /chats (spec 2): the chat list from Dexie, newest first, with unread badges and delete (spec 4: removed at
 * once, then sent; a refused delete shows an alert and the list reloads). Shows at once offline. A server-rendered
 * page comes with the list (its first call, CHATS_CALL), shown until Dexie holds it.
 */
export default function ChatsScreen() {
  const { t, i18n } = useTranslation(['chat', 'members']);
  usePageTitle(t('list.title'));
  const hydrated = useHydrated();
  const db = useMemberDb();
  const meId = useSnapshot(session).user?.id ?? 0;
  const { deleteError } = useSnapshot(syncNews);
  const data = useLiveQuery(
    async () => ({ chats: await listConversations(db), synced: (await readCursor(db)).cursor !== null }),
    [db],
  );
  const [rendered] = useState(() => firstAnswer(CHATS_CALL, ChatsResponse)?.chats.map((c) => chatToRow(c, undefined, null)));
  // The chat asked about stays set while the dialog fades out, so its title does not change mid-animation.
  const [toDelete, setToDelete] = useState<ConversationRow | null>(null);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    syncNews.deleteError = null;
    void requestSync('chats-open');
  }, []);

  // The chat opened from here reads Dexie at once: its screen's files and texts must not be what it waits for.
  // Fetched when the browser is idle after the list is live, so the list's own first paint and input never wait.
  useEffect(() => {
    if (!hydrated) return;
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1000));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => {
      void import('./chat-screen.tsx').catch(() => {});
      void i18n.loadNamespaces(CHAT_NAMESPACES);
    });
    return () => cancel(handle);
  }, [hydrated, i18n]);

  const confirmDelete = () => {
    if (toDelete) void queueDeleteChat(db, toDelete.id).then(() => requestSync('delete-chat'));
    setAsking(false);
  };
  const inDexie = !!data && (data.synced || data.chats.length > 0);
  const chats = inDexie ? data.chats : (rendered ?? []);
  const loaded = inDexie || rendered !== undefined;

  return (
    <div className="container py-3 py-md-4" style={{ maxWidth: 820 }}>
      <h1 className="h3 fw-bold mb-3">{t('list.title')}</h1>

      {deleteError != null && (
        <div className="alert alert-danger alert-dismissible" role="alert">
          {errorText(deleteError, { t })}
          <button
            type="button"
            className="btn-close"
            aria-label={t('close')}
            onClick={() => {
              syncNews.deleteError = null;
            }}
          />
        </div>
      )}

      {!loaded ? (
        <ul className="list-group list-group-flush rounded-4 bg-white shadow-sm border placeholder-glow" aria-hidden="true">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className="list-group-item bg-white d-flex align-items-center gap-3 py-3">
              <span className="placeholder rounded-circle flex-shrink-0" style={{ width: 52, height: 52 }} />
              <span className="flex-grow-1">
                <span className="placeholder col-4 rounded d-block mb-2" />
                <span className="placeholder col-8 rounded d-block" />
              </span>
            </li>
          ))}
        </ul>
      ) : chats.length === 0 ? (
        <div className="text-center py-5 px-3 bg-white rounded-4 border shadow-sm">
          <span className="d-inline-flex rounded-circle bg-primary-subtle text-primary p-4 mb-3">
            <ChatIcon size={36} />
          </span>
          <h2 className="h5">{t('list.emptyTitle')}</h2>
          <p className="text-body-secondary">{t('list.emptyText')}</p>
          <Link href="/members" className="btn btn-primary rounded-pill px-4">
            {t('list.searchMembers')}
          </Link>
        </div>
      ) : (
        <ul
          className="list-group list-group-flush rounded-4 bg-white shadow-sm border overflow-hidden"
          aria-label={t('list.title')}
        >
          {chats.map((c) => (
            <ChatListItem
              key={c.id}
              chat={c}
              meId={meId}
              onDelete={() => {
                setToDelete(c);
                setAsking(true);
              }}
            />
          ))}
        </ul>
      )}

      <ConfirmModal
        show={asking}
        title={t('list.deleteTitle', { name: toDelete?.profile.name ?? '' })}
        body={t('list.deleteText')}
        confirmLabel={t('delete')}
        danger
        onConfirm={confirmDelete}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
