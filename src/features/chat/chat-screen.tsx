import { Suspense, useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../app/hydrated.tsx';
import { usePageTitle } from '../../app/page-title.ts';
import { useLiveQuery } from 'dexie-react-hooks';
import Spinner from 'react-bootstrap/Spinner';
import {
  MemberResponse,
  MESSAGE_MAX_LENGTH,
  MessagesResponse,
  messageCost,
  messageLengthLimit,
  type MemberCard,
  type MemberProfile,
  type MessageKind,
} from '../../../contract/index.ts';
import { ApiCallError } from '../../api/client.ts';
import { firstAnswer, takeFirstAnswer } from '../../api/first-answers.ts';
import { conversationWith } from '../../data/conversations-repo.ts';
import type { MessageRow } from '../../data/db.ts';
import { fromServer, messagePage } from '../../data/messages-repo.ts';
import { PAGE_SIZE } from '../../data/page-size.ts';
import { errorText } from '../../i18n/error-text.ts';
import { network } from '../../pwa/online.ts';
import { loadEarlierPage, loadNewestPage } from '../../sync/conversation-pages.ts';
import { liveChannel } from '../../sync/live.ts';
import { requestSync } from '../../sync/member-sync.ts';
import { discardMessage, queueMessage, queueReadChat, retryMessage } from '../../sync/outbox.ts';
import { loadProfile } from '../../sync/profiles.ts';
import { useMemberDb } from '../../sync/use-member-db.ts';
import { session } from '../account/session-store.ts';
import { FictionalWarning } from '../member/fictional-warning.tsx';
import { profilePath } from '../member/member-calls.ts';
import { SendGiftButton } from '../gifts/send-gift-button.tsx';
import { CHAT_NAMESPACES, newestPagePath } from './chat-calls.ts';
import { ChatHeader } from './chat-header.tsx';
import { MessageList } from './message-list.tsx';
import { Composer } from './composer.tsx';
import { SendPhotoButton } from './send-photo-button.tsx';
import { UnconfirmedNotice } from './unconfirmed-notice.tsx';
import { Avatar } from './avatar.tsx';
import { useReadingMark } from './use-reading-mark.ts';
import { dropDraft, dropPurchaseReturn, keepForPurchase, keptDraft, purchaseReturn } from './kept-draft.ts';
import { lazyPart } from '../../app/lazy-screen.ts';

/**
 * While a conversation is open and visible and the live channel is NOT open (a proxy that buffers event streams,
 * the browser gave up on it), a sync every 5 s (an ETag hit when idle) brings replies in. An open live channel
 * wakes the sync engine itself, so then there is no poll.
 */
const OPEN_CHAT_SYNC_MS = 5_000;

/** Spec 2: the icebreaker modal, loaded when asked for. */
const IcebreakerModal = lazyPart(() => import('./icebreaker-modal.tsx'));

/** A server-rendered chat's first answers (chatCalls), as the screen draws them until Dexie holds the conversation. */
interface RenderedChat {
  /** The other member's profile id. */
  profileId: number;
  /** The member's card; undefined when the page came without it (blocked, gone). */
  member: MemberProfile | undefined;
  /** The newest page, oldest first, as Dexie rows; undefined when the page came without it. */
  page:
    | {
        conversationId: number | null;
        messages: MessageRow[];
        /** Whether older messages exist (the answer's `next_before`). */
        hasEarlier: boolean;
        /** The highest seq of the reader's own messages the member has read (0: none), from the messages' `read`. */
        peerReadSeq: number;
      }
    | undefined;
}

/** The first answers of the chat with member `profileId` for reader `meId`, as the page came with them (firstAnswer). */
function renderedChat(profileId: number, meId: number): RenderedChat {
  const answer = firstAnswer(newestPagePath(profileId), MessagesResponse);
  const page = answer && {
    conversationId: answer.conversation_id,
    messages: answer.messages.map(fromServer),
    hasEarlier: answer.next_before !== null,
    peerReadSeq: Math.max(0, ...answer.messages.filter((m) => m.sender_id === meId && m.read).map((m) => m.seq)),
  };
  return { profileId, member: firstAnswer(profilePath(profileId), MemberResponse)?.profile, page };
}

/**
 * /members/:id/chat and /chats/:id (id = the other member's profile id): one conversation, full screen, read from
 * Dexie (so it opens offline) with keyset pages of 50. Writes go through the outbox: a message written offline
 * shows as pending and is sent when the network returns. A server-rendered chat comes with the member's card and the
 * newest page (its first calls, chatCalls), drawn as a plain list (MessageList `plain`) until Dexie holds that page;
 * Dexie is read only after hydration, so the hydrating render draws what the server drew.
 */
export default function ChatScreen() {
  const { t } = useTranslation(CHAT_NAMESPACES);
  const profileId = Number(useParams<{ id: string }>().id);
  const db = useMemberDb();
  const hydrated = useHydrated();
  const { user, settings } = useSnapshot(session);
  const { online } = useSnapshot(network);
  const { open: liveOpen } = useSnapshot(liveChannel);
  const [pages, setPages] = useState(1);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [opened, setOpened] = useState(false);
  /** The conversation whose newest page the server answered since opening: its `nextBefore` is no guess. */
  const [settled, setSettled] = useState<number | null>(null);
  const [icebreaker, setIcebreaker] = useState(false);
  const [suggestion, setSuggestion] = useState<{ text: string } | null>(null);
  const [restored, setRestored] = useState(false);
  const [firstRendered] = useState(() => renderedChat(profileId, user?.id ?? 0));
  const rendered = firstRendered.profileId === profileId ? firstRendered : undefined;

  const liveConv = useLiveQuery(async () => (await conversationWith(db, profileId)) ?? null, [db, profileId]);
  const liveStored = useLiveQuery(async () => (await db.profiles.get(profileId)) ?? null, [db, profileId]);
  // Which conversation the page is of, so a page read for the row before is not taken for the row now.
  const livePage = useLiveQuery(
    async () => ({ of: liveConv?.id ?? null, messages: liveConv ? await messagePage(db, liveConv.id, pages * PAGE_SIZE) : [] }),
    [db, liveConv?.id, pages],
  );
  // Dexie only after hydration: the server has none, and the hydrating render must draw what it drew.
  const conv = hydrated ? liveConv : undefined;
  const stored = hydrated ? liveStored : undefined;
  const dexiePage = hydrated && livePage && conv !== undefined && livePage.of === (conv?.id ?? null) ? livePage : undefined;
  const messages = dexiePage?.messages;
  const member: MemberCard | undefined = conv?.profile ?? stored ?? rendered?.member;
  usePageTitle(member ? t('pages:titles.chat', { name: member.name }) : t('list.title'));

  // Opening: the member's card and the newest page from the server into Dexie; what Dexie has shows meanwhile.
  useEffect(() => {
    setPages(1);
    setLoadError(null);
    setOpened(false);
    setSettled(null);
    const ac = new AbortController();
    void (async () => {
      try {
        const card = (await conversationWith(db, profileId))?.profile;
        // A server-rendered chat's card is not needed then: dropped, so a later screen asks the server.
        if (card) takeFirstAnswer(profilePath(profileId), MemberResponse);
        const peer = card ?? (await loadProfile(db, profileId, ac.signal));
        await loadNewestPage(db, peer);
        const known = await conversationWith(db, profileId);
        if (!ac.signal.aborted) setSettled(known?.id ?? null);
      } catch (e) {
        if (!ac.signal.aborted) setLoadError(e);
      } finally {
        if (!ac.signal.aborted) setOpened(true);
      }
    })();
    return () => ac.abort();
  }, [db, profileId]);

  // The conversation became known after opening (a first message sent from here, an offline opening that is online
  // now): its newest page settles the cursor a send or a delta guessed.
  const convId = conv?.id;
  useEffect(() => {
    if (!opened || !online || convId === undefined || convId < 0 || settled === convId) return;
    let live = true;
    void (async () => {
      const row = await conversationWith(db, profileId);
      if (!row || row.id !== convId) return;
      await loadNewestPage(db, row.profile);
      if (live) setSettled(convId);
    })().catch(() => {});
    return () => {
      live = false;
    };
  }, [db, profileId, opened, online, convId, settled]);

  // A text kept when a send was refused for want of credits (kept-draft.ts) is back in the composer; being back here
  // is the way back the purchase offered.
  useEffect(() => {
    let live = true;
    void (async () => {
      const draft = await keptDraft(db, profileId);
      if (live && draft !== null) {
        setSuggestion({ text: draft });
        setRestored(true);
      }
      if ((await purchaseReturn(db)) === `/chats/${profileId}`) await dropPurchaseReturn(db);
    })();
    return () => {
      live = false;
    };
  }, [db, profileId]);

  useEffect(() => {
    if (liveOpen) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void requestSync('chat-open');
    }, OPEN_CHAT_SYNC_MS);
    return () => clearInterval(timer);
  }, [liveOpen]);

  // No push for this conversation while it is read here live.
  useReadingMark(conv?.id ?? null, liveOpen);

  // Spec 4: opening a chat sets its unread count to 0 (and again when a message arrives while it is open).
  const unreadHere =
    !!conv && conv.id > 0 && (conv.unread > 0 || !!messages?.some((m) => m.senderId === profileId && m.read === 0));
  useEffect(() => {
    if (unreadHere && conv) void queueReadChat(db, conv.id).then(() => requestSync('read-chat'));
  }, [db, unreadHere, conv]);

  const refused = loadError instanceof ApiCallError && (loadError.code === 'blocked' || loadError.code === 'not_found');
  // Without settings yet (a first offline start), the contract's own bound: the send checks the site's anyway.
  const maxLength = settings ? messageLengthLimit(settings) : MESSAGE_MAX_LENGTH;
  const cost = (kind: MessageKind) => (settings ? messageCost(settings, user?.profile.country, kind) : 0);
  // The server's newest page shows until Dexie holds it: its newest message is there, or (none) the opening is done.
  const first = rendered?.page;
  const newestFirst = first?.messages[first.messages.length - 1]?.id;
  const dexieHolds =
    messages !== undefined &&
    (newestFirst === undefined
      ? opened || conv !== null
      : messages.some((m) => m.id === newestFirst) || (opened && (loadError != null || conv?.id === first?.conversationId)));
  const plain = first !== undefined && !dexieHolds;
  const shown = plain ? first.messages : (messages ?? []);
  // A stored cursor may be a guess (a conversation that arrived by a delta or a send): the newest page settles it, so
  // until then only a full page in Dexie offers earlier messages.
  const hasEarlier = plain
    ? first.hasEarlier
    : shown.length >= pages * PAGE_SIZE || (settled === conv?.id && (conv?.nextBefore ?? null) !== null);

  const loadEarlier = async () => {
    if (loadingEarlier) return;
    setLoadingEarlier(true);
    try {
      // Dexie first; the server only when Dexie holds no older messages.
      if (shown.length < pages * PAGE_SIZE) await loadEarlierPage(db, profileId);
      setPages((p) => p + 1);
    } catch (e) {
      setLoadError(e);
    } finally {
      setLoadingEarlier(false);
    }
  };

  const send = (text: string) => {
    if (!member || !user) return;
    void queueMessage(db, user.id, member, text).then(() => requestSync('send'));
    void dropDraft(db, member.id);
    setRestored(false);
  };

  let body: React.ReactNode;
  const waiting = !plain && (conv === undefined || (!opened && !conv));
  if (!refused && waiting) {
    body = (
      <div className="flex-grow-1 d-flex align-items-center justify-content-center" role="status">
        <Spinner animation="border" variant="primary" />
        <span className="visually-hidden">{t('loading')}</span>
      </div>
    );
  } else if (refused || (!plain && !conv && !member)) {
    body = (
      <div className="flex-grow-1 container py-4" style={{ maxWidth: 820 }}>
        <div className="alert alert-danger d-flex align-items-center gap-3" role="alert">
          <span className="flex-grow-1">{errorText(loadError, { t })}</span>
        </div>
        <Link href="/chats" className="btn btn-link px-0">
          {t('backToChats')}
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        {loadError != null && (
          <div className="container pt-2 flex-shrink-0" style={{ maxWidth: 820 }}>
            <div className="alert alert-warning py-2 mb-0 small" role="status">
              {online ? errorText(loadError, { t }) : t('offlineSaved')}
            </div>
          </div>
        )}
        <MessageList
          messages={shown}
          meId={user?.id ?? 0}
          peerReadSeq={plain ? first.peerReadSeq : (conv?.peerReadSeq ?? 0)}
          memberName={member?.name ?? ''}
          hasEarlier={hasEarlier}
          loadingEarlier={loadingEarlier}
          onLoadEarlier={() => void loadEarlier()}
          onRetry={(id) => void retryMessage(db, id).then(() => requestSync('retry'))}
          onDelete={(id) => void discardMessage(db, id)}
          onBuyCredits={(id) => void keepForPurchase(db, id, profileId)}
          plain={plain}
          empty={
            <div className="text-center py-5 px-3 text-body-secondary">
              {member && (
                <div className="mb-3 d-flex justify-content-center">
                  <Avatar member={member} size={88} />
                </div>
              )}
              <h2 className="h5 text-body">{t('empty.title', { name: member?.name ?? '' })}</h2>
              <p className="mb-0">{t('empty.text')}</p>
              {member && (
                <button type="button" className="btn btn-outline-primary rounded-pill mt-3" onClick={() => setIcebreaker(true)}>
                  {t('discovery:icebreaker.open')}
                </button>
              )}
            </div>
          }
        />
      </>
    );
  }

  return (
    <div className="d-flex flex-column flex-grow-1 bg-body-tertiary" style={{ minHeight: 0 }}>
      <ChatHeader profileId={profileId} member={member} hideMember={refused} />
      {member?.fictional && !refused && (
        <div className="container pt-2 flex-shrink-0" style={{ maxWidth: 820 }}>
          <FictionalWarning name={member.name} compact />
        </div>
      )}
      {body}
      {icebreaker && member && (
        <Suspense fallback={null}>
          <IcebreakerModal
            show
            name={member.name}
            interests={stored?.interests ?? rendered?.member?.interests ?? []}
            onPick={(text) => setSuggestion({ text })}
            onHide={() => setIcebreaker(false)}
          />
        </Suspense>
      )}
      {!refused && member && (
        <div
          className="bg-white border-top flex-shrink-0"
          style={{ paddingBottom: 'env(safe-area-inset-bottom)' }}
          data-bottom-bar
        >
          {!online && (
            <p className="small text-body-secondary text-center mb-0 pt-2 px-3" role="status">
              {t('offlineQueued')}
            </p>
          )}
          {user?.status === 'not_confirmed' && <UnconfirmedNotice />}
          {restored && (
            <p className="small text-body-secondary text-center mb-0 pt-2 px-3" role="status">
              {t('keptDraft.restored')}
            </p>
          )}
          <Composer
            maxLength={maxLength}
            cost={cost('text')}
            credits={user?.credits}
            onSend={send}
            suggestion={suggestion}
            actions={
              <>
                <SendPhotoButton member={member} cost={cost('photo')} />
                <SendGiftButton member={member} compact />
              </>
            }
          />
        </div>
      )}
    </div>
  );
}
