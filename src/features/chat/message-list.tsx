import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useHydrated } from '../../app/hydrated.tsx';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { MessageRow } from '../../data/db.ts';
import { MessageBubble } from './message-bubble.tsx';
import { dayKey, formatDay } from './chat-time.ts';

/** A row of the log: a day separator (`at` null: the first day, not known yet, a blank of its height) or a message. */
type Row =
  { kind: 'day'; key: string; at: string | null } | { kind: 'message'; key: string; message: MessageRow; tight: boolean };

/**
 * Day separators between messages of different days; `tight` when the next message is from the same sender that day.
 * Days are the reader's (local time zone): without `local` (the server's render and the hydrating one, which must
 * draw the same) only the first separator's place is kept, blank (there is always one above the first message), and
 * `tight` ignores the day.
 */
function toRows(messages: readonly MessageRow[], local: boolean): Row[] {
  const rows: Row[] = !local && messages.length > 0 ? [{ kind: 'day', key: 'day-first', at: null }] : [];
  let prevDay = '';
  messages.forEach((m, i) => {
    const day = local ? dayKey(m.createdAt) : '';
    if (local && day !== prevDay) rows.push({ kind: 'day', key: `day-${day}`, at: m.createdAt });
    prevDay = day;
    const next = messages[i + 1];
    const tight =
      !!next &&
      next.senderId === m.senderId &&
      (!local || dayKey(next.createdAt) === day) &&
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
 *
 * `plain`: the rows as a plain list instead (a server-rendered chat's newest page, until Dexie holds it): a virtualizer
 * draws no rows before it has measured its scroll element, so the server's render and the hydrating one draw them
 * all, in the same markup, and the log stands at its end by CSS alone (a reversed flex column), before any script.
 * Leaving it, the virtualized log opens at its end too. Day separators come after hydration (the reader's days; the
 * first one's place is kept blank before).
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
  plain = false,
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
  /** Draw `messages` as a plain list, not virtualized (see above). */
  plain?: boolean;
}) {
  const { t, i18n } = useTranslation('chat');
  const local = useHydrated();
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => toRows(messages, local), [messages, local]);
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
  const wasPlain = useRef(plain);

  // The plain list became the virtualized one: open at the newest message, as the plain list stood. Older messages
  // came in above: keep the message that was on top where it was.
  useLayoutEffect(() => {
    const before = prevFirst.current;
    prevFirst.current = { id: firstId, count: rows.length };
    const leftPlain = wasPlain.current && !plain;
    wasPlain.current = plain;
    if (plain) return;
    if (leftPlain) {
      if (rows.length > 0) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
      return;
    }
    if (!before.id || before.id === firstId) return;
    const index = rows.findIndex((r) => r.key === before.id);
    if (index > 0) virtualizer.scrollToIndex(index, { align: 'start' });
  }, [firstId, rows, virtualizer, plain]);

  // Opening, an own message just written, or a reply while near the bottom: show the newest message. (A plain list
  // stands at its end by itself.)
  useEffect(() => {
    const el = scroller.current;
    if (!el || !lastId || plain) return;
    const nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 200;
    if (lastMine || nearBottom) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- scrolls when a new last message arrives, not on every render's new rows and virtualizer
  }, [lastId, lastMine]);

  const items = virtualizer.getVirtualItems();
  const drawRow = (row: Row) =>
    row.kind === 'day' ? (
      <div className="text-center py-3">
        {row.at === null ? (
          <span className="badge rounded-pill fw-normal px-3 py-2 invisible" aria-hidden="true">
            {'\u00a0'}
          </span>
        ) : (
          <time dateTime={row.at} className="badge rounded-pill bg-body-secondary text-body-secondary fw-normal px-3 py-2">
            {formatDay(row.at, i18n.language || 'en')}
          </time>
        )}
      </div>
    ) : (
      <MessageBubble
        message={row.message}
        mine={row.message.senderId === meId}
        read={row.message.seq <= peerReadSeq}
        tight={row.tight}
        memberName={memberName}
        local={local}
        onRetry={() => onRetry(row.message.id)}
        onDelete={() => onDelete(row.message.id)}
        onBuyCredits={onBuyCredits && (() => onBuyCredits(row.message.id))}
      />
    );
  return (
    <div
      ref={scroller}
      role="log"
      aria-label={t('messagesLabel')}
      // Plain: a reversed column opens scrolled to its end; the content's auto margin keeps a short log at the top.
      className={`flex-grow-1 overflow-y-auto${plain ? ' d-flex flex-column-reverse' : ''}`}
      style={{ minHeight: 0, overscrollBehavior: 'contain', overflowAnchor: 'none' }}
      tabIndex={0}
    >
      <div className={`container py-3${plain ? ' mb-auto' : ''}`} style={{ maxWidth: 820 }}>
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
        ) : plain ? (
          <ol className="list-unstyled mb-0">
            {rows.map((row) => (
              <li key={row.key}>{drawRow(row)}</li>
            ))}
          </ol>
        ) : (
          <ol className="list-unstyled mb-0 position-relative" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => (
              <li
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="position-absolute top-0 start-0 w-100"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {drawRow(rows[item.index])}
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
