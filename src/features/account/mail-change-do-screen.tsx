import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/page-title.ts';
import { errorText } from '../../i18n/error-text.ts';
import { confirmEmailChange } from './account-api.ts';
import { refreshUser, session } from './session-store.ts';
import './account.scss';

/** /mail-change/do?token= (spec 2): the new address's confirmation link; says the new address or why it failed (spec 8). */
export default function MailChangeDoScreen() {
  const { t } = useTranslation(['account', 'errors']);
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const { user } = useSnapshot(session);
  const [state, setState] = useState<{ email?: string; error?: unknown } | null>(null);
  usePageTitle(t('emailChange.doneTitle'));

  useEffect(() => {
    let live = true;
    confirmEmailChange(token).then(
      (email) => {
        if (live) setState({ email });
        void refreshUser().catch(() => {});
      },
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <section className="auth-page" aria-labelledby="mail-change-heading" aria-busy={!state}>
      <div className="container">
        <div className="auth-card card text-center">
          <div className="card-body">
            <h1 id="mail-change-heading" className="auth-title">
              {t('emailChange.doneTitle')}
            </h1>
            {!state && (
              <div className="spinner-border text-primary" role="status">
                <span className="visually-hidden">{t('emailChange.checking')}</span>
              </div>
            )}
            {state?.email && <p className="auth-lead">{t('emailChange.done', { email: state.email })}</p>}
            {state?.error != null && (
              <div className="alert alert-danger" role="alert">
                {errorText(state.error, { t })}
              </div>
            )}
            {state && (
              <Link href={user ? '/settings' : '/login'} className="btn btn-primary btn-lg">
                {user ? t('settings.title') : t('login.submit')}
              </Link>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
