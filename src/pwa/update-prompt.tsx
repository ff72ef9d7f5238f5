import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { dismissUpdate, pwaState, updateApp } from './register-sw.ts';
import './pwa.scss';

/**
 * The non-blocking "new version" prompt (docs/pwa.md: updates): the waiting SW takes over only when the user
 * presses Reload, so a half-written message is never lost to an automatic reload.
 */
export function UpdatePrompt() {
  const { needRefresh } = useSnapshot(pwaState);
  const { t, ready } = useTranslation('pwa', { useSuspense: false });
  if (!needRefresh || !ready) return null;
  return (
    <div className="pwa-dock" data-bottom-bar>
      <div className="pwa-card" role="alert">
        <p className="mb-0 flex-grow-1">{t('update.available')}</p>
        <button type="button" className="btn btn-link btn-sm" onClick={dismissUpdate}>
          {t('update.later')}
        </button>
        <button type="button" className="btn btn-primary btn-sm" onClick={updateApp}>
          {t('update.reload')}
        </button>
      </div>
    </div>
  );
}
