// Member calls: search, profile view, block and unblock (spec 2: members, members-id; spec 6).
import type { FastifyInstance } from 'fastify';
import {
  BlockRequest,
  MemberQuery,
  SearchQuery,
  SimilarQuery,
  visitorMaySearch,
  type BlocksResponse,
  type MemberResponse,
  type SearchResponse,
  type SimilarResponse,
} from '../../contract/index.ts';
import type { ServerContext } from '../context.ts';
import { searchMembers } from '../domain/discovery/member-search.ts';
import { blockedMembers, memberProfile, setBlock, similarMembers } from '../domain/discovery/members.ts';
import { ApiError } from '../errors.ts';
import { sendJsonText, type JsonText } from '../json-text.ts';
import { parse } from '../validate.ts';

export default async function memberRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db } = ctx;
  app.get('/api/members.php', async (req, reply): Promise<JsonText<SearchResponse>> => {
    const q = parse(SearchQuery, req.query);
    const { site } = req;
    // The session from memory when cached; most searches are then no statement (member-search.ts).
    const id = await req.viewer.id();
    // Spec 6: a visitor may search only as the site's logged_out_search settings allow.
    if (id === null && !visitorMaySearch(site.settings, q.network)) throw new ApiError(403, 'authentication_required');
    return sendJsonText(reply, await searchMembers(ctx, site, id, q));
  });

  // Spec 3: the similar results of a profile are a search, so a visitor gets them under the same rule.
  app.get('/api/similar.php', async (req): Promise<SimilarResponse> => {
    const { id, network } = parse(SimilarQuery, req.query);
    const { site } = req;
    const viewer = await req.viewer.get();
    if (!viewer && !visitorMaySearch(site.settings, network)) throw new ApiError(403, 'authentication_required');
    return similarMembers(db, site, viewer, id);
  });

  app.get('/api/member.php', async (req): Promise<MemberResponse> => {
    const { id } = parse(MemberQuery, req.query);
    return { profile: await memberProfile(db, req.site, await req.viewer.get(), id) };
  });

  app.get('/api/blocks.php', async (req): Promise<BlocksResponse> => ({
    profiles: await blockedMembers(db, await req.viewer.require()),
  }));

  for (const [method, on] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/block.php',
      handler: async (req) => {
        const viewer = await req.viewer.require();
        const { profile } = parse(BlockRequest, req.body);
        return { blocked: await setBlock(db, viewer, profile, on) };
      },
    });
  }
}
