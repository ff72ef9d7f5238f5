// Accounts over the real server: signup rules and messages (spec 5), activation, login, throttling, logout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserResponse } from '../../contract/index.ts';
import { activeMember, Client, expectShape, signupInput, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(10);
});
afterAll(() => server.close());

describe('signup', () => {
  it('creates a not_confirmed account with signup credits, logs in, and mails an activation link that works once', async () => {
    const client = new Client(server.url);
    const input = signupInput({ name: 'Janneke' });
    const res = await client.post('/api/signup.php', input);
    expect(res.status).toBe(201);
    const { user } = expectShape(UserResponse, res);
    expect(user).toMatchObject({
      status: 'not_confirmed',
      credits: 50,
      paid_user: false,
      profile: { name: 'Janneke', gender: 'male', sexuality: 'hetero', status: 'disabled' },
    });
    expect(res.headers.getSetCookie()[0]).toMatch(/sid=.*HttpOnly.*SameSite=Lax/i);
    expect((await client.get('/api/user.php')).body.user.id).toBe(user!.id);

    await server.jobs.idle();
    const { mails } = (await client.get('/api/dev-mailbox.php')).body;
    const mail = mails.find((m: { to: string }) => m.to === input.email);
    expect(mail.subject).toContain('Activate');
    const link = new URL(mail.text.match(/https?:\/\/\S+/)[0]);
    const first = await client.get(link.pathname + link.search);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/activate/done');
    expect((await client.get('/api/user.php')).body.user).toMatchObject({ status: 'confirmed', profile: { status: 'active' } });
    expect((await client.get(link.pathname + link.search)).headers.get('location')).toBe('/activate/error');
    expect((await client.get('/api/activate.php?token=bogus')).headers.get('location')).toBe('/activate/error');
  });

  const rejects: [string, Record<string, unknown>, number, string][] = [
    ['invalid e-mail', { email: 'not-an-email' }, 400, 'Invalid email'],
    [
      'username equal to the e-mail',
      { email: 'same@example.org', name: 'same@example.org' },
      400,
      'Username may not be the same as your e-mail address',
    ],
    ['username starting with @', { name: '@handle' }, 400, 'Username may not start with @'],
    ['impossible birth date', { date_of_birth: '1990-02-30' }, 400, 'Invalid date of birth'],
    ['birth date in the future', { date_of_birth: '2999-01-01' }, 400, 'Invalid date of birth'],
    ['garbage birth date', { date_of_birth: 'yesterday' }, 400, 'Invalid date of birth'],
    ['under 18', { date_of_birth: `${new Date().getUTCFullYear() - 17}-01-01` }, 400, 'You must be at least 18 years old'],
    ['short password', { password: 'short' }, 400, 'Your password must be at least 8 characters long'],
  ];
  for (const [what, over, status, message] of rejects) {
    it(`refuses ${what} with "${message}"`, async () => {
      const res = await new Client(server.url).post('/api/signup.php', signupInput(over));
      expect(res.status).toBe(status);
      expect(res.body.error.message).toBe(message);
    });
  }

  it('refuses an address that already has an account, in any letter case', async () => {
    const input = signupInput();
    await new Client(server.url).post('/api/signup.php', input);
    const res = await new Client(server.url).post('/api/signup.php', { ...input, email: input.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('This email address already owns an account on this website');
  });

  it('answers malformed signups with 400, never 5xx', async () => {
    for (const body of [
      {},
      { email: 5 },
      signupInput({ gender: 'other' }),
      signupInput({ country: 'XX' }),
      signupInput({ name: 'x'.repeat(100) }),
      'null',
      '[1,2]',
    ]) {
      const res = await new Client(server.url).post('/api/signup.php', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    }
  });
});

describe('login and logout', () => {
  it('logs in with the right password, refuses a wrong one with the spec message, and logout ends the session server-side', async () => {
    const m = await activeMember(server);
    const c = new Client(server.url);
    const bad = await c.post('/api/user.php', { email: m.email, password: 'wrong password' });
    expect(bad.status).toBe(401);
    expect(bad.body.error.message).toBe('Login failed, please try again.');
    const unknown = await c.post('/api/user.php', { email: 'nobody@example.org', password: 'wrong password' });
    expect(unknown.body).toEqual(bad.body);

    const ok = await c.post('/api/user.php', { email: m.email.toUpperCase(), password: 'correct horse battery' });
    expect(ok.status).toBe(200);
    expect(ok.body.user.id).toBe(m.id);
    const stolen = c.cookie;
    await c.get('/api/logout.php');
    expect((await c.get('/api/user.php')).body.user).toBeNull();
    const replay = new Client(server.url);
    replay.cookie = stolen;
    expect((await replay.get('/api/user.php')).body.user).toBeNull();
    expect((await replay.get('/api/chats.php')).body.error.code).toBe('authentication_required');
  });

  it('blocks an account for some minutes after 5 wrong passwords, even with the right one', async () => {
    const m = await activeMember(server);
    const c = new Client(server.url);
    for (let i = 0; i < 5; i++)
      expect((await c.post('/api/user.php', { email: m.email, password: `wrong ${i}` })).status).toBe(401);
    const res = await c.post('/api/user.php', { email: m.email, password: 'correct horse battery' });
    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe('Too many incorrect attempts, account blocked for a number of minutes');
  });

  it('answers 403 authentication_required to members-only calls when logged out', async () => {
    const c = new Client(server.url);
    for (const path of ['/api/chats.php', '/api/likes.php', '/api/messages.php?profile=1']) {
      const res = await c.get(path);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('authentication_required');
    }
    expect((await c.put('/api/user.php', { language: 'de' })).status).toBe(403);
  });

  it('switches the language of a logged-in user and refuses unknown languages', async () => {
    const m = await activeMember(server);
    expect((await m.client.put('/api/user.php', { language: 'de' })).body.user.language).toBe('de');
    expect((await m.client.put('/api/user.php', { language: 'xx' })).status).toBe(400);
    expect((await m.client.post('/api/user.php', { email: 'a' })).status).toBe(400);
  });
});

describe('request security', () => {
  it('refuses cross-site mutations and non-JSON bodies', async () => {
    const c = new Client(server.url);
    const cross = await c.call('POST', '/api/user.php', { email: 'a@b.cd', password: 'x' }, { origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    expect(cross.body.error.code).toBe('forbidden_origin');
    const fetchSite = await c.call(
      'POST',
      '/api/user.php',
      { email: 'a@b.cd', password: 'x' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(fetchSite.status).toBe(403);
    const form = await c.call('POST', '/api/user.php', 'email=a', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    const res = await c.get('/api/user.php');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await new Client(server.url).get('/api/nothing.php');
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('This page could not be found');
  });
});

describe('activation reminder', () => {
  it('sends the link again, at most 3 a day including the signup one, and never for a confirmed account', async () => {
    const client = new Client(server.url);
    const input = signupInput();
    await client.post('/api/signup.php', input);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await client.post('/api/activation-resend.php', {}));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
    expect(answers[2].body.error).toMatchObject({
      code: 'activation_throttled',
      message: 'Too many activation e-mails sent, try again tomorrow.',
    });
    await server.jobs.idle();
    const links = ((await client.get('/api/dev-mailbox.php')).body.mails as { to: string; text: string }[]).filter(
      (m) => m.to === input.email,
    );
    expect(links).toHaveLength(3);
    const newest = new URL(links[0].text.match(/https?:\/\/\S+/)![0]);
    expect((await client.get(newest.pathname + newest.search)).headers.get('location')).toBe('/activate/done');
    expect((await client.post('/api/activation-resend.php', {})).status).toBe(409);
    expect((await new Client(server.url).post('/api/activation-resend.php', {})).status).toBe(403);
  });
});
