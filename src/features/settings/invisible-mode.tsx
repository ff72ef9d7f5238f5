import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { SettingsSwitch } from '../notifications/settings-switch.tsx';
import '../notifications/notifications.scss';
import { setInvisible } from '../account/account-api.ts';
import { session } from '../account/session-store.ts';

/** Settings: invisible mode (spec 4): out of search and never shown online, while chats go on. Rolls back on failure. */
export function InvisibleMode() {
  const { t } = useTranslation(['account', 'errors']);
  const { user } = useSnapshot(session);
  // The switch moves at once; the session's user takes over when the server answered, or it moves back.
  const [pending, setPending] = useState<boolean | null>(null);
  const [error, setError] = useState<unknown>(null);
  const toggle = async (on: boolean) => {
    setPending(on);
    setError(null);
    try {
      await setInvisible(on);
    } catch (e) {
      setError(e);
    } finally {
      setPending(null);
    }
  };
  return (
    <section aria-labelledby="invisible-heading">
      <h2 id="invisible-heading" className="h5 fw-bold mb-2">
        {t('invisible.title')}
      </h2>
      <SettingsSwitch
        id="invisible-switch"
        label={t('invisible.label')}
        hint={t('invisible.hint')}
        checked={pending ?? !!user?.invisible}
        disabled={pending !== null}
        onChange={(on) => void toggle(on)}
      />
      {error != null && (
        <div className="alert alert-danger mt-2 mb-0" role="alert">
          {errorText(error, { t })}
        </div>
      )}
    </section>
  );
}
