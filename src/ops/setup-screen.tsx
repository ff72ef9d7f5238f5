// The set-up link's page, /ops/setup?token=… (docs/operations.md "Set-up"): a new password, then the authenticator's
// QR code and secret, then its first code to confirm. Sign-in follows on the login screen.
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useSearch } from 'wouter';
import type { OpsSetupResponse } from '../../contract/ops.ts';
import { opsFetch, OpsApiError } from './api.ts';

const MESSAGES: Record<string, string> = {
  link_invalid: 'This set-up link is unknown, used or expired. Ask an admin for a new one.',
  password_too_short: 'The password is too short (at least 8 characters).',
  password_too_common: 'The password is too easy to guess. Choose a longer or less common one.',
  code_invalid: 'That code is wrong. Check the time on your phone and enter the current code.',
  login_throttled: 'Too many attempts. Wait a few minutes and try again.',
};

const messageOf = (err: unknown) => (err instanceof OpsApiError ? (MESSAGES[err.code] ?? err.message) : String(err));

/** The three steps of set-up, from the link's `token` query parameter. */
export function SetupScreen() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [enrolment, setEnrolment] = useState<OpsSetupResponse>();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await step();
    } catch (err) {
      setError(messageOf(err));
    }
    setBusy(false);
  };
  const choosePassword = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    if (form.get('password') !== form.get('repeat')) return setError('The two passwords differ.');
    void run(async () => {
      setEnrolment(
        await opsFetch<OpsSetupResponse>('/setup', { method: 'POST', body: { token, password: form.get('password') } }),
      );
    });
  };
  const confirm = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = new FormData(e.currentTarget).get('code');
    void run(async () => {
      await opsFetch('/setup/confirm', { method: 'POST', body: { token, code } });
      setDone(true);
    });
  };

  return (
    <main className="ops-narrow">
      <h1 className="h3 mb-3">Back office set-up</h1>
      {!token && <Alert variant="danger">This page needs the set-up link you were given.</Alert>}
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      {done ? (
        <Alert variant="success">
          Set-up complete. <Link href="/">Sign in</Link> with your e-mail, password and a code from your authenticator.
        </Alert>
      ) : enrolment ? (
        <Form onSubmit={confirm}>
          <p>Step 2 of 2: scan this code with an authenticator app (or type the secret in), then enter the code it shows.</p>
          <img src={enrolment.qr} alt="QR code of your authenticator secret" width={200} height={200} className="d-block mb-2" />
          <p>
            Secret: <code data-testid="totp-secret">{enrolment.secret}</code>
          </p>
          <Form.Group className="mb-3" controlId="ops-setup-code">
            <Form.Label>Authenticator code</Form.Label>
            <Form.Control name="code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required />
          </Form.Group>
          <Button type="submit" disabled={busy}>
            Confirm
          </Button>
        </Form>
      ) : (
        <Form onSubmit={choosePassword}>
          <p>Step 1 of 2: choose a password (at least 8 characters, not easy to guess).</p>
          <Form.Group className="mb-3" controlId="ops-setup-password">
            <Form.Label>New password</Form.Label>
            <Form.Control name="password" type="password" autoComplete="new-password" minLength={8} required />
          </Form.Group>
          <Form.Group className="mb-3" controlId="ops-setup-repeat">
            <Form.Label>Repeat the password</Form.Label>
            <Form.Control name="repeat" type="password" autoComplete="new-password" minLength={8} required />
          </Form.Group>
          <Button type="submit" disabled={busy || !token}>
            Continue
          </Button>
        </Form>
      )}
    </main>
  );
}
