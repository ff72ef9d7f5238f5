import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { MessageRow } from '../../data/db.ts';
import { MessageBubble } from './message-bubble.tsx';
import { dayKey, formatDay } from './chat-time.ts';

/** A row of the virtualized log: a day separator or a message. */
type Row = { kind: 'day'; key: string; at: string } | { kind: 'message'; key: string; message: MessageRow; tight: boolean };

/** Day separators between messages of different days; `tight` when the next message is from the same sender that day. */
function toRows(messages: readonly MessageRow[]): Row[] {
  const rows: Row[] = [];
  let prevDay = '';
  messages.forEach((m, i) => {
    const day = dayKey(m.createdAt);
    if (day !== prevDay) rows.push({ kind: 'day', key: `day-${day}`, at: m.createdAt });
    prevDay = day;
    const next = messages[i + 1];
    const tight =
      !!next &&
      next.senderId === m.senderId &&
      dayKey(next.createdAt) === day &&
      next.status !== 'failed' &&
      m.status !== 'failed';
    rows.push({ kind: 'message', key: m.id, message: m, tight });
  });
  return rows;
}

/**
 * The conversation as a log (role "log", named "Messages"), grouped under day separators and virtualized
 * (@tanstack/react-virtual), so a long conversation keeps only the visible rows in the DOM. It opens at the
 * newest message; older pages load above without moving what is on screen.
 */
export function MessageList({
  messages,
  meId,
  peerReadSeq,
  memberName,
  hasEarlier,
  loadingEarlier,
  onLoadEarlier,
  onRetry,
  onDelete,
  onBuyCredits,
  empty,
}: {
  messages: readonly MessageRow[];
  meId: number;
  /** Own messages with seq up to this are read by the other member. */
  peerReadSeq: number;
  /** The other member's name (for failure reasons). */
  memberName: string;
  hasEarlier: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
  onRetry: (id: string) => void;
  onDelete: (id: string) => void;
  /** A failed message's "Buy credits" was pressed (MessageBubble onBuyCredits). */
  onBuyCredits?: (id: string) => void;
  empty: React.ReactNode;
}) {
  const { t, i18n } = useTranslation('chat');
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => toRows(messages), [messages]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (rows[i].kind === 'day' ? 52 : 60),
    getItemKey: (i) => rows[i].key,
    overscan: 8,
  });

  const last = messages[messages.length - 1];
  const lastId = last?.id;
  const lastMine = last ? last.senderId === meId : false;
  const firstId = messages[0]?.id;
  const prevFirst = useRef<{ id: string | undefined; count: number }>({ id: undefined, count: 0 });

  // Older messages came in above: keep the message that was on top where it was.
  useLayoutEffect(() => {
    const before = prevFirst.current;
    prevFirst.current = { id: firstId, count: rows.length };
    if (!before.id || before.id === firstId) return;
    const index = rows.findIndex((r) => r.key === before.id);
    if (index > 0) virtualizer.scrollToIndex(index, { align: 'start' });
  }, [firstId, rows, virtualizer]);

  // Opening, an own message just written, or a reply while near the bottom: show the newest message.
  useEffect(() => {
    const el = scroller.current;
    if (!el || !lastId) return;
    const nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 200;
    if (lastMine || nearBottom) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- scrolls when a new last message arrives, not on every render's new rows and virtualizer
  }, [lastId, lastMine]);

  const items = virtualizer.getVirtualItems();
  return (
    <div
      ref={scroller}
      role="log"
      aria-label={t('messagesLabel')}
      className="flex-grow-1 overflow-y-auto"
      style={{ minHeight: 0, overscrollBehavior: 'contain', overflowAnchor: 'none' }}
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
        {messages.length === 0 ? (
          empty
        ) : (
          <ol className="list-unstyled mb-0 position-relative" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const row = rows[item.index];
              return (
                <li
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className="position-absolute top-0 start-0 w-100"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  {row.kind === 'day' ? (
                    <div className="text-center py-3">
                      <time
                        dateTime={row.at}
                        className="badge rounded-pill bg-body-secondary text-body-secondary fw-normal px-3 py-2"
                      >
                        {formatDay(row.at, i18n.language || 'en')}
                      </time>
                    </div>
                  ) : (
                    <MessageBubble
                      message={row.message}
                      mine={row.message.senderId === meId}
                      read={row.message.seq <= peerReadSeq}
                      tight={row.tight}
                      memberName={memberName}
                      onRetry={() => onRetry(row.message.id)}
                      onDelete={() => onDelete(row.message.id)}
                      onBuyCredits={onBuyCredits && (() => onBuyCredits(row.message.id))}
                    />
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </div>
  );
}
