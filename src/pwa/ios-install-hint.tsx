import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShareIcon } from '../app/layouts/icons.tsx';
import { usePromptTurn } from '../app/prompts.ts';
import { dismissIosHint, shouldShowIosHint } from './install.ts';
import './pwa.scss';

/**
 * iOS Safari has no install prompt: a dismissible hint at the bottom says how to add the app to the home
 * screen, last of the prompts (src/app/prompts.ts). The dismissal is stored with its time under hide-ios-install-hint
 * (install.ts).
 */
export function IosInstallHint() {
  const [show, setShow] = useState(shouldShowIosHint);
  const { t, ready } = useTranslation('pwa', { useSuspense: false });
  const turn = usePromptTurn('install', show);
  if (!turn || !ready) return null;
  return (
    <aside className="pwa-dock" aria-labelledby="ios-install-title" data-bottom-bar>
      <div className="pwa-card">
        <img src="/icons/apple-touch-icon.png" width="40" height="40" alt="" className="pwa-card-icon" />
        <div className="flex-grow-1">
          <p id="ios-install-title" className="fw-semibold mb-1">
            {t('install.iosTitle')}
          </p>
          <p className="mb-0 small">
            {t('install.iosHint')} <ShareIcon />
          </p>
        </div>
        <button
          type="button"
          className="btn-close"
          aria-label={t('install.dismiss')}
          onClick={() => {
            dismissIosHint();
            setShow(false);
          }}
        />
      </div>
    </aside>
  );
}
