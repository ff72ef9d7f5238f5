// Push subscription calls (spec 7: POST /api/user.php?push=1; DELETE with the same query unsubscribes). The POST
// shares its path with login, so account.ts hands `?push=1` requests to subscribeCall; DELETE is registered here.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PushSubscriptionRequest,
  PushUnsubscribeRequest,
  type PushSubscribeResponse,
  type PushUnsubscribeResponse,
} from '../../contract/index.ts';
import type { ServerContext } from '../context.ts';
import { subscribePush, unsubscribePush } from '../domain/notifications/push-subscriptions.ts';
import { ApiError } from '../errors.ts';
import { parse } from '../validate.ts';

/** Whether a /api/user.php request is the push subscription call (`?push=1`). */
export const isPushCall = (req: FastifyRequest) => (req.query as { push?: unknown } | undefined)?.push === '1';

/** POST /api/user.php?push=1: stores the device's subscription for the logged-in member. Errors: 403, 400. */
export async function subscribeCall(
  { db, push }: Pick<ServerContext, 'db' | 'push'>,
  req: FastifyRequest,
): Promise<PushSubscribeResponse> {
  const user = await req.viewer.requireUser();
  await subscribePush(db, push, user.id, parse(PushSubscriptionRequest, req.body));
  return { subscribed: true };
}

export default async function pushRoutes(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  app.delete('/api/user.php', async (req): Promise<PushUnsubscribeResponse> => {
    if (!isPushCall(req)) throw new ApiError(404, 'not_found');
    const user = await req.viewer.requireUser();
    const { endpoint } = parse(PushUnsubscribeRequest, req.body);
    await unsubscribePush(db, user.id, endpoint);
    return { subscribed: false };
  });
}
