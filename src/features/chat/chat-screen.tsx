import { useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { MemberCard } from '../../../contract/index.ts';
import { ApiCallError } from '../../api/client.ts';
import { errorText } from '../../i18n/error-text.ts';
import { session } from '../account/session-store.ts';
import { cachedMember, fetchMember } from '../member/member-cache.ts';
import { FictionalWarning } from '../member/fictional-warning.tsx';
import { chatsState } from './chats-store.ts';
import {
  conversation, deleteMessage, loadEarlier, loadLatest, markReadIfUnread, retryMessage, sendMessage, type ChatMessage,
} from './conversation-store.ts';
import { ChatHeader } from './chat-header.tsx';
import { MessageList } from './message-list.tsx';
import { Composer } from './composer.tsx';
import { Avatar } from './avatar.tsx';
import { messageCost } from './message-cost.ts';
import { usePoll } from './use-poll.ts';

/** How often the open conversation is polled, in ms (until live events replace polling). */
const POLL_MS = 5000;
/** Upper bound of a message's length in the contract (SendMessageRequest). */
const CONTRACT_MAX = 2000;

/** /members/:id/chat and /chats/:id (id = the other member's profile id): one conversation, full screen. */
export default function ChatScreen() {
  const { t } = useTranslation(['chat', 'members']);
  const profileId = Number(useParams<{ id: string }>().id);
  const { user, settings } = useSnapshot(session);
  const conv = useSnapshot(conversation(profileId));
  const chats = useSnapshot(chatsState).chats;
  const listed = chats.find((c) => c.profile.id === profileId)?.profile as MemberCard | undefined;
  const [fetched, setFetched] = useState<MemberCard | undefined>(() => cachedMember(profileId));
  const member = listed ?? fetched;

  useEffect(() => {
    setFetched(cachedMember(profileId));
    void loadLatest(profileId).then(() => markReadIfUnread(profileId));
    if (!chatsState.chats.some((c) => c.profile.id === profileId)) {
      fetchMember(profileId).then(setFetched, () => {});
    }
  }, [profileId]);

  usePoll(() => { void loadLatest(profileId).then(() => markReadIfUnread(profileId)); }, POLL_MS, [profileId]);

  const blocked = conv.error instanceof ApiCallError && (conv.error.code === 'blocked' || conv.error.code === 'not_found');
  const maxLength = Math.min(settings?.message_length || CONTRACT_MAX, CONTRACT_MAX);
  const cost = messageCost(settings, user?.profile.country);

  let body: React.ReactNode;
  if (!conv.loaded && conv.error == null) {
    body = (
      <div className="flex-grow-1 d-flex align-items-center justify-content-center" role="status">
        <Spinner animation="border" variant="primary" />
        <span className="visually-hidden">{t('loading')}</span>
      </div>
    );
  } else if (!conv.loaded || blocked) {
    body = (
      <div className="flex-grow-1 container py-4" style={{ maxWidth: 820 }}>
        <div className="alert alert-danger d-flex align-items-center gap-3" role="alert">
          <span className="flex-grow-1">{errorText(conv.error, { t })}</span>
          {!blocked && <Button size="sm" variant="outline-danger" onClick={() => void loadLatest(profileId)}>{t('retry')}</Button>}
        </div>
        <Link href="/chats" className="btn btn-link px-0">{t('backToChats')}</Link>
      </div>
    );
  } else {
    body = (
      <MessageList
        messages={conv.messages as ChatMessage[]}
        meId={user?.id ?? 0}
        memberName={member?.name ?? ''}
        hasEarlier={conv.nextBefore !== null}
        loadingEarlier={conv.loadingEarlier}
        onLoadEarlier={() => void loadEarlier(profileId)}
        onRetry={(id) => void retryMessage(profileId, id)}
        onDelete={(id) => deleteMessage(profileId, id)}
        empty={
          <div className="text-center py-5 px-3 text-body-secondary">
            {member && <div className="mb-3 d-flex justify-content-center"><Avatar member={member} size={88} /></div>}
            <h2 className="h5 text-body">{t('empty.title', { name: member?.name ?? '' })}</h2>
            <p className="mb-0">{t('empty.text')}</p>
          </div>
        }
      />
    );
  }

  return (
    <div className="d-flex flex-column flex-grow-1 bg-body-tertiary" style={{ minHeight: 0 }}>
      <ChatHeader profileId={profileId} member={member} hideMember={blocked} />
      {member?.fictional && !blocked && (
        <div className="container pt-2 flex-shrink-0" style={{ maxWidth: 820 }}>
          <FictionalWarning name={member.name} compact />
        </div>
      )}
      {body}
      {!blocked && conv.loaded && (
        <div className="bg-white border-top flex-shrink-0" style={{ paddingBottom: 'env(safe-area-inset-bottom)' }}>
          <Composer maxLength={maxLength} cost={cost} credits={user?.credits} onSend={(text) => void sendMessage(profileId, text)} />
        </div>
      )}
    </div>
  );
}
