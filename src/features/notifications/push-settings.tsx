import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import Spinner from 'react-bootstrap/Spinner';
import { useHydrated } from '../../app/hydrated.tsx';
import { isIos } from '../../pwa/install.ts';
import { pushCapable, pushState, subscribePush, unsubscribePush } from '../../pwa/push-state.ts';
import { isStandalone } from '../../pwa/standalone.ts';
import { session } from '../account/session-store.ts';
import { BellIcon } from './icons.tsx';
import { SettingsSwitch } from './settings-switch.tsx';

/**
 * The push part of /notifications (spec 2, spec 4: push capable or not, subscribed, denied, unknown): one switch for
 * this device over the shared push state (src/pwa/push-state.ts), with what to do when this browser cannot take
 * push (iOS: install the app first), when the permission is blocked, and why turning it on failed. The default
 * layout's push alert runs the start-up check that sets the state and follows the permission (watchPushPermission).
 */
export function PushSettings() {
  const { t } = useTranslation(['notifications', 'pwa']);
  const publicKey = useSnapshot(session).settings?.push_public_key ?? null;
  const live = useHydrated();
  const push = useSnapshot(pushState);
  // The server cannot see this browser's push support or permission: its render and the hydrating one (which must
  // match it) show the switch being checked; the device's state shows once the page is live.
  const { status, busy, error } = live ? push : { status: 'unknown', busy: false, error: null };
  const supported = !live || (pushCapable() && !!publicKey && status !== 'unsupported');

  const toggle = (on: boolean) => {
    if (on && publicKey) void subscribePush(publicKey);
    else if (!on) void unsubscribePush();
  };

  return (
    <section className="card border-0 shadow-sm rounded-4 mb-4" aria-labelledby="push-heading">
      <div className="card-body p-3 p-sm-4">
        <h2 id="push-heading" className="h5 fw-bold d-flex align-items-center gap-2 mb-3">
          <span className="settings-icon">
            <BellIcon />
          </span>
          {t('push.heading')}
        </h2>
        <SettingsSwitch
          id="push-switch"
          label={t('push.switch')}
          hint={t('push.hint')}
          checked={status === 'subscribed'}
          disabled={!supported || busy || status === 'unknown' || status === 'denied'}
          onChange={toggle}
        />
        <div aria-live="polite">
          {busy && (
            <p className="small text-body-secondary d-flex align-items-center gap-2 mt-3 mb-0">
              <Spinner as="span" animation="border" size="sm" aria-hidden="true" /> {t('push.saving')}
            </p>
          )}
          {!busy && supported && status === 'unknown' && (
            <p className="small text-body-secondary d-flex align-items-center gap-2 mt-3 mb-0">
              <Spinner as="span" animation="border" size="sm" aria-hidden="true" /> {t('push.checking')}
            </p>
          )}
        </div>
        {!supported && (
          <div className="alert alert-secondary small mt-3 mb-0">
            {isIos() && !isStandalone() ? t('push.unsupportedIos') : t('push.unsupported')}
          </div>
        )}
        {supported && status === 'denied' && (
          <div className="alert alert-warning small mt-3 mb-0">
            <p className="fw-semibold mb-1">{t('push.deniedTitle')}</p>
            <p className="mb-0">{t('push.denied')}</p>
          </div>
        )}
        {supported && status !== 'denied' && error && (
          <div className="alert alert-danger small mt-3 mb-0" role="alert">
            {t(error, { ns: 'pwa' })}
          </div>
        )}
      </div>
    </section>
  );
}
