// Throttles where passwords, codes and probes are checked (docs/security.md), each a test that failed before its fix:
// the password reset's address probing per source, current-password checks on the login throttle, the signup limit
// per source, the unlock link of an account locked by strangers, and location changes per member.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OwnProfileResponse, type OwnProfile } from '../../contract/index.ts';
import { loginFailures } from '../../server/db/schema.ts';
import { LOCATION_LIMIT, LOGIN_LIMITS, RESET_PROBE_LIMIT, SIGNUP_LIMIT } from '../../server/domain/accounts/throttle.ts';
import { activeMember, Client, expectShape, signupInput, startServer, type TestServer } from './harness.ts';

/** A server behind a reverse proxy on loopback (TRUST_PROXY=loopback): X-Forwarded-For names the client. */
let server: TestServer;
beforeAll(async () => {
  server = await startServer(0, { env: { TRUST_PROXY: 'loopback' } });
});
afterAll(() => server.close());

/** Makes `client`'s requests come (through the trusted proxy) from `ip`; answers it. */
function from(ip: string, client = new Client(server.url)): Client {
  const call = client.call.bind(client);
  client.call = (method, path, body, headers = {}) => call(method, path, body, { 'x-forwarded-for': ip, ...headers });
  return client;
}

const PASSWORD = 'correct horse battery';

/** The mails sent so far (dev mailbox, asked from loopback), once the queued ones went out. */
async function mails(): Promise<{ to: string; subject: string; text: string }[]> {
  await server.jobs.idle();
  return (await new Client(server.url).get('/api/dev-mailbox.php')).body.mails;
}

describe('password reset', () => {
  it('answers "E-mail address not found." up to the limit per source, then 429 for every address from it', async () => {
    const m = await activeMember(server);
    const prober = from('203.0.113.10');
    for (let i = 0; i < RESET_PROBE_LIMIT.max; i++) {
      const res = await prober.post('/api/password-reset.php', { email: `nobody${i}.${Date.now()}@example.org` });
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'email_not_found', message: 'E-mail address not found.' });
    }
    const over = await prober.post('/api/password-reset.php', { email: `nobody.${Date.now()}@example.org` });
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('reset_throttled');
    // A known address from that source learns nothing either; from elsewhere the reset works.
    expect((await prober.post('/api/password-reset.php', { email: m.email })).status).toBe(429);
    expect((await from('198.51.100.10').post('/api/password-reset.php', { email: m.email })).body).toEqual({ sent: true });
  });
});

describe('current-password checks', () => {
  const calls: [string, (c: Client, password: string) => Promise<{ status: number; body: any }>][] = [
    [
      'password change',
      (c, p) =>
        c.put('/api/password.php', { old_password: p, password: 'a brand new pass', password_repeat: 'a brand new pass' }),
    ],
    ['e-mail change', (c, p) => c.put('/api/email.php', { email: `new.${Date.now()}@example.org`, password: p })],
    ['account deletion', (c, p) => c.post('/api/account-delete.php', { password: p })],
  ];
  for (const [name, call] of calls)
    it(`${name}: 12 wrong passwords give 429 past the login limit, shared with logins from that source`, async () => {
      const m = await activeMember(server);
      const ip = `203.0.113.${20 + calls.findIndex(([n]) => n === name)}`;
      const member = from(ip, m.client);
      const answers: number[] = [];
      for (let i = 0; i < 12; i++) answers.push((await call(member, `wrong guess ${i}`)).status);
      expect(answers.slice(0, LOGIN_LIMITS.source.max)).toEqual(Array(LOGIN_LIMITS.source.max).fill(403));
      expect(answers.slice(LOGIN_LIMITS.source.max)).toEqual(Array(12 - LOGIN_LIMITS.source.max).fill(429));
      const throttled = await call(member, PASSWORD);
      expect(throttled.status).toBe(429);
      expect(throttled.body.error.code).toBe('login_throttled');
      // The same budget as logins: a login to that address from that source waits too.
      expect((await from(ip).post('/api/user.php', { email: m.email, password: PASSWORD })).status).toBe(429);
      // The member from another source is not held up.
      expect((await call(from('198.51.100.20', m.client), PASSWORD)).status).toBe(200);
    });

  it('a right current password resets the source count', async () => {
    const m = await activeMember(server);
    const member = from('203.0.113.30', m.client);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < LOGIN_LIMITS.source.max - 1; i++)
        expect((await member.put('/api/email.php', { email: `x${i}@example.org`, password: 'wrong one' })).status).toBe(403);
      expect(
        (await member.put('/api/email.php', { email: `new.${round}.${Date.now()}@example.org`, password: PASSWORD })).status,
      ).toBe(200);
    }
  });
});

describe('signup', () => {
  it(`lets ${SIGNUP_LIMIT.max} accounts an hour be made from one source, then answers 429`, async () => {
    const office = from('203.0.113.40');
    for (let i = 0; i < SIGNUP_LIMIT.max; i++) expect((await office.post('/api/signup.php', signupInput())).status).toBe(201);
    const over = await office.post('/api/signup.php', signupInput());
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('signup_throttled');
    expect((await from('198.51.100.40').post('/api/signup.php', signupInput())).status).toBe(201);
  });

  it('does not count refused signups against the limit', async () => {
    const home = from('203.0.113.41');
    for (let i = 0; i < SIGNUP_LIMIT.max + 5; i++)
      expect((await home.post('/api/signup.php', signupInput({ date_of_birth: '2020-01-01' }))).status).toBe(400);
    expect((await home.post('/api/signup.php', signupInput())).status).toBe(201);
  });

  it('counts concurrent signups atomically', async () => {
    const answers = await Promise.all(
      Array.from({ length: SIGNUP_LIMIT.max + 5 }, () => from('203.0.113.42').post('/api/signup.php', signupInput())),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(SIGNUP_LIMIT.max);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
  });
});

describe('the unlock link of an account locked by strangers', () => {
  /** Guesses from everywhere used up the account-wide limit of `email`. */
  async function lockAccount(email: string) {
    const lock = { count: LOGIN_LIMITS.account.max + 1, windowStart: new Date(), blockedUntil: new Date(Date.now() + 3_600_000) };
    await server.db
      .insert(loginFailures)
      .values({ key: `login:${email}`, ...lock })
      .onConflictDoUpdate({ target: loginFailures.key, set: lock });
  }

  it('is mailed once per lock window and lets the owner log in from a new device, once, with the password', async () => {
    const m = await activeMember(server);
    await lockAccount(m.email);
    const device = from('198.51.100.50');
    const login = (c: Client, password = PASSWORD, cookie = '') =>
      c.call('POST', '/api/user.php', { email: m.email, password }, cookie ? { cookie } : {});
    expect((await login(device)).status).toBe(429);
    expect((await login(from('198.51.100.51'), 'a stranger guess')).status).toBe(429);
    const sent = (await mails()).filter((mail) => mail.to === m.email && mail.text.includes('/login?unlock='));
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toMatch(/^Unlock your /);
    const token = sent[0].text.match(/\/login\?unlock=(\S+)/)![1];

    // Following the link is no login by itself.
    const unlocked = await device.post('/api/unlock.php', { token });
    expect(unlocked.body).toEqual({ unlocked: true });
    expect((await device.get('/api/user.php')).body.user).toBeNull();
    const cookie = unlocked.headers
      .getSetCookie()
      .find((c) => c.startsWith('device='))!
      .split(';')[0];
    expect(unlocked.headers.getSetCookie().find((c) => c.startsWith('device='))).toMatch(/HttpOnly/i);
    // Single use.
    const again = await from('198.51.100.52').post('/api/unlock.php', { token });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('link_invalid');
    // The password is still needed; with it the unlocked device gets in while the lock holds for others.
    expect((await login(device, 'wrong password', cookie)).status).toBe(401);
    expect((await login(device, PASSWORD, cookie)).status).toBe(200);
    expect((await login(from('198.51.100.53'))).status).toBe(429);
  });

  it('is not mailed when only the per-source limit refuses', async () => {
    const m = await activeMember(server);
    const attacker = from('203.0.113.60');
    for (let i = 0; i <= LOGIN_LIMITS.source.max; i++)
      await attacker.post('/api/user.php', { email: m.email, password: `guess ${i}` });
    expect((await attacker.post('/api/user.php', { email: m.email, password: PASSWORD })).status).toBe(429);
    expect((await mails()).filter((mail) => mail.to === m.email && mail.text.includes('/login?unlock='))).toHaveLength(0);
  });
});

describe('location changes', () => {
  it(`allow ${LOCATION_LIMIT.max} an hour per member, then 429; other profile saves go on`, async () => {
    const m = await activeMember(server);
    const own = expectShape(OwnProfileResponse, await m.client.get('/api/profile.php')).profile;
    const { id: _id, region_name: _rn, located: _l, ...editable }: OwnProfile = own;
    for (let i = 0; i < LOCATION_LIMIT.max; i++)
      expect((await m.client.put('/api/profile.php', { ...editable, location: { lat: 52 + i / 10, lon: 5 } })).status).toBe(200);
    const over = await m.client.put('/api/profile.php', { ...editable, location: { lat: 40, lon: 5 } });
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('too_many_requests');
    expect((await m.client.put('/api/profile.php', { ...editable, location: null })).status).toBe(429);
    expect((await m.client.put('/api/profile.php', { ...editable, about: 'Still here.' })).status).toBe(200);
    // Another member is not held up.
    const other = await activeMember(server);
    const theirs = expectShape(OwnProfileResponse, await other.client.get('/api/profile.php')).profile;
    const { id: _i, region_name: _r, located: _x, ...rest } = theirs;
    expect((await other.client.put('/api/profile.php', { ...rest, location: { lat: 52, lon: 5 } })).status).toBe(200);
  });
});
