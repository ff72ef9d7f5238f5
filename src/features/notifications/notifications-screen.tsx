import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/page-title.ts';
import { EmailSettings } from './email-settings.tsx';
import { PushSettings } from './push-settings.tsx';
import './notifications.scss';

/**
 * /notifications (spec 2: "notification settings", the account menu's Settings): push notifications on this device
 * and the member's e-mail notifications, including the ones the mail system stopped (spec 4).
 */
export default function NotificationsScreen() {
  const { t } = useTranslation('notifications');
  usePageTitle(t('title'));
  return (
    <div className="container py-3 py-md-4" style={{ maxWidth: 720 }}>
      <h1 className="h3 fw-bold mb-1">{t('title')}</h1>
      <p className="text-body-secondary mb-3 mb-md-4">{t('lead')}</p>
      <PushSettings />
      <EmailSettings />
    </div>
  );
}
