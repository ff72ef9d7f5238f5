import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import Button from 'react-bootstrap/Button';
import { errorText } from '../../i18n/error-text.ts';
import { AlertIcon, CheckAllIcon, CheckIcon, ClockIcon } from '../members/icons.tsx';
import type { MessageRow } from '../../data/db.ts';
import { GiftImage } from '../gifts/gift-image.tsx';
import { ChatPhoto } from './chat-photo.tsx';
import { formatTime } from './chat-time.ts';

/** Where a refused send can go on (DESIGN: failed messages show "a way on"). */
const WAY_ON: Record<string, { href: string; key: string }> = {
  not_enough_credits: { href: '/credits', key: 'buyCredits' },
  premium_only: { href: '/premium', key: 'getPremium' },
};

/** A message's time until hydration: blank, about as wide and as high as "14:05" (five figure spaces). */
const TIME_PLACEHOLDER = '\u2007'.repeat(5);

/**
 * One message (a gift message shows the gift's drawing and name, a photo message its photo, ChatPhoto): own messages right-aligned in the primary colour with their state (pending, sent, read),
 * the other member's left. A failed one shows the reason, a way on, "Retry" and "Delete". Its time of day is in the
 * reader's time zone: written only with `local` (after hydration, src/app/hydrated.tsx), before that figure spaces
 * about as wide (TIME_PLACEHOLDER), never by the server.
 */
export function MessageBubble({
  message,
  mine,
  read,
  tight = false,
  onRetry,
  onDelete,
  onBuyCredits,
  memberName,
  local,
}: {
  message: MessageRow;
  mine: boolean;
  /** An own message the other member has read. */
  read: boolean;
  /** The next message is from the same sender: less space below. */
  tight?: boolean;
  onRetry: () => void;
  onDelete: () => void;
  /** Called as the member leaves to buy credits for this message (not_enough_credits), so it is kept (kept-draft.ts). */
  onBuyCredits?: () => void;
  /** The other member's name, for the `blocked` reason. */
  memberName: string;
  /** The reader's time zone may be used (after hydration: useHydrated): the time of day is written. */
  local: boolean;
}) {
  const { t, i18n } = useTranslation(['chat', 'gifts']);
  const failed = message.status === 'failed';
  const isPhoto = Boolean(message.photo || message.localPhoto);
  const code = message.failure?.code ?? '';
  const wayOn = WAY_ON[code];
  const state =
    message.status === 'pending'
      ? { icon: <ClockIcon size={12} />, label: t('state.pending') }
      : failed
        ? { icon: <AlertIcon size={12} />, label: t('state.failed') }
        : read
          ? { icon: <CheckAllIcon size={14} />, label: t('state.read') }
          : { icon: <CheckIcon size={14} />, label: t('state.sent') };

  return (
    <div className={`d-flex flex-column ${tight ? 'pb-1' : 'pb-3'} ${mine ? 'align-items-end' : 'align-items-start'}`}>
      <div
        className={`d-flex ${isPhoto ? 'flex-column align-items-end' : 'flex-wrap align-items-end column-gap-2'} ${isPhoto ? 'px-2' : 'px-3'} py-2 shadow-sm ${mine ? 'bg-primary text-white' : 'bg-white border'} ${failed ? 'opacity-75' : ''}`}
        style={{
          maxWidth: 'min(75%, 34rem)',
          borderRadius: mine ? '1.1rem 1.1rem .3rem 1.1rem' : '1.1rem 1.1rem 1.1rem .3rem',
          opacity: message.status === 'pending' ? 0.7 : undefined,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {message.gift ? (
          <span className="d-flex flex-column align-items-center gap-1 py-1">
            <span className="bg-white rounded-4 p-2 d-inline-flex">
              <GiftImage gift={message.gift} size={96} />
            </span>
            <span className="small fw-semibold">{t('gifts:giftLabel', { gift: t(`gifts:names.${message.gift}`) })}</span>
          </span>
        ) : isPhoto ? (
          <span className="d-block">
            <ChatPhoto message={message} mine={mine} memberName={memberName} />
          </span>
        ) : (
          <span translate="no">{message.text}</span>
        )}
        <span
          className={`d-flex align-items-center gap-1 ms-auto ${mine ? 'text-white' : 'text-body-secondary'}`}
          style={{ fontSize: '.72rem', lineHeight: 1.9 }}
        >
          <time dateTime={message.createdAt}>
            {local ? formatTime(message.createdAt, i18n.language || 'en') : TIME_PLACEHOLDER}
          </time>
          {mine && (
            <span title={state.label} className="d-inline-flex">
              {state.icon}
              <span className="visually-hidden">{state.label}</span>
            </span>
          )}
        </span>
      </div>
      {failed && (
        <div className="mt-1 small text-end" style={{ maxWidth: 'min(75%, 34rem)' }}>
          <p className="text-danger mb-1" role="alert">
            {errorText(message.failure, { t, name: memberName })}
          </p>
          <div className="d-flex flex-wrap justify-content-end align-items-center gap-2">
            {wayOn && (
              <Link
                href={wayOn.href}
                className="btn btn-sm btn-primary rounded-pill"
                onClick={code === 'not_enough_credits' ? onBuyCredits : undefined}
              >
                {t(wayOn.key)}
              </Link>
            )}
            <Button size="sm" variant="light" className="rounded-pill border" onClick={onRetry}>
              {t('retry')}
            </Button>
            <Button size="sm" variant="outline-danger" className="rounded-pill" onClick={onDelete}>
              {t('delete')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
