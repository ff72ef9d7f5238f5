import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import type { Chat } from '../../../contract/index.ts';
import { errorText } from '../../i18n/error-text.ts';
import { session } from '../account/session-store.ts';
import { ConfirmModal } from '../member/confirm-modal.tsx';
import { ChatIcon } from '../members/icons.tsx';
import { chatsState, deleteChat, refreshChats } from './chats-store.ts';
import { ChatListItem } from './chat-list-item.tsx';

/** /chats (spec 2): the chat list, newest first, with unread badges and delete (spec 4: removed at once). */
export default function ChatsScreen() {
  const { t } = useTranslation(['chat', 'members']);
  const snap = useSnapshot(chatsState);
  const meId = useSnapshot(session).user?.id ?? 0;
  const [loadError, setLoadError] = useState<unknown>(null);
  // The chat asked about stays set while the dialog fades out, so its title does not change mid-animation.
  const [toDelete, setToDelete] = useState<Chat | null>(null);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    chatsState.deleteError = null;
    refreshChats().then(() => setLoadError(null), setLoadError);
  }, []);

  const confirmDelete = () => {
    if (toDelete) void deleteChat(toDelete.conversation.id);
    setAsking(false);
  };

  return (
    <div className="container py-3 py-md-4" style={{ maxWidth: 820 }}>
      <h1 className="h3 fw-bold mb-3">{t('list.title')}</h1>

      {snap.deleteError != null && (
        <div className="alert alert-danger alert-dismissible" role="alert">
          {errorText(snap.deleteError, { t })}
          <button type="button" className="btn-close" aria-label={t('close')} onClick={() => { chatsState.deleteError = null; }} />
        </div>
      )}
      {loadError != null && !snap.loaded && (
        <div className="alert alert-danger" role="alert">{errorText(loadError, { t })}</div>
      )}

      {!snap.loaded && loadError == null ? (
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
      ) : snap.loaded && snap.chats.length === 0 ? (
        <div className="text-center py-5 px-3 bg-white rounded-4 border shadow-sm">
          <span className="d-inline-flex rounded-circle bg-primary-subtle text-primary p-4 mb-3"><ChatIcon size={36} /></span>
          <h2 className="h5">{t('list.emptyTitle')}</h2>
          <p className="text-body-secondary">{t('list.emptyText')}</p>
          <Link href="/members" className="btn btn-primary rounded-pill px-4">{t('list.searchMembers')}</Link>
        </div>
      ) : (
        <ul className="list-group list-group-flush rounded-4 bg-white shadow-sm border overflow-hidden" aria-label={t('list.title')}>
          {snap.chats.map((c) => (
            <ChatListItem key={c.conversation.id} chat={c as Chat} meId={meId} onDelete={() => { setToDelete(c as Chat); setAsking(true); }} />
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
