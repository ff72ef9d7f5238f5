import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { session } from '../features/account/session-store.ts';
import { usePromptTurn } from '../app/prompts.ts';
import { findRoute } from '../app/routes.ts';
import { dismissedAt, storeDismissal } from '../ui/dismissal.ts';
import { checkPush, pushCapable, pushState, subscribePush, watchPushPermission } from './push-state.ts';
import './pwa.scss';

/** Spec 2: the dismissal is stored with its time under this key. */
const HIDE_KEY = 'hide-push-notification-alert';
/**
 * The alert waits until the page has been open this long, in ms since the page's load: a member reads the page before
 * being asked for something, and a card that appears over a page while it loads becomes its largest paint.
 */
const SHOW_AFTER_MS = 15_000;

/** Spec 2: routes where the push opt-in alert never shows. */
const HIDDEN_ON = new Set(['signup', 'complete-signup', 'notifications', 'activate-done', 'directdebit', 'premium']);

/**
 * The push opt-in alert of spec 2 for logged-in members: shown when push is possible and not yet on, outside
 * signup, notifications, activate-done, directdebit and premium, until dismissed, once the page has been open
 * SHOW_AFTER_MS, when its turn among the prompts comes (src/app/prompts.ts). "Turn on" asks the browser.
 * Mounted on every screen of the default layout, it also runs the push check at start and keeps the push state in
 * step with the browser's permission (src/pwa/push-state.ts).
 */
export function PushAlert() {
  const { t, ready } = useTranslation('pwa', { useSuspense: false });
  const { user, settings } = useSnapshot(session);
  const { status, busy, error } = useSnapshot(pushState);
  const [location] = useLocation();
  const [hidden, setHidden] = useState(() => dismissedAt(HIDE_KEY) !== null);
  const publicKey = settings?.push_public_key ?? null;
  const userId = user?.id;
  const [due, setDue] = useState(() => performance.now() >= SHOW_AFTER_MS);

  useEffect(() => {
    if (due) return;
    const timer = setTimeout(() => setDue(true), SHOW_AFTER_MS - performance.now());
    return () => clearTimeout(timer);
  }, [due]);

  useEffect(() => {
    if (userId === undefined || !pushCapable()) return;
    void checkPush(publicKey);
    return watchPushPermission(publicKey);
  }, [userId, publicKey]);

  const wants =
    due &&
    !!user &&
    !hidden &&
    !!publicKey &&
    !HIDDEN_ON.has(findRoute(location).name) &&
    (status === 'unsubscribed' || (status === 'denied' && !!error));
  const turn = usePromptTurn('push-opt-in', wants);
  if (!ready || !turn || !publicKey) return null;
  const dismiss = () => {
    storeDismissal(HIDE_KEY);
    setHidden(true);
  };
  // In the dock at the bottom, over the page: it appears when the worker's check answers, seconds after the page
  // was drawn, and in the page's flow it would push everything down (a layout shift).
  return (
    <div className="pwa-dock push-dock" data-bottom-bar>
      <div className="pwa-card flex-wrap" role="alert">
        <span className="flex-grow-1">{error ? t(error) : t('push.alert')}</span>
        {!error && (
          <button
            type="button"
            className="btn btn-sm btn-primary rounded-pill px-3"
            disabled={busy}
            onClick={() => void subscribePush(publicKey)}
          >
            {t('push.turnOn')}
          </button>
        )}
        <button type="button" className="btn-close" aria-label={t('install.dismiss')} onClick={dismiss} />
      </div>
    </div>
  );
}
