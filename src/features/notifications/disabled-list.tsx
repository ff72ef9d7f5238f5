import { useTranslation } from 'react-i18next';
import type { DisabledNotification, EmailKind } from '../../../contract/index.ts';
import { EMAIL_KINDS } from './notification-rules.ts';

export interface DisabledListProps {
  /** The stopped kinds (contract: NotificationSettings.disabled). Nothing renders when empty. */
  disabled: readonly DisabledNotification[];
  /** Where the mails go; named in the bounce explanation. */
  address: string;
  disabledButtons: boolean;
  onTurnOn(kind: EmailKind): void;
}

/**
 * Spec 4: the e-mail notifications the mail system stopped, one item per kind: the reasons in plain words with what to
 * do (spam complaint, bounce: check the address, list unsubscribe), since when it is stopped, and "Turn on again"
 * (which lifts every reason of that kind). A kind may be stopped for more than one reason (a bounce after a complaint).
 */
export function DisabledList({ disabled, address, disabledButtons, onTurnOn }: DisabledListProps) {
  const { t, i18n } = useTranslation('notifications');
  const groups = EMAIL_KINDS.map((kind) => ({ kind, entries: disabled.filter((d) => d.kind === kind) })).filter(
    (g) => g.entries.length > 0,
  );
  if (groups.length === 0) return null;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' });

  return (
    <section className="mt-4 pt-3 border-top" aria-labelledby="disabled-heading">
      <h3 id="disabled-heading" className="h6 fw-bold mb-1">
        {t('disabled.heading')}
      </h3>
      <p className="small text-body-secondary mb-3">{t('disabled.lead')}</p>
      <ul className="list-unstyled d-grid gap-2 mb-0">
        {groups.map(({ kind, entries }) => {
          const label = t(`email.kinds.${kind}`);
          const since = entries.map((e) => e.since).sort()[0];
          return (
            <li key={kind} className="disabled-entry rounded-3 p-3">
              <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-1">
                <strong>{label}</strong>
                <time className="small text-body-secondary" dateTime={since}>
                  {t('disabled.since', { date: date.format(new Date(since)) })}
                </time>
              </div>
              {entries.map((entry) => (
                <p key={entry.reason} className="small mb-2">
                  {t(`disabled.reasons.${entry.reason}`, { address })}
                </p>
              ))}
              <button
                type="button"
                className="btn btn-sm btn-primary rounded-pill px-3"
                aria-label={t('disabled.turnOnAgainFor', { kind: label })}
                disabled={disabledButtons}
                onClick={() => onTurnOn(kind)}
              >
                {t('disabled.turnOnAgain')}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
