// The back office's staff foundation (docs/operations.md): the command line's set-up link, set-up with a TOTP
// secret, sign-in with password and code, the idle timeout, sign-out, throttled code guessing, the role guard
// (every ops call x every role x member x visitor) and the append-only audit log.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OpsAuditResponse,
  OpsSetupResponse,
  OpsStaffListResponse,
  OpsStaffResponse,
  OpsStaffSetupResponse,
  StaffRole,
} from '../../contract/ops.ts';
import { auditLog, staff, staffSessions, staffSetupTokens } from '../../server/db/schema.ts';
import { hashToken } from '../../server/domain/accounts/sessions.ts';
import { runStaffCommand } from '../../server/domain/staff/staff-command.ts';
import { TOTP_LIMIT } from '../../server/domain/staff/staff-throttle.ts';
import { totpCode } from '../../server/domain/staff/totp.ts';
import { guardOpsRoutes } from '../../server/routes/ops-guard.ts';
import { activeMember, Client, expectShape, startServer, type Answer, type TestServer } from './harness.ts';

/** A server behind a reverse proxy on loopback (TRUST_PROXY=loopback): X-Forwarded-For names the client. */
let server: TestServer;
beforeAll(async () => {
  server = await startServer(0, { env: { TRUST_PROXY: 'loopback' } });
});
afterAll(() => server.close());

const PASSWORD = 'plum tractor harbour 42';

/** A browser of the back office: keeps the ops cookie, calls from `ip` (through the trusted proxy). */
class OpsClient extends Client {
  constructor(
    base: string,
    readonly ip = '198.51.100.7',
  ) {
    super(base);
  }
  override async call<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const answer = await super.call<T>(method, path, body, { 'x-forwarded-for': this.ip, ...headers });
    const set = answer.headers.getSetCookie().find((c) => c.startsWith('ops_sid='));
    if (set) this.cookie = set.split(';')[0] === 'ops_sid=' ? '' : set.split(';')[0];
    return answer;
  }
}

let counter = 0;
/** A unique staff address. */
const newEmail = () => `staff${++counter}.${Date.now()}@heartline.example`;

/** `npm run staff -- add` for a new address with `role`: the address and the set-up link's token. */
async function added(role: StaffRole): Promise<{ email: string; token: string }> {
  const email = newEmail();
  const out = await runStaffCommand(server.db, server.url, ['add', '--email', email, '--role', role]);
  const link = new URL(out.match(/https?:\/\/\S+/)![0]);
  expect(link.pathname).toBe('/ops/setup');
  return { email, token: link.searchParams.get('token')! };
}

/** A staff member with `role` through the whole set-up, signed in: their client, address, id and TOTP secret. */
async function signedIn(role: StaffRole, ip?: string) {
  const { email, token } = await added(role);
  const client = new OpsClient(server.url, ip);
  const setup = expectShape(OpsSetupResponse, await client.post('/api/ops/setup', { token, password: PASSWORD }));
  const confirmed = await client.post('/api/ops/setup/confirm', { token, code: totpCode(setup.secret) });
  expect(confirmed.status).toBe(200);
  // The set-up's code took this step; sign-in takes the next one (a code is good once; one step ahead is accepted).
  const login = await client.post('/api/ops/login', {
    email,
    password: PASSWORD,
    code: totpCode(setup.secret, Date.now() + 30_000),
  });
  expect(login.status).toBe(200);
  const me = expectShape(OpsStaffResponse, login);
  return { client, email, id: me.staff.id, secret: setup.secret };
}

/** A live session of staff member `staffId`, made in the database (for calls that end sessions): its cookie. */
async function sessionCookie(staffId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await server.db.insert(staffSessions).values({ tokenHash: hashToken(token), staffId });
  return `ops_sid=${token}`;
}

describe('set-up and sign-in', () => {
  it('adds from the command line, sets up with a TOTP code, signs in, answers me, signs out', async () => {
    const { email, token } = await added('support');
    const client = new OpsClient(server.url);
    const weak = await client.post('/api/ops/setup', { token, password: 'password1' });
    expect(weak.body.error.code).toBe('password_too_common');
    const setup = expectShape(OpsSetupResponse, await client.post('/api/ops/setup', { token, password: PASSWORD }));
    expect(setup.email).toBe(email);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/127\.0\.0\.1:staff.*secret=[A-Z2-7]{32}/);
    expect(setup.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    const [stored] = await server.db.select({ secret: staff.totpSecret }).from(staff).where(eq(staff.email, email));
    expect(stored.secret).toMatch(/^v1\./);
    expect(stored.secret).not.toContain(setup.secret);
    // Before the second factor is confirmed, no sign-in.
    const early = await client.post('/api/ops/login', { email, password: PASSWORD, code: totpCode(setup.secret) });
    expect(early.status).toBe(401);
    expect((await client.post('/api/ops/setup/confirm', { token, code: '000000' })).body.error.code).toBe('code_invalid');
    expect((await client.post('/api/ops/setup/confirm', { token, code: totpCode(setup.secret) })).status).toBe(200);

    // The link is used up: neither step works again.
    expect((await client.post('/api/ops/setup', { token, password: PASSWORD })).body.error.code).toBe('link_invalid');
    expect((await client.post('/api/ops/setup/confirm', { token, code: totpCode(setup.secret) })).body.error.code).toBe(
      'link_invalid',
    );

    const wrong = await client.post('/api/ops/login', { email, password: 'not the password', code: totpCode(setup.secret) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('login_failed');
    const code = totpCode(setup.secret, Date.now() + 30_000);
    const login = await client.post('/api/ops/login', { email, password: PASSWORD, code });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('ops_sid='))!;
    expect(cookie).toMatch(/Path=\/api\/ops/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    // The same code a second time (a replay) is refused.
    const replay = await new OpsClient(server.url).post('/api/ops/login', { email, password: PASSWORD, code });
    expect(replay.status).toBe(401);

    const me = expectShape(OpsStaffResponse, await client.get('/api/ops/me'));
    expect(me.staff).toMatchObject({ email, role: 'support', totp_enabled: true, disabled_at: null });
    expect(JSON.stringify(me)).not.toContain(setup.secret);
    expect((await client.post('/api/ops/logout')).body).toEqual({ ended: 1 });
    expect(client.cookie).toBe('');
    expect((await client.get('/api/ops/me')).status).toBe(401);
  });

  it('refuses an expired set-up link', async () => {
    const { token } = await added('moderator');
    await server.db
      .update(staffSetupTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffSetupTokens.tokenHash, hashToken(token)));
    const res = await new OpsClient(server.url).post('/api/ops/setup', { token, password: PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('link_invalid');
  });

  it('ends a session idle for longer than the idle time, and every session on sign-out everywhere', async () => {
    const a = await signedIn('operator');
    await server.db
      .update(staffSessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(staffSessions.staffId, a.id));
    expect((await a.client.get('/api/ops/me')).status).toBe(401);

    const b = await signedIn('operator');
    const other = new OpsClient(server.url);
    other.cookie = await sessionCookie(b.id);
    expect((await other.get('/api/ops/me')).status).toBe(200);
    expect((await b.client.post('/api/ops/logout-everywhere')).body).toEqual({ ended: 2 });
    expect((await other.get('/api/ops/me')).status).toBe(401);
    expect((await b.client.get('/api/ops/me')).status).toBe(401);
  });

  it('ends the sessions of a disabled staff member and refuses their sign-in', async () => {
    const s = await signedIn('moderator');
    expect(await runStaffCommand(server.db, server.url, ['disable', '--email', s.email])).toMatch(/Disabled/);
    expect((await s.client.get('/api/ops/me')).status).toBe(401);
    const again = await s.client.post('/api/ops/login', {
      email: s.email,
      password: PASSWORD,
      code: totpCode(s.secret, Date.now() + 30_000),
    });
    expect(again.status).toBe(401);
    expect(await runStaffCommand(server.db, server.url, ['list'])).toContain(`${s.email}\tmoderator\tdisabled`);
  });

  it('gives a new set-up link from the command line: sessions end, the old secret stops, the new one signs in', async () => {
    const s = await signedIn('support');
    const out = await runStaffCommand(server.db, server.url, ['reset', '--email', s.email]);
    const token = new URL(out.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    expect((await s.client.get('/api/ops/me')).status).toBe(401);
    const client = new OpsClient(server.url);
    const old = await client.post('/api/ops/login', {
      email: s.email,
      password: PASSWORD,
      code: totpCode(s.secret, Date.now() + 30_000),
    });
    expect(old.status).toBe(401);
    const setup = expectShape(OpsSetupResponse, await client.post('/api/ops/setup', { token, password: PASSWORD }));
    expect(setup.secret).not.toBe(s.secret);
    expect((await client.post('/api/ops/setup/confirm', { token, code: totpCode(setup.secret) })).status).toBe(200);
    const login = await client.post('/api/ops/login', {
      email: s.email,
      password: PASSWORD,
      code: totpCode(setup.secret, Date.now() + 30_000),
    });
    expect(login.status).toBe(200);
  });

  it('lets one of two simultaneous sign-ins with the same code through', async () => {
    const { email, token } = await added('operator');
    const client = new OpsClient(server.url);
    const setup = expectShape(OpsSetupResponse, await client.post('/api/ops/setup', { token, password: PASSWORD }));
    await client.post('/api/ops/setup/confirm', { token, code: totpCode(setup.secret) });
    const code = totpCode(setup.secret, Date.now() + 30_000);
    const both = await Promise.all(
      ['192.0.2.61', '192.0.2.62'].map((ip) =>
        new OpsClient(server.url, ip).post('/api/ops/login', { email, password: PASSWORD, code }),
      ),
    );
    expect(both.map((a) => a.status).sort()).toEqual([200, 401]);
  });

  it('throttles TOTP guesses per staff member from every address, the right code included', async () => {
    const { email, token } = await added('admin');
    const setup = expectShape(
      OpsSetupResponse,
      await new OpsClient(server.url).post('/api/ops/setup', { token, password: PASSWORD }),
    );
    await new OpsClient(server.url).post('/api/ops/setup/confirm', { token, code: totpCode(setup.secret) });
    const right = totpCode(setup.secret, Date.now() + 30_000);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < TOTP_LIMIT.max; i++) {
      const res = await new OpsClient(server.url, `203.0.113.${i + 1}`).post('/api/ops/login', {
        email,
        password: PASSWORD,
        code: wrong,
      });
      expect(res.status).toBe(401);
    }
    const blocked = await new OpsClient(server.url, '203.0.113.99').post('/api/ops/login', {
      email,
      password: PASSWORD,
      code: right,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('login_throttled');
  });

  it('throttles wrong passwords per address and source as member login does', async () => {
    const { email } = await signedIn('support', '192.0.2.40');
    const guesser = new OpsClient(server.url, '192.0.2.41');
    const answers: number[] = [];
    for (let i = 0; i < 7; i++)
      answers.push((await guesser.post('/api/ops/login', { email, password: `guess ${i}`, code: '000000' })).status);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});

describe('role guard', () => {
  type Who = StaffRole | 'member' | 'visitor';
  /** Every role-guarded ops call, and the roles it answers (every other caller: 401 without a staff session, else 403). */
  const CALLS: { method: 'GET' | 'POST'; path: string; roles: readonly StaffRole[] }[] = [
    { method: 'GET', path: '/api/ops/me', roles: ['admin', 'moderator', 'support', 'operator'] },
    { method: 'GET', path: '/api/ops/staff', roles: ['admin'] },
    { method: 'GET', path: '/api/ops/audit', roles: ['admin'] },
    { method: 'POST', path: '/api/ops/logout', roles: ['admin', 'moderator', 'support', 'operator'] },
    { method: 'POST', path: '/api/ops/logout-everywhere', roles: ['admin', 'moderator', 'support', 'operator'] },
  ];
  const ROLES = StaffRole.options;

  it('answers every call for its roles only: 403 for other roles, 401 for members and visitors', async () => {
    const ids = {} as Record<StaffRole, number>;
    for (const role of ROLES) ids[role] = (await signedIn(role)).id;
    const member = await activeMember(server);
    const cells: string[] = [];
    for (const call of CALLS) {
      for (const who of [...ROLES, 'member', 'visitor'] as Who[]) {
        const client = new OpsClient(server.url);
        if (who === 'member') client.cookie = member.client.cookie;
        else if (who !== 'visitor') client.cookie = await sessionCookie(ids[who]);
        const res = await client.call(call.method, call.path, call.method === 'POST' ? {} : undefined);
        const expected = who === 'member' || who === 'visitor' ? 401 : call.roles.includes(who) ? 200 : 403;
        cells.push(`${call.method} ${call.path} ${who} ${res.status}${res.status === expected ? '' : ` (expected ${expected})`}`);
        if (expected !== 200) expect(JSON.stringify(res.body)).not.toMatch(/@heartline\.example/);
      }
    }
    expect(cells.filter((c) => c.includes('expected'))).toEqual([]);
  });

  it('refuses to start with an ops route that declares no roles', async () => {
    const app = Fastify();
    const start = async () => {
      await app.register(async (ops) => {
        guardOpsRoutes(ops, server.app.ctx);
        ops.get('/api/ops/forgotten', async () => ({}));
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/declares no roles/);
    await app.close();
  });

  it('a staff session never acts as a member', async () => {
    const s = await signedIn('admin');
    const asMember = new Client(server.url);
    asMember.cookie = s.client.cookie;
    expect((await asMember.get('/api/user.php')).body).toEqual({ user: null });
  });
});

describe('staff management in the console (admins)', () => {
  it('adds with a set-up link, changes the role, gives a new link and disables, each audited; never the own account', async () => {
    const admin = await signedIn('admin');
    const email = newEmail();
    const added = expectShape(OpsStaffSetupResponse, await admin.client.post('/api/ops/staff', { email, role: 'operator' }));
    expect(added.staff).toMatchObject({ email, role: 'operator', totp_enabled: false, disabled_at: null });
    const link = new URL(added.setup_link);
    expect(link.pathname).toBe('/ops/setup');
    const setup = await new OpsClient(server.url).post('/api/ops/setup', {
      token: link.searchParams.get('token'),
      password: PASSWORD,
    });
    expect(setup.status).toBe(200);
    expect((await admin.client.post('/api/ops/staff', { email, role: 'support' })).body.error.code).toBe('email_taken');

    const id = added.staff.id;
    const moved = expectShape(OpsStaffResponse, await admin.client.call('PATCH', `/api/ops/staff/${id}`, { role: 'support' }));
    expect(moved.staff.role).toBe('support');
    const reset = expectShape(OpsStaffSetupResponse, await admin.client.post(`/api/ops/staff/${id}/reset`, {}));
    expect(reset.setup_link).not.toBe(added.setup_link);
    const disabled = expectShape(OpsStaffResponse, await admin.client.post(`/api/ops/staff/${id}/disable`, {}));
    expect(disabled.staff.disabled_at).not.toBeNull();
    const list = expectShape(OpsStaffListResponse, await admin.client.get('/api/ops/staff'));
    expect(list.staff.find((m) => m.id === id)?.disabled_at).not.toBeNull();

    expect((await admin.client.call('PATCH', `/api/ops/staff/${admin.id}`, { role: 'support' })).status).toBe(409);
    expect((await admin.client.post(`/api/ops/staff/${admin.id}/disable`, {})).status).toBe(409);
    expect((await admin.client.post('/api/ops/staff/999999/disable', {})).status).toBe(404);

    const { rows } = expectShape(OpsAuditResponse, await admin.client.get(`/api/ops/audit?target_kind=staff&target_id=${id}`));
    expect(rows.map((r) => r.action)).toEqual(['staff.disable', 'staff.reset_setup', 'staff.role', 'staff.add']);
    expect(rows[2]).toMatchObject({
      staff_id: admin.id,
      role: 'admin',
      before: { role: 'operator' },
      after: { role: 'support' },
    });
    expect(rows[3]).toMatchObject({ staff_id: admin.id, role: 'admin', after: { email, role: 'operator' } });
  });

  it('filters the audit log by staff member and time range', async () => {
    const admin = await signedIn('admin');
    const mine = expectShape(OpsAuditResponse, await admin.client.get(`/api/ops/audit?staff_id=${admin.id}`));
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(mine.rows.every((r) => r.staff_id === admin.id)).toBe(true);
    const future = encodeURIComponent(new Date(Date.now() + 3600_000).toISOString());
    const none = expectShape(OpsAuditResponse, await admin.client.get(`/api/ops/audit?staff_id=${admin.id}&from=${future}`));
    expect(none.rows).toEqual([]);
    const before = expectShape(OpsAuditResponse, await admin.client.get(`/api/ops/audit?staff_id=${admin.id}&to=${future}`));
    expect(before.rows).toHaveLength(mine.rows.length);
    expect((await admin.client.get('/api/ops/audit?from=yesterday')).status).toBe(400);
  });
});

describe('audit log', () => {
  it('records the command line, set-up and sign-in with who, role, target and address; admins filter it', async () => {
    const s = await signedIn('moderator', '192.0.2.77');
    const admin = await signedIn('admin');
    const res = await admin.client.get(`/api/ops/audit?target_kind=staff&target_id=${s.id}`);
    const { rows } = expectShape(OpsAuditResponse, res);
    expect(rows.map((r) => r.action)).toEqual(['session.sign_in', 'staff.setup', 'staff.add']);
    expect(rows[2]).toMatchObject({
      staff_id: null,
      role: null,
      source_address: null,
      after: { email: s.email, role: 'moderator' },
    });
    expect(rows[0]).toMatchObject({ staff_id: s.id, role: 'moderator', source_address: '192.0.2.77' });
    const byAction = expectShape(OpsAuditResponse, await admin.client.get(`/api/ops/audit?action=staff.add&limit=1`));
    expect(byAction.rows).toHaveLength(1);
  });

  it('refuses to update or delete a row in the database itself', async () => {
    const s = await signedIn('support');
    const [row] = await server.db.select().from(auditLog).where(eq(auditLog.staffId, s.id)).limit(1);
    /** The message of a statement's refusal (drizzle wraps the database's error as its cause). */
    const refusal = (q: Promise<unknown>) =>
      q.then(
        () => 'done',
        (e: Error) => String((e.cause as Error | undefined)?.message ?? e.message),
      );
    expect(await refusal(server.db.update(auditLog).set({ action: 'rewritten' }).where(eq(auditLog.id, row.id)))).toMatch(
      /append-only/,
    );
    expect(await refusal(server.db.delete(auditLog).where(eq(auditLog.id, row.id)))).toMatch(/append-only/);
    const [still] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.id, row.id), eq(auditLog.action, row.action)));
    expect(still).toBeDefined();
    // The staff member the log names stays too.
    expect(await refusal(server.db.delete(staff).where(eq(staff.id, s.id)))).toMatch(/foreign key/);
  });
});
