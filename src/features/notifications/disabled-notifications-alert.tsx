import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { findRoute } from '../../app/routes.ts';
import { dismissedAt, storeDismissal } from '../../ui/dismissal.ts';
import { session } from '../account/session-store.ts';
import { EnvelopeIcon } from './icons.tsx';
import { DISABLED_ALERT_KEY, showDisabledAlert } from './notification-rules.ts';

/**
 * The disabled-notifications alert of spec 2 for logged-in members: when the mail system stopped some e-mail
 * notifications (session user's `notifications_disabled`), outside settings and notifications, until dismissed
 * (stored with its time under hide-disabled-notifications-alert). Links to /notifications.
 */
export function DisabledNotificationsAlert() {
  const disabled = useSnapshot(session).user?.notifications_disabled ?? [];
  const [location] = useLocation();
  const [dismissed, setDismissed] = useState(() => dismissedAt(DISABLED_ALERT_KEY));
  if (!showDisabledAlert(disabled, findRoute(location).name, dismissed)) return null;
  return <AlertBody onDismiss={() => setDismissed(storeDismissal(DISABLED_ALERT_KEY))} />;
}

/** The alert itself, apart so the notifications texts load only when it shows. */
function AlertBody({ onDismiss }: { onDismiss(): void }) {
  const { t, ready } = useTranslation('notifications', { useSuspense: false });
  if (!ready) return null;
  return (
    <div className="container pt-3">
      <div className="alert alert-warning d-flex align-items-start gap-3 mb-0" role="status">
        <EnvelopeIcon size={18} className="flex-shrink-0 mt-1" />
        <span className="flex-grow-1">
          {t('alert.text')}{' '}
          <Link href="/notifications" className="alert-link">
            {t('alert.link')}
          </Link>
        </span>
        <button type="button" className="btn-close" aria-label={t('alert.dismiss')} onClick={onDismiss} />
      </div>
    </div>
  );
}
