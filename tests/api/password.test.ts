// Password reset and change over the real server (spec 5, 8): a single-use link that expires, the daily limit,
// every other session ended.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, RESET_MAILS_PER_DAY, UserResponse } from '../../contract/index.ts';
import { passwordResets } from '../../server/db/schema.ts';
import { activeMember, Client, expectShape, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(0);
});
afterAll(() => server.close());

/** The newest reset link mailed to `email` (dev mailbox), as a path with its query. */
async function resetLink(client: Client, email: string): Promise<{ path: string; token: string }> {
  // The mail is sent after the answer: poll the mailbox briefly.
  for (let i = 0; i < 50; i++) {
    const { mails } = (await client.get('/api/dev-mailbox.php')).body as {
      mails: { to: string; subject: string; text: string }[];
    };
    const mail = mails.find((m) => m.to === email && m.subject.startsWith('Reset'));
    if (mail) {
      const url = new URL(mail.text.match(/https?:\/\/\S+\/reset-password\/do\?token=\S+/)![0]);
      return { path: url.pathname + url.search, token: url.searchParams.get('token')! };
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('no reset mail');
}

const loginAs = (email: string, password: string) => {
  const c = new Client(server.url);
  return c.post('/api/user.php', { email, password }).then((res) => ({ c, res }));
};

describe('password reset', () => {
  it('mails a link that sets a new password once, logs in and ends every other session', async () => {
    const { client: oldDevice, email } = await activeMember(server);
    const visitor = new Client(server.url);
    expect((await visitor.post('/api/password-reset.php', { email: email.toUpperCase() })).body).toEqual({ sent: true });
    const { path, token } = await resetLink(visitor, email);
    expect(path).toBe(`/reset-password/do?token=${token}`);

    const done = await visitor.post('/api/password-reset-do.php', { token, password: 'a brand new password' });
    expect(done.status).toBe(200);
    expect(expectShape(UserResponse, done).user!.email).toBe(email);
    expect((await visitor.get('/api/user.php')).body.user.email).toBe(email);
    expect((await oldDevice.get('/api/user.php')).body.user).toBeNull();
    expect((await loginAs(email, 'a brand new password')).res.status).toBe(200);
    expect((await loginAs(email, 'correct horse battery')).res.status).toBe(401);

    const again = await new Client(server.url).post('/api/password-reset-do.php', { token, password: 'yet another password' });
    expect(again.status).toBe(400);
    expect(expectShape(ErrorBody, again).error).toMatchObject({
      code: 'link_invalid',
      message: 'Link expired or invalid, request a new e-mail.',
    });
  });

  it('refuses an expired link, a short password and unknown tokens', async () => {
    const { email } = await activeMember(server);
    const c = new Client(server.url);
    await c.post('/api/password-reset.php', { email });
    const { token } = await resetLink(c, email);
    expect((await c.post('/api/password-reset-do.php', { token, password: 'short' })).body.error.code).toBe('password_too_short');
    await server.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await c.post('/api/password-reset-do.php', { token, password: 'long enough now' })).body.error.code).toBe(
      'link_invalid',
    );
    expect((await c.post('/api/password-reset-do.php', { token: 'x'.repeat(43), password: 'long enough now' })).status).toBe(400);
    for (const bad of [{}, { token: 1, password: 'x' }, { token: 'a'.repeat(500), password: 'long enough now' }]) {
      expect((await c.post('/api/password-reset-do.php', bad)).status).toBe(400);
    }
  });

  it('answers the spec messages for an unknown address and after the daily limit', async () => {
    const c = new Client(server.url);
    const unknown = await c.post('/api/password-reset.php', { email: 'nobody.here@example.org' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'email_not_found', message: 'E-mail address not found.' });
    const { email } = await activeMember(server);
    const answers = await Promise.all(
      Array.from({ length: RESET_MAILS_PER_DAY + 3 }, () => c.post('/api/password-reset.php', { email })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(RESET_MAILS_PER_DAY);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(429);
      expect(a.body.error).toMatchObject({
        code: 'reset_throttled',
        message: 'Too many password reset e-mails sent, try again tomorrow.',
      });
    }
    expect((await c.post('/api/password-reset.php', { email: 42 })).status).toBe(400);
  });
});

describe('password change', () => {
  it('checks the repeat and the old password, then ends the other sessions only', async () => {
    const { client, email } = await activeMember(server);
    const other = (await loginAs(email, 'correct horse battery')).c;
    const differ = await client.put('/api/password.php', {
      old_password: 'correct horse battery',
      password: 'new password one',
      password_repeat: 'new password two',
    });
    expect(differ.body.error).toMatchObject({ code: 'passwords_differ', message: 'The entered passwords are not the same.' });
    const wrong = await client.put('/api/password.php', {
      old_password: 'not my password',
      password: 'new password one',
      password_repeat: 'new password one',
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toMatchObject({ code: 'wrong_old_password', message: 'Please check your old password.' });
    const ok = await client.put('/api/password.php', {
      old_password: 'correct horse battery',
      password: 'new password one',
      password_repeat: 'new password one',
    });
    expect(ok.body).toEqual({ changed: true });
    expect((await client.get('/api/user.php')).body.user.email).toBe(email);
    expect((await other.get('/api/user.php')).body.user).toBeNull();
    expect((await loginAs(email, 'new password one')).res.status).toBe(200);
    expect(
      (await new Client(server.url).put('/api/password.php', { old_password: 'a', password: 'b', password_repeat: 'b' })).status,
    ).toBe(403);
  });
});
