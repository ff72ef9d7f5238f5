import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { CloudOffIcon } from '../app/layouts/icons.tsx';
import { network } from './online.ts';
import './pwa.scss';

/**
 * Spec 2 "Offline and online status is tracked": a bar saying the app shows saved data while offline. The
 * role=status region stays mounted so screen readers announce the change; the text loads with the `pwa`
 * namespace without suspending the layout.
 */
export function OfflineIndicator() {
  const { online } = useSnapshot(network);
  const { t, ready } = useTranslation('pwa', { useSuspense: false });
  return (
    <div role="status" className="offline-status">
      {!online && ready && (
        <p className="offline-bar">
          <CloudOffIcon />
          <span>{t('offline.status')}</span>
        </p>
      )}
    </div>
  );
}
