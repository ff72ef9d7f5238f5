// Security findings, each as a test that failed before its fix (docs/security.md): dev tools gated,
// proxies trusted only by TRUST_PROXY, login throttled per account and source with known devices let through and
// attempts counted atomically, signup probing limited, common passwords refused, state-changing GETs same-site only,
// HEAD and the per-member cap of the live channel, and the protective headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../../server/db/schema.ts';
import { LOGIN_LIMITS, SIGNUP_PROBE_LIMIT } from '../../server/domain/accounts/throttle.ts';
import { MAX_STREAMS_PER_MEMBER } from '../../server/routes/events.ts';
import { activeMember, Client, signupInput, startServer, type TestServer } from './harness.ts';

/** A server behind a reverse proxy on loopback (TRUST_PROXY=loopback): X-Forwarded-For names the client. */
let proxied: TestServer;
beforeAll(async () => {
  proxied = await startServer(0, { env: { TRUST_PROXY: 'loopback' } });
});
afterAll(() => proxied.close());

/** A client whose requests come (through the trusted proxy) from `ip`. */
function from(server: TestServer, ip: string): Client {
  const client = new Client(server.url);
  const call = client.call.bind(client);
  client.call = (method, path, body, headers = {}) => call(method, path, body, { 'x-forwarded-for': ip, ...headers });
  return client;
}

const login = (client: Client, email: string, password: string, headers: Record<string, string> = {}) =>
  client.call('POST', '/api/user.php', { email, password }, headers);

describe('dev tools (the dev mailbox)', () => {
  it('answer loopback clients only, unless DEV_TOOLS=on', async () => {
    expect((await new Client(proxied.url).get('/api/dev-mailbox.php')).status).toBe(200);
    const outside = await from(proxied, '203.0.113.9').get('/api/dev-mailbox.php');
    expect(outside.status).toBe(404);
    expect(outside.body.mails).toBeUndefined();
    const open = await startServer(0, { env: { TRUST_PROXY: 'loopback', DEV_TOOLS: 'on' } });
    try {
      expect((await from(open, '203.0.113.9').get('/api/dev-mailbox.php')).status).toBe(200);
    } finally {
      await open.close();
    }
  });

  it('the test payment service: its checkout and API answer loopback only, and not at all with a real provider', async () => {
    const member = await activeMember(proxied);
    const started = await member.client.post('/api/payment.php', { id: (await import('uuid')).v7(), bundle: 1, method: 'ideal' });
    expect(started.status).toBe(200);
    const checkout = new URL(started.body.redirect_url).pathname;
    expect((await new Client(proxied.url).get(checkout)).status).toBe(200);
    expect((await from(proxied, '203.0.113.9').get(checkout)).status).toBe(404);
    expect((await from(proxied, '203.0.113.9').post('/dev/psp/v72/sessions', {})).status).toBe(404);
    // On loopback the API still wants its key.
    expect((await new Client(proxied.url).post('/dev/psp/v72/sessions', {})).status).toBe(401);
    const real = await startServer(0, {
      env: { PAYMENT_PROVIDER: 'adyen', ADYEN_API_KEY: 'k', ADYEN_MERCHANT_ACCOUNT: 'm', ADYEN_HMAC_KEY: 'ab'.repeat(32) },
    });
    try {
      expect((await new Client(real.url).get(checkout)).status).toBe(404);
      expect((await new Client(real.url).post('/dev/psp/v72/sessions', {})).status).toBe(404);
    } finally {
      await real.close();
    }
  });

  it('believe X-Forwarded-For only from the proxies of TRUST_PROXY', async () => {
    const direct = await startServer(0);
    try {
      // Without TRUST_PROXY a forged header changes nothing: still loopback, and the per-IP limit still counts.
      expect((await from(direct, '203.0.113.9').get('/api/dev-mailbox.php')).status).toBe(200);
      const answers: number[] = [];
      for (let i = 0; i <= LOGIN_LIMITS.ip.max; i++)
        answers.push((await login(from(direct, `198.51.100.${i}`), `nobody${i}@example.org`, 'wrong password')).status);
      expect(answers.slice(0, LOGIN_LIMITS.ip.max).every((s) => s === 401)).toBe(true);
      expect(answers.at(-1)).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe('login throttling', () => {
  it('locks an address for the source that guessed, not for its owner elsewhere', async () => {
    const m = await activeMember(proxied);
    const attacker = from(proxied, '203.0.113.50');
    const answers = [];
    for (let i = 0; i <= LOGIN_LIMITS.source.max; i++) answers.push((await login(attacker, m.email, `guess ${i}`)).status);
    expect(answers).toEqual([...Array(LOGIN_LIMITS.source.max).fill(401), 429]);
    const locked = await login(attacker, m.email, 'correct horse battery');
    expect(locked.status).toBe(429);
    expect(locked.body.error.message).toBe('Too many incorrect attempts, account blocked for a number of minutes');
    // The owner, from home, gets in.
    expect((await login(from(proxied, '198.51.100.20'), m.email, 'correct horse battery')).status).toBe(200);
  });

  it('lets a device that logged in before through an account-wide lock (a distributed guess)', async () => {
    const m = await activeMember(proxied);
    const phone = from(proxied, '198.51.100.30');
    const first = await login(phone, m.email, 'correct horse battery');
    const device = first.headers
      .getSetCookie()
      .find((c) => c.startsWith('device='))!
      .split(';')[0];
    expect(first.headers.getSetCookie().find((c) => c.startsWith('device='))).toMatch(/HttpOnly/i);
    // Guesses from everywhere used up the account-wide limit.
    const lock = { count: LOGIN_LIMITS.account.max + 1, windowStart: new Date(), blockedUntil: new Date(Date.now() + 3_600_000) };
    await proxied.db
      .insert(loginFailures)
      .values({ key: `login:${m.email}`, ...lock })
      .onConflictDoUpdate({ target: loginFailures.key, set: lock });
    expect((await login(from(proxied, '198.51.100.31'), m.email, 'correct horse battery')).status).toBe(429);
    expect((await login(phone, m.email, 'correct horse battery', { cookie: device })).status).toBe(200);
    // A forged or another member's device cookie is no key.
    const other = await activeMember(proxied);
    const otherDevice = (await login(from(proxied, '198.51.100.32'), other.email, 'correct horse battery')).headers
      .getSetCookie()
      .find((c) => c.startsWith('device='))!
      .split(';')[0];
    expect((await login(phone, m.email, 'correct horse battery', { cookie: otherDevice })).status).toBe(429);
    expect((await login(phone, m.email, 'correct horse battery', { cookie: `${device}x` })).status).toBe(429);
  });

  it('counts concurrent guesses atomically: of 50 at once, exactly the limit get their password checked', async () => {
    const m = await activeMember(proxied);
    const attacker = from(proxied, '203.0.113.77');
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(attacker, m.email, `guess ${i}`)));
    expect(answers.filter((a) => a.status === 401)).toHaveLength(LOGIN_LIMITS.source.max);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(50 - LOGIN_LIMITS.source.max);
  });
});

describe('signup', () => {
  it('limits address probing: past the limit of "taken" answers per IP, a taken address answers 429, a free one signs up', async () => {
    const m = await activeMember(proxied);
    const prober = from(proxied, '203.0.113.88');
    const answers: number[] = [];
    for (let i = 0; i <= SIGNUP_PROBE_LIMIT.max + 1; i++)
      answers.push((await prober.post('/api/signup.php', signupInput({ email: m.email.toUpperCase() }))).status);
    expect(answers.slice(0, SIGNUP_PROBE_LIMIT.max)).toEqual(Array(SIGNUP_PROBE_LIMIT.max).fill(409));
    expect(answers.slice(SIGNUP_PROBE_LIMIT.max)).toEqual([429, 429]);
    const probe = await prober.post('/api/signup.php', signupInput({ email: m.email }));
    expect(probe.status).toBe(429);
    expect(probe.body.error.code).toBe('signup_throttled');
    // An honest signup from the same source (a shared NAT) still goes through, and others sign up.
    expect((await prober.post('/api/signup.php', signupInput())).status).toBe(201);
    expect((await from(proxied, '198.51.100.40').post('/api/signup.php', signupInput())).status).toBe(201);
  });

  it('refuses common and trivial passwords (ASVS V6.2.4)', async () => {
    for (const password of ['password', '12345678', 'Password1', ' '.repeat(8), 'aaaaaaaaaa', 'iloveyou']) {
      const res = await from(proxied, '198.51.100.41').post('/api/signup.php', signupInput({ password }));
      expect(res.status, password).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'password_too_common', fields: { password: 'password_too_common' } });
    }
  });
});

describe('state-changing GETs and the live channel', () => {
  it('refuse logout and the auto-like from another site (Sec-Fetch-Site)', async () => {
    const m = await activeMember(proxied);
    for (const path of ['/api/logout.php', '/api/auto-like.php']) {
      const res = await m.client.call('GET', path, undefined, { 'sec-fetch-site': 'cross-site' });
      expect(res.status, path).toBe(403);
      expect(res.body.error.code).toBe('forbidden_origin');
    }
    expect((await m.client.get('/api/user.php')).body.user.id).toBe(m.id);
    expect((await m.client.call('GET', '/api/logout.php', undefined, { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await m.client.get('/api/user.php')).body.user).toBeNull();
  });

  it('answer HEAD /api/events.php at once', async () => {
    const m = await activeMember(proxied);
    const res = await fetch(`${proxied.url}/api/events.php`, {
      method: 'HEAD',
      headers: { cookie: m.client.cookie },
      signal: AbortSignal.timeout(5_000),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect((await fetch(`${proxied.url}/api/events.php`, { method: 'HEAD', signal: AbortSignal.timeout(5_000) })).status).toBe(
      403,
    );
  });

  it(`keep at most ${MAX_STREAMS_PER_MEMBER} live streams per member: a new one ends the oldest`, async () => {
    const server = await startServer(0);
    const m = await activeMember(server);
    const streams = [];
    try {
      for (let i = 0; i <= MAX_STREAMS_PER_MEMBER; i++) {
        const res = await fetch(`${server.url}/api/events.php`, { headers: { cookie: m.client.cookie } });
        expect(res.status).toBe(200);
        streams.push(res.body!.getReader());
      }
      const drain = async (reader: ReadableStreamDefaultReader<Uint8Array>) => {
        for (;;) if ((await reader.read()).done) return 'ended';
      };
      expect(await drain(streams[0])).toBe('ended');
      const second = await Promise.race([drain(streams[1]), new Promise((r) => setTimeout(() => r('open'), 300))]);
      expect(second).toBe('open');
    } finally {
      await server.close();
    }
  });
});

describe('headers', () => {
  it('send Permissions-Policy everywhere, Cache-Control no-store on personal data, HSTS with an https PUBLIC_URL', async () => {
    const m = await activeMember(proxied);
    const user = await m.client.get('/api/user.php');
    expect(user.headers.get('cache-control')).toBe('no-store');
    expect(user.headers.get('permissions-policy')).toContain('camera=()');
    expect(user.headers.get('strict-transport-security')).toBeNull();
    expect((await m.client.get('/api/chats.php')).headers.get('cache-control')).toBe('no-store');
    expect((await m.client.get('/api/interests.php')).headers.get('cache-control')).toBe('public, max-age=86400');
    const https = await startServer(0, { env: { PUBLIC_URL: 'https://heartline.example' } });
    try {
      const res = await new Client(https.url).get('/api/settings.php');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await https.close();
    }
  });
});
