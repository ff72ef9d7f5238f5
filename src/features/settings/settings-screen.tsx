import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/page-title.ts';
import { AccountDelete } from './account-delete.tsx';
import { BlockedMembers } from './blocked-members.tsx';
import { DataExport } from './data-export.tsx';
import { EmailChange } from './email-change.tsx';
import { InvisibleMode } from './invisible-mode.tsx';
import { PasswordChange } from './password-change.tsx';
import { StoredCards } from './stored-cards.tsx';

/** /settings (the account menu's Settings, spec 2): the account's settings, one card per subject. */
export default function SettingsScreen() {
  const { t } = useTranslation('account');
  usePageTitle(t('settings.title'));
  return (
    <div className="container py-3 py-md-4" style={{ maxWidth: 720 }}>
      <h1 className="h3 fw-bold mb-3">{t('settings.title')}</h1>
      <div className="card border-0 shadow-sm mb-3">
        <div className="card-body d-flex flex-wrap align-items-center justify-content-between gap-2">
          <div>
            <h2 className="h5 fw-bold mb-1">{t('settings.notificationsTitle')}</h2>
            <p className="text-body-secondary small mb-0">{t('settings.notificationsLead')}</p>
          </div>
          <Link href="/notifications" className="btn btn-outline-primary">
            {t('settings.notificationsOpen')}
          </Link>
        </div>
      </div>
      {(
        [
          ['invisible', InvisibleMode],
          ['email', EmailChange],
          ['password', PasswordChange],
          ['blocked', BlockedMembers],
          ['cards', StoredCards],
          ['export', DataExport],
          ['delete', AccountDelete],
        ] as const
      ).map(([key, Section]) => (
        <div key={key} className="card border-0 shadow-sm mb-3">
          <div className="card-body">
            <Section />
          </div>
        </div>
      ))}
    </div>
  );
}
