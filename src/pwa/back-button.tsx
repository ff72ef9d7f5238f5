import { useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { BackIcon } from '../app/layouts/icons.tsx';
import { findRoute } from '../app/routes.ts';
import { isStandalone } from './standalone.ts';
import './pwa.scss';

/**
 * Spec 2: "A back button shows only in installed-app mode on profile, likes, credits and payment screens" (the
 * routes with `back: true` in src/app/routes.ts). An installed app has no browser back button. Goes back in
 * history, or home when the app was opened on this screen (from a notification or a shortcut).
 */
export function BackButton() {
  const [location, navigate] = useLocation();
  const { t, ready } = useTranslation('pwa', { useSuspense: false });
  if (!ready || !findRoute(location).back || !isStandalone()) return null;
  return (
    <button
      type="button"
      className="btn btn-link nav-link back-button"
      aria-label={t('back')}
      onClick={() => (history.length > 1 ? history.back() : navigate('/'))}
    >
      <BackIcon />
    </button>
  );
}
