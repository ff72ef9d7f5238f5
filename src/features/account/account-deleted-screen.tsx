import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { REACTIVATION_DAYS } from '../../../contract/account.ts';
import { usePageTitle } from '../../app/page-title.ts';
import './account.scss';

/** /account-deleted (spec 2): shown after the deletion; the mailed link restores the account for 14 days (spec 4, 9). */
export default function AccountDeletedScreen() {
  const { t } = useTranslation('account');
  usePageTitle(t('deleteAccount.doneTitle'));
  return (
    <section className="auth-page" aria-labelledby="deleted-heading">
      <div className="container">
        <div className="auth-card card text-center">
          <div className="card-body">
            <h1 id="deleted-heading" className="auth-title">
              {t('deleteAccount.doneTitle')}
            </h1>
            <p className="auth-lead">{t('deleteAccount.doneText', { days: REACTIVATION_DAYS })}</p>
            <Link href="/" className="btn btn-primary btn-lg">
              {t('deleteAccount.home')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
