// The console's sign-in (docs/operations.md "Sign-in"): e-mail, password and the authenticator's code in one form.
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { OpsStaffResponse } from '../../contract/ops.ts';
import { opsFetch, OpsApiError } from './api.ts';
import { useOpsSession } from './session.tsx';

const MESSAGES: Record<string, string> = {
  login_failed: 'E-mail, password or code is wrong, or the account is not set up or disabled.',
  login_throttled: 'Too many attempts. Wait a few minutes and try again.',
};

/** The login form; `expired` adds the notice that the last session ended (idle timeout or signed out elsewhere). */
export function LoginScreen({ expired = false }: { expired?: boolean }) {
  const { signedIn } = useOpsSession();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      const { staff } = await opsFetch<OpsStaffResponse>('/login', {
        method: 'POST',
        body: { email: form.get('email'), password: form.get('password'), code: form.get('code') },
      });
      signedIn({ id: staff.id, email: staff.email, role: staff.role });
    } catch (err) {
      setError(err instanceof OpsApiError ? (MESSAGES[err.code] ?? err.message) : String(err));
      setBusy(false);
    }
  };
  return (
    <main className="ops-narrow">
      <h1 className="h3 mb-3">Back office sign-in</h1>
      {expired && (
        <Alert variant="warning">
          Your session has ended (idle for too long, or signed out elsewhere). Please sign in again.
        </Alert>
      )}
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      <Form onSubmit={submit}>
        <Form.Group className="mb-3" controlId="ops-email">
          <Form.Label>E-mail</Form.Label>
          <Form.Control name="email" type="email" autoComplete="username" required />
        </Form.Group>
        <Form.Group className="mb-3" controlId="ops-password">
          <Form.Label>Password</Form.Label>
          <Form.Control name="password" type="password" autoComplete="current-password" required />
        </Form.Group>
        <Form.Group className="mb-3" controlId="ops-code">
          <Form.Label>Authenticator code</Form.Label>
          <Form.Control name="code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required />
        </Form.Group>
        <Button type="submit" disabled={busy}>
          Sign in
        </Button>
      </Form>
    </main>
  );
}
