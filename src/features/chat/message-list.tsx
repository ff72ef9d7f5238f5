import { Fragment, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { ChatMessage } from './conversation-store.ts';
import { MessageBubble } from './message-bubble.tsx';
import { dayKey, formatDay } from './chat-time.ts';

/**
 * The conversation as a log (role "log", named "Messages"), grouped under day separators. The scroller runs
 * bottom-up (column-reverse), so it opens at the newest message and older pages prepend without a jump.
 */
export function MessageList({ messages, meId, memberName, hasEarlier, loadingEarlier, onLoadEarlier, onRetry, onDelete, empty }: {
  messages: readonly ChatMessage[];
  meId: number;
  /** The other member's name (for failure reasons). */
  memberName: string;
  hasEarlier: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
  onRetry: (id: string) => void;
  onDelete: (id: string) => void;
  empty: React.ReactNode;
}) {
  const { t, i18n } = useTranslation('chat');
  const scroller = useRef<HTMLDivElement>(null);
  const last = messages[messages.length - 1];
  const lastId = last?.id;
  const lastMine = last ? last.sender_id === meId : false;

  // A new own message (just sent) always brings the view to the bottom; a reply only when already near it.
  useEffect(() => {
    const el = scroller.current;
    if (!el || !lastId) return;
    // In a column-reverse scroller scrollTop is 0 at the bottom and negative above it.
    if (lastMine || Math.abs(el.scrollTop) < 160) el.scrollTop = 0;
  }, [lastId, lastMine]);

  let prevDay = '';
  return (
    <div
      ref={scroller}
      role="log"
      aria-label={t('messagesLabel')}
      className="flex-grow-1 overflow-y-auto d-flex flex-column-reverse"
      style={{ minHeight: 0, overscrollBehavior: 'contain' }}
      tabIndex={0}
    >
      <div className="container py-3" style={{ maxWidth: 820 }}>
        {hasEarlier && (
          <div className="text-center mb-3">
            <Button size="sm" variant="light" className="rounded-pill border" disabled={loadingEarlier} onClick={onLoadEarlier}>
              {loadingEarlier && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              {t('loadEarlier')}
            </Button>
          </div>
        )}
        {messages.length === 0 ? empty : (
          <ol className="list-unstyled mb-0">
            {messages.map((m, i) => {
              const day = dayKey(m.created_at);
              const next = messages[i + 1];
              const sep = day !== prevDay;
              prevDay = day;
              return (
                <Fragment key={m.id}>
                  {sep && (
                    <li className="text-center my-3">
                      <span className="badge rounded-pill bg-body-secondary text-body-secondary fw-normal px-3 py-2">
                        {formatDay(m.created_at, i18n.language || 'en')}
                      </span>
                    </li>
                  )}
                  <MessageBubble
                    message={m}
                    mine={m.sender_id === meId}
                    tight={!!next && next.sender_id === m.sender_id && dayKey(next.created_at) === day && next.status !== 'failed' && m.status !== 'failed'}
                    memberName={memberName}
                    onRetry={() => onRetry(m.id)}
                    onDelete={() => onDelete(m.id)}
                  />
                </Fragment>
              );
            })}
          </ol>
        )}
      </div>
    </div>
  );
}
