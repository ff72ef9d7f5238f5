// The fictional profiles' inbox of the back office (docs/operations.md "Fictional profiles' inbox", docs/api.md "Back
// office"): the waiting list, claims, the conversation with its persona, replies as the profile, persona notes and
// the operator's figures. Operators and admins only.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  InboxConversationParams,
  InboxNotesParams,
  InboxNotesRequest,
  InboxReplyRequest,
  InboxWaitingQuery,
  type InboxClaimResponse,
  type InboxConversationResponse,
  type InboxFiguresResponse,
  type InboxNotesResponse,
  type InboxReleaseResponse,
  type InboxReplyResponse,
  type InboxWaitingResponse,
} from '../../contract/ops-inbox.ts';
import type { ServerContext } from '../context.ts';
import { claimConversation, releaseClaim } from '../domain/fictional-inbox/claims.ts';
import { waitingConversations } from '../domain/fictional-inbox/conversations.ts';
import { operatorFigures } from '../domain/fictional-inbox/figures.ts';
import { inboxConversation, saveNotes } from '../domain/fictional-inbox/persona.ts';
import { toInboxClaim } from '../domain/fictional-inbox/presenters.ts';
import { replyAsPersona } from '../domain/fictional-inbox/replies.ts';
import { parse } from '../validate.ts';
import { actorOf, guardOpsRoutes, staffOf } from './ops-guard.ts';

/** The most rows the waiting list answers. */
const WAITING_LIMIT = 200;

export default async function opsInboxRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db, jobs, config } = ctx;
  guardOpsRoutes(app, ctx);
  const operator = { config: { roles: ['admin', 'operator'] as const } };
  /** The signed-in staff member as the Actor of audit rows, with their id. */
  const staffActor = (req: FastifyRequest) => ({ ...actorOf(req), staffId: staffOf(req).id });
  const conversationOf = (req: FastifyRequest) => parse(InboxConversationParams, req.params).conversationId;

  app.get('/api/ops/inbox', operator, async (req): Promise<InboxWaitingResponse> => {
    const { language } = parse(InboxWaitingQuery, req.query);
    const rows = await waitingConversations(db, { language, limit: WAITING_LIMIT });
    return {
      rows: rows.map((r) => ({
        conversation_id: r.conversationId,
        persona: r.persona,
        member: r.member,
        waiting_since: r.waitingSince.toISOString(),
        unanswered: r.unanswered,
        claim: toInboxClaim(r.claim),
      })),
    };
  });

  app.get('/api/ops/inbox/figures', operator, async (req): Promise<InboxFiguresResponse> => operatorFigures(db, staffOf(req).id));

  app.get('/api/ops/inbox/:conversationId', operator, async (req): Promise<InboxConversationResponse> =>
    inboxConversation(db, ctx.sites.all, conversationOf(req)),
  );

  app.post('/api/ops/inbox/:conversationId/claim', operator, async (req): Promise<InboxClaimResponse> => {
    const claim = await claimConversation(db, staffActor(req), {
      conversationId: conversationOf(req),
      minutes: config.fictionalClaimMinutes,
    });
    return { claim: toInboxClaim(claim)! };
  });

  app.post('/api/ops/inbox/:conversationId/release', operator, async (req): Promise<InboxReleaseResponse> => ({
    released: await releaseClaim(db, staffActor(req), conversationOf(req)),
  }));

  app.post('/api/ops/inbox/:conversationId/reply', operator, async (req): Promise<InboxReplyResponse> => {
    const conversationId = conversationOf(req);
    const { id, text } = parse(InboxReplyRequest, req.body);
    const viewer = staffOf(req);
    const { message, expiresAt } = await replyAsPersona({ db, jobs, sites: ctx.sites.all }, staffActor(req), {
      conversationId,
      id,
      text,
      claimMinutes: config.fictionalClaimMinutes,
    });
    return { message, claim: { staff_id: viewer.id, staff_email: viewer.email, expires_at: expiresAt.toISOString() } };
  });

  app.put('/api/ops/inbox/personas/:personaId/notes', operator, async (req): Promise<InboxNotesResponse> => {
    const { personaId } = parse(InboxNotesParams, req.params);
    const { notes } = parse(InboxNotesRequest, req.body);
    return saveNotes(db, staffActor(req), { personaId, notes });
  });
}
