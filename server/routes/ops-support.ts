// The back office's support calls (docs/operations.md "Support", "Dead jobs", "Dashboard"; docs/api.md "Back office"):
// member lookup and account and money actions and the dead letters for support (and admin), the dashboard for every
// role. Each route declares its roles; every change is audited in its own transaction (server/domain/support/).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  OpsGoodwillRequest,
  OpsLedgerQuery,
  OpsMemberSearchQuery,
  type OpsActionResponse,
  type OpsDashboardResponse,
  type OpsDeadJobsResponse,
  type OpsGoodwillResponse,
  type OpsLedgerResponse,
  type OpsMemberResponse,
  type OpsMemberSearchResponse,
  type OpsRefundResponse,
} from '../../contract/ops-support.ts';
import type { ServerContext } from '../context.ts';
import { dashboard } from '../domain/support/dashboard.ts';
import { discardDeadJob, listDeadJobs, retryDeadJob } from '../domain/support/dead-jobs.ts';
import { endMemberSessions, restoreAccount, supportResendActivation, unlockLogin } from '../domain/support/member-actions.ts';
import { ledgerPage, memberPage, searchMembers } from '../domain/support/member-lookup.ts';
import { grantGoodwill, supportRefund } from '../domain/support/money-actions.ts';
import { parse } from '../validate.ts';
import { actorOf, ALL_ROLES, guardOpsRoutes } from './ops-guard.ts';

const MemberParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const PaymentParams = MemberParams.extend({ payment: z.uuid() });
const JobParams = z.object({ id: z.uuid() });

export default async function opsSupportRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db, jobs } = ctx;
  guardOpsRoutes(app, ctx);
  const support = { config: { roles: ['admin', 'support'] as const } };
  const anyRole = { config: { roles: ALL_ROLES } };

  app.get('/api/ops/members', support, async (req): Promise<OpsMemberSearchResponse> => {
    const { q, page } = parse(OpsMemberSearchQuery, req.query);
    return searchMembers(db, q, page);
  });

  app.get('/api/ops/members/:id', support, async (req): Promise<OpsMemberResponse> =>
    memberPage(db, ctx.sites.all, parse(MemberParams, req.params).id),
  );

  app.get('/api/ops/members/:id/ledger', support, async (req): Promise<OpsLedgerResponse> => {
    const { id } = parse(MemberParams, req.params);
    const { before, limit } = parse(OpsLedgerQuery, req.query);
    return { ledger: await ledgerPage(db, id, before, limit) };
  });

  app.post('/api/ops/members/:id/resend-activation', support, async (req): Promise<OpsActionResponse> => {
    await supportResendActivation(ctx, actorOf(req), parse(MemberParams, req.params).id);
    return { done: true };
  });

  app.post('/api/ops/members/:id/unlock-login', support, async (req): Promise<OpsActionResponse> => {
    const count = await unlockLogin(db, actorOf(req), parse(MemberParams, req.params).id);
    return { done: count > 0, count };
  });

  app.post('/api/ops/members/:id/end-sessions', support, async (req): Promise<OpsActionResponse> => {
    const count = await endMemberSessions(db, actorOf(req), parse(MemberParams, req.params).id);
    return { done: count > 0, count };
  });

  app.post('/api/ops/members/:id/restore', support, async (req): Promise<OpsActionResponse> => {
    await restoreAccount(db, actorOf(req), parse(MemberParams, req.params).id);
    return { done: true };
  });

  app.post('/api/ops/members/:id/payments/:payment/refund', support, async (req): Promise<OpsRefundResponse> => {
    const { id, payment } = parse(PaymentParams, req.params);
    return supportRefund(ctx, actorOf(req), { id, paymentId: payment });
  });

  app.post('/api/ops/members/:id/goodwill', support, async (req): Promise<OpsGoodwillResponse> => {
    const { id } = parse(MemberParams, req.params);
    return grantGoodwill(db, actorOf(req), { id, ...parse(OpsGoodwillRequest, req.body) });
  });

  app.get('/api/ops/dead-jobs', support, async (): Promise<OpsDeadJobsResponse> => ({ jobs: await listDeadJobs(db) }));

  app.post('/api/ops/dead-jobs/:id/retry', support, async (req): Promise<OpsActionResponse> => {
    await retryDeadJob(db, jobs, actorOf(req), parse(JobParams, req.params).id);
    return { done: true };
  });

  app.post('/api/ops/dead-jobs/:id/discard', support, async (req): Promise<OpsActionResponse> => {
    await discardDeadJob(db, actorOf(req), parse(JobParams, req.params).id);
    return { done: true };
  });

  app.get('/api/ops/dashboard', anyRole, async (): Promise<OpsDashboardResponse> => dashboard(db));
}
