import { useEffect } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/page-title.ts';
import { refreshUser, session } from './session-store.ts';
import './account.scss';

/** /activate/done: the activation link worked (the server redirects here). */
export default function ActivateDoneScreen() {
  const { t } = useTranslation('account');
  const { user } = useSnapshot(session);
  usePageTitle(t('activate.doneTitle'));
  useEffect(() => {
    // The status just changed to confirmed on the server.
    void refreshUser().catch(() => {});
  }, []);
  return (
    <section className="auth-page" aria-labelledby="activate-heading">
      <div className="container">
        <div className="auth-card card text-center">
          <div className="card-body">
            <div className="result-icon result-icon-ok" aria-hidden="true">
              ✓
            </div>
            <h1 id="activate-heading" className="auth-title">
              {t('activate.doneTitle')}
            </h1>
            <p className="auth-lead">{t('activate.doneText')}</p>
            {user ? (
              <Link href="/members" className="btn btn-primary btn-lg">
                {t('activate.toMembers')}
              </Link>
            ) : (
              <Link href="/login" className="btn btn-primary btn-lg">
                {t('login.submit')}
              </Link>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
