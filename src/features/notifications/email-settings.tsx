import { useTranslation } from 'react-i18next';
import Spinner from 'react-bootstrap/Spinner';
import { errorText } from '../../i18n/error-text.ts';
import { EMAIL_KINDS } from './notification-rules.ts';
import { DisabledList } from './disabled-list.tsx';
import { EnvelopeIcon } from './icons.tsx';
import { SettingsSwitch } from './settings-switch.tsx';
import { useEmailSettings } from './use-email-settings.ts';

/**
 * The e-mail part of /notifications (spec 2; contract/notifications.ts): the address the mails go to, one switch per
 * kind (message, like, match) and the kinds the mail system stopped, each with why and "Turn on again" (spec 4).
 * A change shows at once; when it cannot be saved (refused, offline, server down) the switch goes back and the error
 * says why, with "Try again". While offline the switches are disabled and say so.
 */
export function EmailSettings() {
  const { t } = useTranslation(['notifications', 'errors']);
  const view = useEmailSettings();
  const { settings, online, loading, loadError, saving, saveError } = view;
  const locked = !online || saving !== null;

  return (
    <section className="card border-0 shadow-sm rounded-4 mb-4" aria-labelledby="email-heading" aria-busy={loading && !settings}>
      <div className="card-body p-3 p-sm-4">
        <h2 id="email-heading" className="h5 fw-bold d-flex align-items-center gap-2 mb-2">
          <span className="settings-icon">
            <EnvelopeIcon />
          </span>
          {t('email.heading')}
        </h2>

        {!online && (
          <div className="alert alert-warning small d-flex flex-wrap align-items-center gap-2" role="status">
            <span className="flex-grow-1">{t('email.offline')}</span>
            {!settings && (
              <button type="button" className="btn btn-sm btn-outline-dark rounded-pill px-3" onClick={() => void view.load()}>
                {t('email.retry')}
              </button>
            )}
          </div>
        )}
        {online && loadError != null && !settings && (
          <div className="alert alert-danger small d-flex flex-wrap align-items-center gap-2" role="alert">
            <span className="flex-grow-1">{t('email.loadFailed', { error: errorText(loadError, { t }) })}</span>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger rounded-pill px-3"
              disabled={loading}
              onClick={() => void view.load()}
            >
              {t('email.retry')}
            </button>
          </div>
        )}

        {!settings ? (
          online && loadError == null && <EmailSettingsPlaceholder />
        ) : (
          <>
            <p className="text-body-secondary mb-2 text-break">
              {t('email.addressLabel')}{' '}
              <strong className="text-body" translate="no">
                {settings.address}
              </strong>
            </p>
            <ul className="list-unstyled settings-list mb-0">
              {EMAIL_KINDS.map((kind) => {
                const stopped = settings.disabled.some((d) => d.kind === kind) && saving?.kind !== kind;
                return (
                  <li key={kind}>
                    <SettingsSwitch
                      id={`email-${kind}`}
                      label={t(`email.kinds.${kind}`)}
                      hint={
                        stopped ? <span className="text-warning-emphasis">{t('email.stopped')}</span> : t(`email.hints.${kind}`)
                      }
                      checked={view.isOn(kind)}
                      disabled={locked}
                      onChange={(enabled) => void view.change({ kind, enabled })}
                    />
                  </li>
                );
              })}
            </ul>
            <div aria-live="polite">
              {saving && (
                <p className="small text-body-secondary d-flex align-items-center gap-2 mt-2 mb-0">
                  <Spinner as="span" animation="border" size="sm" aria-hidden="true" /> {t('email.saving')}
                </p>
              )}
            </div>
            {saveError && (
              <div className="alert alert-danger small d-flex flex-wrap align-items-center gap-2 mt-3 mb-0" role="alert">
                <span className="flex-grow-1">
                  {t('email.saveFailed', { kind: t(`email.kinds.${saveError.kind}`), error: errorText(saveError.error, { t }) })}
                </span>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger rounded-pill px-3"
                  disabled={locked}
                  onClick={() => void view.change({ kind: saveError.kind, enabled: saveError.enabled })}
                >
                  {t('email.tryAgain')}
                </button>
              </div>
            )}
            <DisabledList
              disabled={settings.disabled.filter((d) => saving?.kind !== d.kind || !saving.enabled)}
              address={settings.address}
              disabledButtons={locked}
              onTurnOn={(kind) => void view.change({ kind, enabled: true })}
            />
          </>
        )}
      </div>
    </section>
  );
}

/** Three grey rows while the settings load. */
function EmailSettingsPlaceholder() {
  return (
    <div className="placeholder-glow" aria-hidden="true">
      <span className="placeholder col-7 rounded d-block mb-4" />
      {[0, 1, 2].map((i) => (
        <div key={i} className="d-flex align-items-center justify-content-between gap-3 py-3">
          <span className="flex-grow-1">
            <span className="placeholder col-4 rounded d-block mb-2" />
            <span className="placeholder col-8 rounded d-block" />
          </span>
          <span className="placeholder rounded-pill" style={{ width: '3rem', height: '1.6rem' }} />
        </div>
      ))}
    </div>
  );
}
