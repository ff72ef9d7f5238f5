// The own profile (spec 2: /profile): GET and PUT /api/profile.php, and the reverse geocode of spec 7.
import type { FastifyInstance } from 'fastify';
import { GeocodeQuery, ProfileUpdate, type GeocodeResponse, type OwnProfileResponse } from '../../contract/index.ts';
import type { ServerContext } from '../context.ts';
import { ownProfile, updateProfile } from '../domain/accounts/profile.ts';
import { ApiError } from '../errors.ts';
import { nearestTown } from '../services/reverse-geocode.ts';
import { parse } from '../validate.ts';

export default async function profileRoutes(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  app.get('/api/profile.php', async (req): Promise<OwnProfileResponse> => {
    const user = await req.viewer.requireUser();
    return { profile: await ownProfile(db, user.id) };
  });

  app.put('/api/profile.php', async (req): Promise<OwnProfileResponse> => {
    const user = await req.viewer.requireUser();
    const update = parse(ProfileUpdate, req.body);
    return { profile: await updateProfile(db, user.id, user.email, update) };
  });

  // Public data from a bundled dataset: no session needed, and the answer for a position never changes.
  app.get('/api/geocode.php', async (req, reply): Promise<GeocodeResponse> => {
    const q = parse(GeocodeQuery, req.query);
    const town = nearestTown(q);
    if (!town) throw new ApiError(404, 'not_found');
    reply.header('cache-control', 'public, max-age=86400');
    return { geocode: town };
  });
}
