import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '../../api/client.ts';
import { errorText } from '../../i18n/error-text.ts';
import { showToast } from '../../ui/toast-store.ts';
import { changePassword } from '../account/account-api.ts';
import { NewPasswordFields } from '../account/password-fields.tsx';

/** Settings: change the password (spec 5 messages); the member's other devices are logged out. */
export function PasswordChange() {
  const { t } = useTranslation(['account', 'errors']);
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (password !== repeat) return setFields({ password_repeat: t('errors:passwords_differ') });
    setBusy(true);
    setFields({});
    setError(null);
    try {
      await changePassword({ old_password: old, password, password_repeat: repeat });
      setOld('');
      setPassword('');
      setRepeat('');
      showToast(t('password.changed'));
    } catch (err) {
      const field = err instanceof ApiCallError ? Object.keys(err.fields ?? {})[0] : undefined;
      if (field) setFields({ [field]: errorText(err, { t }) });
      else setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form noValidate onSubmit={onSubmit} aria-busy={busy} aria-labelledby="password-heading">
      <h2 id="password-heading" className="h5 fw-bold mb-1">
        {t('password.changeTitle')}
      </h2>
      <p className="text-body-secondary small">{t('password.changeLead')}</p>
      {error != null && (
        <div className="alert alert-danger" role="alert">
          {errorText(error, { t })}
        </div>
      )}
      <Form.Group className="mb-3" controlId="settings-old-password">
        <Form.Label>{t('password.old')}</Form.Label>
        <Form.Control
          type="password"
          autoComplete="current-password"
          value={old}
          isInvalid={!!fields.old_password}
          onChange={(e) => setOld(e.target.value)}
        />
        <Form.Control.Feedback type="invalid">{fields.old_password}</Form.Control.Feedback>
      </Form.Group>
      <NewPasswordFields
        idPrefix="settings"
        password={password}
        repeat={repeat}
        onPassword={setPassword}
        onRepeat={setRepeat}
        errors={fields}
      />
      <button type="submit" className="btn btn-primary" disabled={busy || !old || !password}>
        {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {t('password.changeSubmit')}
      </button>
    </Form>
  );
}
