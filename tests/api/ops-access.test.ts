// The back office's access matrix (docs/operations.md "Roles"): every route under /api/ops that the app registers,
// found by registering the app's route plugins (server/app.ts ROUTES) with an onRoute hook, so a route added later
// is covered without a line here, x every role, a member and a visitor. Visitors and members get 401, a role the
// route does not list 403, a role it lists never 401 or 403 (a minimal body: 400 or 404 is fine).
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffRole } from '../../contract/ops.ts';
import { ROUTES } from '../../server/app.ts';
import { staff, staffSessions } from '../../server/db/schema.ts';
import { hashToken } from '../../server/domain/accounts/sessions.ts';
import { activeMember, Client, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(0);
});
afterAll(() => server.close());

interface OpsRoute {
  method: string;
  url: string;
  roles: unknown;
}

/** Every /api/ops route of the app's route plugins, with its declared `config.roles` (undefined: none). */
async function opsRoutes(): Promise<OpsRoute[]> {
  const found: OpsRoute[] = [];
  const app = Fastify();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/ops')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      found.push({ method, url: route.url, roles: (route.config as { roles?: unknown } | undefined)?.roles });
    }
  });
  // The guard throws at registration for an ops route without roles: that, too, fails this test.
  for (const routes of ROUTES) await app.register(routes, server.app.ctx);
  await app.ready();
  await app.close();
  return found;
}

/** A live session of a new staff member with `role`, made in the database: its cookie. */
async function staffCookie(role: StaffRole): Promise<string> {
  const [member] = await server.db
    .insert(staff)
    .values({ email: `${role}.${randomBytes(6).toString('hex')}@heartline.example`, role, totpEnabled: true })
    .returning({ id: staff.id });
  const token = randomBytes(32).toString('base64url');
  await server.db.insert(staffSessions).values({ tokenHash: hashToken(token), staffId: member.id });
  return `ops_sid=${token}`;
}

describe('back office access matrix', () => {
  it('every /api/ops route declares roles', async () => {
    const routes = await opsRoutes();
    expect(routes.length).toBeGreaterThan(5);
    expect(routes.filter((r) => r.roles === undefined).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('answers every route x role, member and visitor as its roles say', async () => {
    const routes = (await opsRoutes()).filter((r) => Array.isArray(r.roles));
    const member = await activeMember(server);
    const wrong: string[] = [];
    for (const route of routes) {
      const roles = route.roles as StaffRole[];
      // Path parameters get a number: an id that may not exist (404 is fine), never a refusal.
      const path = route.url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');
      for (const who of [...StaffRole.options, 'member', 'visitor'] as const) {
        const client = new Client(server.url);
        // A fresh session per call: sign-out and role changes end sessions.
        if (who === 'member') client.cookie = member.client.cookie;
        else if (who !== 'visitor') client.cookie = await staffCookie(who);
        const res = await client.call(route.method, path, route.method === 'GET' ? undefined : {});
        const refused = who === 'member' || who === 'visitor' ? 401 : roles.includes(who) ? null : 403;
        const ok = refused === null ? res.status !== 401 && res.status !== 403 && res.status < 500 : res.status === refused;
        if (!ok) wrong.push(`${route.method} ${route.url} as ${who}: ${res.status} (expected ${refused ?? 'not 401/403'})`);
        if (refused !== null) expect(JSON.stringify(res.body)).not.toMatch(/@heartline\.example/);
      }
    }
    expect(wrong).toEqual([]);
  });
});
