import { useEffect, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { Link, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { LoginRequest } from '../../../contract/index.ts';
import { nextAfterLogin } from '../../app/login-redirect.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { errorText } from '../../i18n/error-text.ts';
import { reactivate, unlock } from './account-api.ts';
import { login } from './session-store.ts';
import './account.scss';

/**
 * /login: e-mail and password; failures show spec 8's messages (login failed, throttled, pending deletion) and a
 * moderator's restriction (suspended until a date; closed, with a link to the access ban page). Returns to
 * `?next=`; `?reactivate=` restores a deleted account first (the deletion mail's link); `?unlock=` lets this browser
 * past the lock of an account that strangers' guesses blocked (the unlock mail's link).
 */
export default function LoginScreen() {
  const { t } = useTranslation(['account', 'errors', 'common']);
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; banned: boolean } | null>(null);
  const [link, setLink] = useState<{ kind: 'reactivate' | 'unlock'; done?: boolean; error?: unknown } | null>(null);
  usePageTitle(t('login.title'));

  // The deletion mail's restore link opens /login?reactivate=<token> (spec 4: reversible within 14 days), the unlock
  // mail's link /login?unlock=<token>; the page posts the token, since a state change is never a GET.
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const kind = query.has('reactivate') ? 'reactivate' : query.has('unlock') ? 'unlock' : null;
    const token = kind && query.get(kind);
    if (!kind || !token) return;
    setLink({ kind });
    (kind === 'reactivate' ? reactivate : unlock)(token).then(
      () => setLink({ kind, done: true }),
      (err: unknown) => setLink({ kind, error: err }),
    );
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = LoginRequest.safeParse({ email, password });
    if (!parsed.success) {
      setError({ text: t('login.required'), banned: false });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await login(parsed.data);
      navigate(nextAfterLogin(window.location.search), { replace: true });
    } catch (err) {
      setError({ text: errorText(err, { t }), banned: (err as { code?: unknown }).code === 'account_banned' });
      setBusy(false);
    }
  }

  return (
    <section className="auth-page" aria-labelledby="login-heading">
      <div className="container">
        <div className="auth-card card">
          <div className="card-body">
            <h1 id="login-heading" className="auth-title">
              {t('login.title')}
            </h1>
            <p className="auth-lead">{t('login.lead')}</p>
            {link && (
              <div className={`alert ${link.error ? 'alert-danger' : 'alert-success'}`} role={link.error ? 'alert' : 'status'}>
                {link.error
                  ? errorText(link.error, { t })
                  : link.kind === 'unlock'
                    ? t(link.done ? 'unlock.done' : 'unlock.checking')
                    : t(link.done ? 'reactivate.done' : 'reactivate.checking')}
              </div>
            )}
            <Form noValidate onSubmit={onSubmit} aria-busy={busy}>
              {error && (
                <div className="alert alert-danger" role="alert">
                  {error.text}
                  {error.banned && (
                    <>
                      {' '}
                      <Link href="/pages/ban" className="alert-link">
                        {t('common:footer.ban')}
                      </Link>
                    </>
                  )}
                </div>
              )}
              <Form.Group className="mb-3" controlId="login-email">
                <Form.Label>{t('fields.email')}</Form.Label>
                <Form.Control
                  type="email"
                  inputMode="email"
                  autoComplete="username"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              </Form.Group>
              <Form.Group className="mb-3" controlId="login-password">
                <Form.Label>{t('fields.password')}</Form.Label>
                <Form.Control
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </Form.Group>
              <button type="submit" className="btn btn-primary btn-lg w-100" disabled={busy}>
                {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                {t('login.submit')}
              </button>
            </Form>
            <p className="text-center mt-3 mb-0">
              <Link href="/reset-password">{t('login.forgot')}</Link>
            </p>
            <p className="auth-switch">
              {t('login.noAccount')} <Link href="/signup">{t('signup.submit')}</Link>
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
