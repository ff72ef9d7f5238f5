import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '../../api/client.ts';
import { errorText } from '../../i18n/error-text.ts';
import { requestEmailChange } from '../account/account-api.ts';
import { session } from '../account/session-store.ts';
import { useEmailSuggestion } from '../account/use-email-suggestion.ts';
import { useReveal } from '../../ui/use-reveal.ts';

/** Settings: change the e-mail address (spec 5); the new address confirms by its link, the old one is told. */
export function EmailChange() {
  const { t } = useTranslation(['account', 'errors']);
  const { user } = useSnapshot(session);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { suggestion, onBlur: suggestOnBlur, holds: suggestionHolds, clear: clearSuggestion } = useEmailSuggestion();
  const sent = useReveal<HTMLDivElement>(sentTo !== null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || suggestionHolds(email)) return;
    setBusy(true);
    setFields({});
    setError(null);
    setSentTo(null);
    try {
      await requestEmailChange(email.trim(), password);
      setSentTo(email.trim());
      setEmail('');
      setPassword('');
    } catch (err) {
      const field = err instanceof ApiCallError ? Object.keys(err.fields ?? {})[0] : undefined;
      if (field) setFields({ [field]: errorText(err, { t }) });
      else setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form noValidate onSubmit={onSubmit} aria-busy={busy} aria-labelledby="email-heading">
      <h2 id="email-heading" className="h5 fw-bold mb-1">
        {t('emailChange.title')}
      </h2>
      <p className="text-body-secondary small">{t('emailChange.current', { email: user?.email ?? '' })}</p>
      {sentTo && (
        <div ref={sent} tabIndex={-1} className="alert alert-success" role="status">
          {t('emailChange.sent', { email: sentTo })}
        </div>
      )}
      {error != null && (
        <div className="alert alert-danger" role="alert">
          {errorText(error, { t })}
        </div>
      )}
      <Form.Group className="mb-3" controlId="settings-new-email">
        <Form.Label>{t('emailChange.new')}</Form.Label>
        <Form.Control
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          isInvalid={!!fields.email}
          aria-describedby={suggestion ? 'settings-new-email-suggestion' : undefined}
          onChange={(e) => {
            setEmail(e.target.value);
            clearSuggestion();
          }}
          onBlur={() => suggestOnBlur(email)}
        />
        <Form.Control.Feedback type="invalid">{fields.email}</Form.Control.Feedback>
        {suggestion && (
          <div className="form-text" id="settings-new-email-suggestion">
            <button
              type="button"
              className="btn btn-link btn-sm p-0 align-baseline"
              onClick={() => {
                setEmail(suggestion);
                clearSuggestion();
              }}
            >
              {t('signup.didYouMean', { email: suggestion })}
            </button>
          </div>
        )}
      </Form.Group>
      <Form.Group className="mb-3" controlId="settings-email-password">
        <Form.Label>{t('password.old')}</Form.Label>
        <Form.Control
          type="password"
          autoComplete="current-password"
          value={password}
          isInvalid={!!fields.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Form.Control.Feedback type="invalid">{fields.password}</Form.Control.Feedback>
      </Form.Group>
      <button type="submit" className="btn btn-primary" disabled={busy || !email || !password}>
        {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {t('emailChange.submit')}
      </button>
    </Form>
  );
}
