import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SendIcon } from '../members/icons.tsx';

/** Lines the textarea grows to before it scrolls. */
const MAX_ROWS = 5;

/**
 * The message composer: textarea "Message" (Enter sends, Shift+Enter adds a line, at most `maxLength`
 * characters), button "Send", the cost of one message ("Costs N credits") and the balance. `actions` sit before the
 * textarea (the "Send a gift" button). `suggestion` (a new object each time, e.g. a picked icebreaker line) replaces the
 * text and focuses the textarea, so the line can be edited before it is sent.
 */
export function Composer({
  maxLength,
  cost,
  credits,
  disabled = false,
  actions,
  suggestion,
  onSend,
}: {
  maxLength: number;
  cost: number;
  /** The user's balance, shown beside the cost. */
  credits?: number;
  disabled?: boolean;
  actions?: ReactNode;
  suggestion?: { text: string } | null;
  onSend: (text: string) => void;
}) {
  const { t } = useTranslation('chat');
  const id = useId();
  const [text, setText] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);
  const canSend = !disabled && text.trim().length > 0 && text.length <= maxLength;

  useEffect(() => {
    if (!suggestion) return;
    setText(suggestion.text.slice(0, maxLength));
    area.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a suggestion fills the box once, when it is picked; a new bound must not overwrite what was typed since
  }, [suggestion]);

  // Grow with the text up to MAX_ROWS lines.
  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    const line = parseFloat(getComputedStyle(el).lineHeight) || 24;
    el.style.height = `${Math.min(el.scrollHeight + 2, line * MAX_ROWS + 16)}px`;
  }, [text]);

  const send = () => {
    if (!canSend) return;
    onSend(text.trim());
    setText('');
    area.current?.focus();
  };

  return (
    <form
      className="container py-2"
      style={{ maxWidth: 820 }}
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <div className="d-flex align-items-end gap-2">
        {actions}
        <label htmlFor={id} className="visually-hidden">
          {t('message')}
        </label>
        <textarea
          ref={area}
          id={id}
          className="form-control rounded-4 py-2 px-3"
          rows={1}
          value={text}
          maxLength={maxLength}
          placeholder={t('placeholder')}
          aria-describedby={`${id}-cost`}
          style={{ resize: 'none', minHeight: 46 }}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
        />
        <button
          type="submit"
          className="btn btn-primary rounded-pill d-inline-flex align-items-center gap-2 px-3 flex-shrink-0"
          style={{ height: 46 }}
          disabled={!canSend}
          aria-label={t('send')}
        >
          {/* On a phone the icon alone, so the textarea keeps room beside the photo and gift buttons. */}
          <SendIcon /> <span className="d-none d-sm-inline">{t('send')}</span>
        </button>
      </div>
      <div className="d-flex justify-content-between small text-body-secondary mt-1 px-1">
        <span id={`${id}-cost`}>
          {t('cost', { count: cost })}
          {credits !== undefined && <span className="ms-2 ps-2 border-start">{t('balance', { count: credits })}</span>}
        </span>
        {text.length > maxLength * 0.8 && (
          <span aria-live="polite">
            {text.length}/{maxLength}
          </span>
        )}
      </div>
    </form>
  );
}
