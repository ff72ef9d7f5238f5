import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { RESET_LINK_MINUTES } from '../../../contract/password.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { errorText } from '../../i18n/error-text.ts';
import { useReveal } from '../../ui/use-reveal.ts';
import { requestReset } from './account-api.ts';
import './account.scss';

/** /reset-password (spec 2): asks for the e-mail address and mails a single-use link (spec 8 errors). */
export default function ResetPasswordScreen() {
  const { t } = useTranslation(['account', 'errors']);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sent = useReveal<HTMLDivElement>(sentTo !== null);
  usePageTitle(t('reset.title'));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!email.trim()) return setError(t('reset.required'));
    setBusy(true);
    setError(null);
    try {
      await requestReset(email.trim());
      setSentTo(email.trim());
    } catch (err) {
      setError(errorText(err, { t }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="auth-page" aria-labelledby="reset-heading">
      <div className="container">
        <div className="auth-card card">
          <div className="card-body">
            <h1 id="reset-heading" className="auth-title">
              {t('reset.title')}
            </h1>
            {sentTo ? (
              <div ref={sent} tabIndex={-1} className="alert alert-success" role="status">
                {t('reset.sent', { email: sentTo, minutes: RESET_LINK_MINUTES })}
              </div>
            ) : (
              <>
                <p className="auth-lead">{t('reset.lead')}</p>
                <Form noValidate onSubmit={onSubmit} aria-busy={busy}>
                  {error && (
                    <div className="alert alert-danger" role="alert">
                      {error}
                    </div>
                  )}
                  <Form.Group className="mb-3" controlId="reset-email">
                    <Form.Label>{t('fields.email')}</Form.Label>
                    <Form.Control
                      type="email"
                      inputMode="email"
                      autoComplete="email"
                      value={email}
                      onChange={(e) => setEmail(e.target.value)}
                    />
                  </Form.Group>
                  <button type="submit" className="btn btn-primary btn-lg w-100" disabled={busy}>
                    {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                    {t('reset.submit')}
                  </button>
                </Form>
              </>
            )}
            <p className="text-center mt-3 mb-0">
              <Link href="/login">{t('reset.backToLogin')}</Link>
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
