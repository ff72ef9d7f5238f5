// Weak passwords refused over the real server (ASVS V6.2.4, V6.2.11): at signup, password change and reset, with the
// site's and the member's own words counting as guessed first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../contract/index.ts';
import { activeMember, Client, expectShape, signupInput, startServer, type TestServer, type Answer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(0, { env: { TRUST_PROXY: 'loopback' } });
});
afterAll(() => server.close());

/** The guessable passwords of the security review: the site's name, sequences, a keyboard row, a word and digits, blanks. */
const WEAK = ['heartline', 'abcdefgh', '87654321', 'qwertzuiop', 'dating123', `${' '.repeat(8)}x`];
const STRONG = 'violet kettle drums softly';

/** A client whose requests come (through the trusted proxy) from `ip`, so signups here meet no per-source limit. */
function from(ip: string): Client {
  const client = new Client(server.url);
  const call = client.call.bind(client);
  client.call = (method, path, body, headers = {}) => call(method, path, body, { 'x-forwarded-for': ip, ...headers });
  return client;
}

function expectWeak(res: Answer, password: string): void {
  expect(res.status, password).toBe(400);
  expect(expectShape(ErrorBody, res).error, password).toMatchObject({
    code: 'password_too_common',
    message: 'This password is too easy to guess. Please choose another one.',
    fields: { password: 'password_too_common' },
  });
}

/** The reset token mailed to `email` (the dev mailbox answers only to loopback). */
async function resetToken(email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const { mails } = (await new Client(server.url).get('/api/dev-mailbox.php')).body as {
      mails: { to: string; text: string }[];
    };
    for (const m of mails.filter((x) => x.to === email)) {
      const link = m.text.match(/reset-password\/do\?token=([\w-]+)/);
      if (link) return link[1];
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('no reset mail');
}

describe('weak passwords', () => {
  it('are refused at signup, also when made of the member’s name or e-mail address; a strong one is accepted', async () => {
    const c = from('198.51.100.71');
    for (const password of WEAK) expectWeak(await c.post('/api/signup.php', signupInput({ password })), password);
    const own = { name: 'Zephyrine', email: `wobblecourt.${Date.now()}@example.org` };
    for (const password of ['zephyrine1990', own.email])
      expectWeak(await c.post('/api/signup.php', signupInput({ ...own, password })), password);
    expect((await c.post('/api/signup.php', signupInput({ ...own, password: STRONG }))).status).toBe(201);
  });

  it('are refused at a password change, also when made of the e-mail address; a strong one is accepted', async () => {
    const { client, email } = await activeMember(server);
    for (const password of [...WEAK, email])
      expectWeak(
        await client.put('/api/password.php', { old_password: 'correct horse battery', password, password_repeat: password }),
        password,
      );
    const ok = await client.put('/api/password.php', {
      old_password: 'correct horse battery',
      password: STRONG,
      password_repeat: STRONG,
    });
    expect(ok.body).toEqual({ changed: true });
  });

  it('are refused through a reset link, which stays usable; a strong one is accepted', async () => {
    const { email } = await activeMember(server);
    const c = from('198.51.100.72');
    expect((await c.post('/api/password-reset.php', { email })).status).toBe(200);
    const token = await resetToken(email);
    for (const password of [...WEAK, email])
      expectWeak(await c.post('/api/password-reset-do.php', { token, password }), password);
    const done = await c.post('/api/password-reset-do.php', { token, password: STRONG });
    expect(done.status).toBe(200);
    expect(done.body.user.email).toBe(email);
  });
});
