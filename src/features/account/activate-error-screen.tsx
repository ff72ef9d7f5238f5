import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/page-title.ts';
import { session } from './session-store.ts';
import './account.scss';

/** /activate/error: spec 8 "Activation failed (contact support)." with the support address. */
export default function ActivateErrorScreen() {
  const { t } = useTranslation(['account', 'common']);
  const { settings } = useSnapshot(session);
  usePageTitle(t('activate.errorTitle'));
  return (
    <section className="auth-page" aria-labelledby="activate-heading">
      <div className="container">
        <div className="auth-card card text-center">
          <div className="card-body">
            <div className="result-icon result-icon-error" aria-hidden="true">
              !
            </div>
            <h1 id="activate-heading" className="auth-title">
              {t('activate.errorTitle')}
            </h1>
            <p className="auth-lead">{t('activate.errorText')}</p>
            <div className="d-flex flex-wrap justify-content-center gap-2">
              {settings?.support_email && (
                <a href={`mailto:${settings.support_email}`} className="btn btn-primary">
                  {t('activate.contactSupport')}
                </a>
              )}
              <Link href="/" className="btn btn-outline-dark">
                {t('common:errorPage.backHome')}
              </Link>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
