// A member's Web Push subscriptions (spec 7: POST /api/user.php?push=1), one per device.
import { createPublicKey } from 'node:crypto';
import { and, eq, notInArray, or, sql } from 'drizzle-orm';
import type { PushSubscriptionRequest } from '../../../contract/index.ts';
import type { Db } from '../../db/connect.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { MAX_SUBSCRIPTIONS_PER_MEMBER, type PushService } from '../../services/push.ts';

const unpad = (s: string) => s.replace(/=+$/, '');

/** Whether `p256dh` (base64url) is an uncompressed point on P-256, the only key RFC 8291 encrypts to. */
function isP256Point(p256dh: string): boolean {
  const bytes = Buffer.from(p256dh, 'base64url');
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    // Importing the point checks that it lies on the curve.
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: bytes.subarray(1, 33).toString('base64url'),
        y: bytes.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Stores `req` for `userId`: the same endpoint again takes the new keys. Another member's endpoint moves to this one
 * only with that subscription's own `auth` secret (the same browser, which changed hands); knowing an endpoint alone
 * is not enough to take a member's pushes (409 conflict). Keeps the member's MAX_SUBSCRIPTIONS_PER_MEMBER most
 * recently working devices, so one account cannot fan a push out to thousands of endpoints. Errors: 400 bad_request (endpoint not https, key not a P-256 point),
 * 409 conflict.
 */
export async function subscribePush(db: Db, push: PushService, userId: number, req: PushSubscriptionRequest): Promise<void> {
  if (!push.acceptsEndpoint(req.endpoint))
    throw new ApiError(400, 'bad_request', {}, { endpoint: 'The push endpoint must be the https URL of a push service.' });
  if (!isP256Point(req.keys.p256dh)) throw new ApiError(400, 'bad_request', {}, { 'keys.p256dh': 'Not a P-256 public key.' });
  const keys = { p256dh: unpad(req.keys.p256dh), auth: unpad(req.keys.auth) };
  await db.transaction(async (tx) => {
    const stored = await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: req.endpoint, ...keys })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, ...keys, createdAt: sql`now()`, lastSuccessAt: null },
        setWhere: or(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.auth, keys.auth)),
      })
      .returning({ id: pushSubscriptions.id });
    if (!stored.length) throw new ApiError(409, 'conflict');
    const keep = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(
        sql`coalesce(${pushSubscriptions.lastSuccessAt}, ${pushSubscriptions.createdAt}) desc`,
        sql`${pushSubscriptions.id} desc`,
      )
      .limit(MAX_SUBSCRIPTIONS_PER_MEMBER);
    await tx.delete(pushSubscriptions).where(
      and(
        eq(pushSubscriptions.userId, userId),
        notInArray(
          pushSubscriptions.id,
          keep.map((k) => k.id),
        ),
      ),
    );
  });
}

/** Removes `userId`'s subscription of `endpoint`; another member's subscription of it stays. */
export async function unsubscribePush(db: Db, userId: number, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** Whether `userId` has any push subscription (saves building a payload nobody receives). */
export async function hasPushSubscription(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .limit(1);
  return !!row;
}
