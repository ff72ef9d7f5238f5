import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/page-title.ts';
import { SignupForm } from './signup-form.tsx';
import { useSignedUp } from './use-signed-up.ts';

/** /signup: the signup form on its own page. */
export default function SignupScreen() {
  const { t } = useTranslation('account');
  const onSignedUp = useSignedUp();
  usePageTitle(t('signup.title'));
  return (
    <section className="auth-page" aria-labelledby="signup-heading">
      <div className="container">
        <div className="auth-card card auth-card-wide">
          <div className="card-body">
            <h1 id="signup-heading" className="auth-title">
              {t('signup.title')}
            </h1>
            <p className="auth-lead">{t('signup.lead')}</p>
            <SignupForm idPrefix="signup" onSignedUp={onSignedUp} />
            <p className="auth-switch">
              {t('signup.haveAccount')} <Link href="/login">{t('login.submit')}</Link>
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
