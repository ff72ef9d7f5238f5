import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { Link, useLocation, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '../../api/client.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { errorText } from '../../i18n/error-text.ts';
import { showToast } from '../../ui/toast-store.ts';
import { resetWithToken } from './account-api.ts';
import { NewPasswordFields } from './password-fields.tsx';
import './account.scss';

/**
 * /reset-password/do?token= (spec 2): the e-mailed link's page. Sets the new password (twice, spec 5: "The entered
 * passwords are not the same."), logs the member in and opens /members; a used or expired link says so (spec 8).
 */
export default function ResetPasswordDoScreen() {
  const { t } = useTranslation(['account', 'errors']);
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(token ? null : new ApiCallError(400, 'link_invalid', ''));
  const [fields, setFields] = useState<Record<string, string>>({});
  usePageTitle(t('password.resetTitle'));
  const linkInvalid = error instanceof ApiCallError && error.code === 'link_invalid';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (password !== repeat) return setFields({ password_repeat: t('errors:passwords_differ') });
    setBusy(true);
    setError(null);
    setFields({});
    try {
      await resetWithToken(token, password);
      showToast(t('password.resetDone'));
      navigate('/members', { replace: true });
    } catch (err) {
      if (err instanceof ApiCallError && (err.code === 'password_too_short' || err.code === 'password_too_common'))
        setFields({ password: errorText(err, { t }) });
      else setError(err);
      setBusy(false);
    }
  }

  return (
    <section className="auth-page" aria-labelledby="reset-do-heading">
      <div className="container">
        <div className="auth-card card">
          <div className="card-body">
            <h1 id="reset-do-heading" className="auth-title">
              {t('password.resetTitle')}
            </h1>
            {error != null && (
              <div className="alert alert-danger" role="alert">
                {errorText(error, { t })}
              </div>
            )}
            {linkInvalid ? (
              <Link href="/reset-password" className="btn btn-primary btn-lg w-100">
                {t('password.newLink')}
              </Link>
            ) : (
              <Form noValidate onSubmit={onSubmit} aria-busy={busy}>
                <NewPasswordFields
                  idPrefix="reset-do"
                  password={password}
                  repeat={repeat}
                  onPassword={setPassword}
                  onRepeat={setRepeat}
                  errors={fields}
                />
                <button type="submit" className="btn btn-primary btn-lg w-100" disabled={busy}>
                  {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                  {t('password.save')}
                </button>
              </Form>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
