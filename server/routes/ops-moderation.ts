// The back office's moderation calls (docs/operations.md "Moderation", "Photo review"; docs/api.md "Back office"):
// the complaints queue and a complaint's detail, a member's record, the actions, lifting a suspension, photo review.
// Moderators and admins only.
import type { FastifyInstance } from 'fastify';
import {
  ComplaintsQuery,
  ModerationActionRequest,
  ModerationIdParams,
  PhotoRejectRequest,
  type ComplaintDetailResponse,
  type ComplaintsResponse,
  type LiftResponse,
  type ModeratedMemberResponse,
  type ModerationActionResponse,
  type PendingPhotosResponse,
  type PhotoReviewResponse,
} from '../../contract/ops-moderation.ts';
import type { ServerContext } from '../context.ts';
import { applyModeration, approvePhoto, liftSuspension, rejectPhoto } from '../domain/moderation/moderation-actions.ts';
import { complaintDetail, complaintQueue, moderatedMember, pendingPhotos } from '../domain/moderation/moderation-queue.ts';
import { parse } from '../validate.ts';
import { actorOf, guardOpsRoutes } from './ops-guard.ts';

export default async function opsModerationRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db, sites } = ctx;
  guardOpsRoutes(app, ctx);
  const moderators = { config: { roles: ['admin', 'moderator'] as const } };

  app.get('/api/ops/moderation/complaints', moderators, async (req): Promise<ComplaintsResponse> => {
    return { complaints: await complaintQueue(db, parse(ComplaintsQuery, req.query)) };
  });

  app.get('/api/ops/moderation/complaints/:id', moderators, async (req): Promise<ComplaintDetailResponse> => {
    return complaintDetail(db, sites, parse(ModerationIdParams, req.params).id);
  });

  app.get('/api/ops/moderation/members/:id', moderators, async (req): Promise<ModeratedMemberResponse> => {
    return { member: await moderatedMember(db, sites, parse(ModerationIdParams, req.params).id) };
  });

  app.post('/api/ops/moderation/actions', moderators, async (req): Promise<ModerationActionResponse> => {
    return applyModeration(ctx, actorOf(req), parse(ModerationActionRequest, req.body));
  });

  app.post('/api/ops/moderation/restrictions/:id/lift', moderators, async (req): Promise<LiftResponse> => {
    return { restriction: await liftSuspension(db, actorOf(req), parse(ModerationIdParams, req.params).id) };
  });

  app.get('/api/ops/moderation/photos', moderators, async (): Promise<PendingPhotosResponse> => pendingPhotos(db, sites));

  app.post('/api/ops/moderation/photos/:id/approve', moderators, async (req): Promise<PhotoReviewResponse> => {
    const { id } = parse(ModerationIdParams, req.params);
    await approvePhoto(db, actorOf(req), id);
    return { photo: id, review_state: 'approved' };
  });

  app.post('/api/ops/moderation/photos/:id/reject', moderators, async (req): Promise<PhotoReviewResponse> => {
    const { id } = parse(ModerationIdParams, req.params);
    await rejectPhoto(ctx, actorOf(req), id, parse(PhotoRejectRequest, req.body));
    return { photo: id, review_state: 'rejected' };
  });
}
