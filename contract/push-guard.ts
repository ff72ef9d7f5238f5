// A check of PushPayload without zod, for the service worker: zod would add about 24 KB (gzip) to sw.js for this
// one shape. contract/push-guard.test.ts keeps it in step with the zod schema in push.ts.
import type { PushKind, PushPayload } from './push.ts';

const kinds: readonly PushKind[] = ['message', 'like', 'match'];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isInteger(v);
const isCount = (v: unknown): v is number => isInt(v) && v >= 0;

/** Whether `v` is a PushPayload (the same rules as the zod schema PushPayload). */
export function isPushPayload(v: unknown): v is PushPayload {
  if (!isObject(v) || !kinds.includes(v.kind as PushKind)) return false;
  if (v.conversation_id !== undefined && !isInt(v.conversation_id)) return false;
  if (v.profile_id !== undefined && !isInt(v.profile_id)) return false;
  const { sender, totals } = v;
  if (!isObject(sender) || !isInt(sender.id) || typeof sender.name !== 'string') return false;
  if (sender.thumb_url !== null && typeof sender.thumb_url !== 'string') return false;
  if (!isObject(totals) || !isCount(totals.unread) || !isCount(totals.new_likes)) return false;
  return typeof v.title === 'string' && typeof v.body === 'string' && typeof v.url === 'string';
}
