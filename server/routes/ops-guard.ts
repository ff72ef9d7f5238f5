// The role guard of the back office's /api/ops/ calls (docs/operations.md "Roles"): each route declares in its
// config which roles may call it, and the staff session (the ops cookie, never a member's) is checked before the
// handler runs. Member sessions mean nothing here, and the ops cookie's path keeps it from every member call.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { StaffRole } from '../db/schema.ts';
import type { Actor } from '../domain/staff/audit.ts';
import { staffOfSession, type StaffViewer } from '../domain/staff/staff-sessions.ts';
import { ApiError } from '../errors.ts';

/** The staff session cookie: sent to the back office's API only. */
const OPS_COOKIE = 'ops_sid';
const OPS_COOKIE_PATH = '/api/ops';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call an /api/ops/ route: its roles, or 'signed-out' for the calls made before a session exists (set-up,
     * sign-in). Every /api/ops/ route must say (the app refuses to start otherwise).
     */
    roles?: readonly StaffRole[] | 'signed-out';
  }
  interface FastifyRequest {
    /** The signed-in staff member of an /api/ops/ call whose route names roles (the guard checked them); else null. */
    staff: StaffViewer | null;
  }
}

/** Every role: the calls of one's own session (me, sign-out). */
export const ALL_ROLES: readonly StaffRole[] = ['admin', 'moderator', 'support', 'operator'];

/**
 * Installs the guard on the ops routes plugin `app`: a route without `config.roles` throws at registration; before a
 * role route's handler, no live staff session answers ApiError 401 authentication_required and a role not listed 403
 * unauthorized.
 */
export function guardOpsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.decorateRequest('staff', null);
  app.addHook('onRoute', (route) => {
    if (!route.config?.roles) throw new Error(`ops route ${route.method} ${route.url} declares no roles`);
  });
  app.addHook('preHandler', async (req) => {
    const roles = req.routeOptions.config.roles;
    if (roles === 'signed-out') return;
    const viewer = await staffOfSession(ctx.db, req.cookies[OPS_COOKIE], ctx.config.ops);
    if (!viewer) throw new ApiError(401, 'authentication_required');
    if (!roles?.includes(viewer.role)) throw new ApiError(403, 'unauthorized');
    req.staff = viewer;
  });
}

/** The staff member of a role route's request (the guard set it). */
export function staffOf(req: FastifyRequest): StaffViewer {
  if (!req.staff) throw new ApiError(401, 'authentication_required');
  return req.staff;
}

/** The Actor of a role route's request, for audit rows: its staff member, role and IP. */
export function actorOf(req: FastifyRequest): Actor {
  const viewer = staffOf(req);
  return { staffId: viewer.id, role: viewer.role, ip: req.ip };
}

/** Sets the ops session cookie to `token` (HttpOnly, SameSite=Strict, the API's ops path, for `hours`). */
export function setOpsCookie(reply: FastifyReply, token: string, secure: boolean, hours: number): void {
  reply.setCookie(OPS_COOKIE, token, {
    path: OPS_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: Math.round(hours * 3600),
  });
}

/** Clears the ops session cookie. */
export function clearOpsCookie(reply: FastifyReply): void {
  reply.clearCookie(OPS_COOKIE, { path: OPS_COOKIE_PATH });
}
