// The back office's staff calls (docs/operations.md, docs/api.md "Back office"): set-up, sign-in, sign-out, the
// staff member's own session, and for admins staff management (add, change role, disable, new set-up link) and
// the audit log. Each route declares its roles.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  OpsAddStaffRequest,
  OpsAuditQuery,
  OpsLoginRequest,
  OpsStaffRoleRequest,
  OpsSetupConfirmRequest,
  OpsSetupRequest,
  type OpsAuditResponse,
  type OpsEndedResponse,
  type OpsSetupResponse,
  type OpsStaffListResponse,
  type OpsStaffResponse,
  type OpsStaffSetupResponse,
  type Staff,
} from '../../contract/ops.ts';
import type { ServerContext } from '../context.ts';
import { readAudit } from '../domain/staff/audit.ts';
import {
  addStaff,
  changeStaffRole,
  confirmSetup,
  disableStaff,
  listStaff,
  resetStaffSetup,
  staffById,
  startSetup,
  type StaffMember,
} from '../domain/staff/staff-accounts.ts';
import { setupLink } from '../domain/staff/staff-command.ts';
import { ApiError } from '../errors.ts';
import { endAllStaffSessions, endStaffSession, signIn } from '../domain/staff/staff-sessions.ts';
import { totpKey } from '../domain/staff/totp-key.ts';
import { parse } from '../validate.ts';
import { actorOf, ALL_ROLES, clearOpsCookie, guardOpsRoutes, setOpsCookie, staffOf } from './ops-guard.ts';

/** The `:id` of a staff member's path. */
const StaffParams = z.object({ id: z.coerce.number().int().positive() });

/** A staff member as the contract answers them. */
const toStaff = (m: StaffMember): Staff => ({
  id: m.id,
  email: m.email,
  role: m.role,
  totp_enabled: m.totpEnabled,
  disabled_at: m.disabledAt?.toISOString() ?? null,
  created_at: m.createdAt.toISOString(),
});

export default async function opsRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db, config } = ctx;
  guardOpsRoutes(app, ctx);
  const signedOut = { config: { roles: 'signed-out' as const } };
  const anyRole = { config: { roles: ALL_ROLES } };
  const admin = { config: { roles: ['admin'] as const } };

  app.post('/api/ops/setup', signedOut, async (req): Promise<OpsSetupResponse> => {
    const { token, password } = parse(OpsSetupRequest, req.body);
    const issuer = new URL(config.publicUrl).hostname;
    return startSetup(db, { token, password, issuer, key: await totpKey(db, config) });
  });

  app.post('/api/ops/setup/confirm', signedOut, async (req): Promise<OpsStaffResponse> => {
    const { token, code } = parse(OpsSetupConfirmRequest, req.body);
    return { staff: toStaff(await confirmSetup(db, { token, code, ip: req.ip, key: await totpKey(db, config) })) };
  });

  app.post('/api/ops/login', signedOut, async (req, reply): Promise<OpsStaffResponse> => {
    const body = parse(OpsLoginRequest, req.body);
    const { member, token } = await signIn(db, { ...body, ip: req.ip, key: await totpKey(db, config) });
    setOpsCookie(reply, token, config.cookieSecure, config.ops.hours);
    return { staff: toStaff(member) };
  });

  app.get('/api/ops/me', anyRole, async (req): Promise<OpsStaffResponse> => ({ staff: toStaff(staffOf(req)) }));

  app.post('/api/ops/logout', anyRole, async (req, reply): Promise<OpsEndedResponse> => {
    await endStaffSession(db, staffOf(req), actorOf(req));
    clearOpsCookie(reply);
    return { ended: 1 };
  });

  app.post('/api/ops/logout-everywhere', anyRole, async (req, reply): Promise<OpsEndedResponse> => {
    const ended = await endAllStaffSessions(db, staffOf(req), actorOf(req));
    clearOpsCookie(reply);
    return { ended };
  });

  app.get('/api/ops/staff', admin, async (): Promise<OpsStaffListResponse> => ({ staff: (await listStaff(db)).map(toStaff) }));

  app.post('/api/ops/staff', admin, async (req): Promise<OpsStaffSetupResponse> => {
    const body = parse(OpsAddStaffRequest, req.body);
    const { member, token } = await addStaff(db, actorOf(req), body);
    return { staff: toStaff(member), setup_link: setupLink(config.publicUrl, token) };
  });

  /** Staff member `:id` of the path, not the caller themself (404 not_found, 409 conflict). */
  const otherStaff = async (req: FastifyRequest): Promise<StaffMember> => {
    const { id } = parse(StaffParams, req.params);
    const member = await staffById(db, id);
    if (!member) throw new ApiError(404, 'not_found');
    if (member.id === staffOf(req).id) throw new ApiError(409, 'conflict');
    return member;
  };

  app.patch('/api/ops/staff/:id', admin, async (req): Promise<OpsStaffResponse> => {
    const { role } = parse(OpsStaffRoleRequest, req.body);
    const member = await otherStaff(req);
    return { staff: toStaff(await changeStaffRole(db, actorOf(req), member.id, role)) };
  });

  app.post('/api/ops/staff/:id/disable', admin, async (req): Promise<OpsStaffResponse> => {
    const member = await otherStaff(req);
    return { staff: toStaff(await disableStaff(db, actorOf(req), member.email)) };
  });

  app.post('/api/ops/staff/:id/reset', admin, async (req): Promise<OpsStaffSetupResponse> => {
    const member = await otherStaff(req);
    const token = await resetStaffSetup(db, actorOf(req), member.email);
    return { staff: toStaff((await staffById(db, member.id)) ?? member), setup_link: setupLink(config.publicUrl, token) };
  });

  app.get('/api/ops/audit', admin, async (req): Promise<OpsAuditResponse> => {
    const q = parse(OpsAuditQuery, req.query);
    const rows = await readAudit(db, {
      staffId: q.staff_id,
      action: q.action,
      targetKind: q.target_kind,
      targetId: q.target_id,
      beforeId: q.before,
      since: q.from === undefined ? undefined : new Date(q.from),
      until: q.to === undefined ? undefined : new Date(q.to),
      limit: q.limit,
    });
    return {
      rows: rows.map((r) => ({
        id: r.id,
        staff_id: r.staffId,
        role: r.role,
        action: r.action,
        target_kind: r.targetKind,
        target_id: r.targetId,
        before: r.before,
        after: r.after,
        at: r.at.toISOString(),
        source_address: r.sourceAddress,
      })),
    };
  });
}
