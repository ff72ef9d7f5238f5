import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { InstallIcon } from '../app/layouts/icons.tsx';
import { installState, promptInstall } from './install.ts';

/**
 * "Install app" in the top navigation while the browser offers installation (Chromium's beforeinstallprompt,
 * captured by install.ts); gone after installing. `nav` is the members' menu link, `button` the visitors'
 * bar button (label hidden below 576 px, the icon keeps the accessible name).
 */
export function InstallButton({ look }: { look: 'nav' | 'button' }) {
  const { canInstall } = useSnapshot(installState);
  const { t, ready } = useTranslation('pwa', { useSuspense: false });
  if (!canInstall || !ready) return null;
  const label = t('install.button');
  const install = () => void promptInstall();
  if (look === 'nav') {
    return (
      <li className="nav-item">
        <button type="button" className="btn btn-link nav-link install-button" onClick={install}>
          <InstallIcon />
          <span>{label}</span>
        </button>
      </li>
    );
  }
  return (
    <li className="nav-item">
      <button type="button" className="btn btn-outline-light btn-sm install-button" onClick={install} aria-label={label}>
        <InstallIcon />
        <span className="d-none d-sm-inline" aria-hidden="true">
          {label}
        </span>
      </button>
    </li>
  );
}
