// A check of PushPayload without zod, for the service worker: zod would add about 24 KB (gzip) to sw.js for this
// one shape. contract/push-guard.test.ts keeps it in step with the zod schema in push.ts. Enum fields of a member
// card (gender, country) are checked as strings only: the payload comes from this site's own server (only it holds
// the VAPID key), so the check guards against an older or newer payload shape, not against forgery.
import type { PushKind, PushPayload } from './push.ts';

const kinds: readonly PushKind[] = ['message', 'like', 'match'];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isInteger(v);
const isCount = (v: unknown): v is number => isInt(v) && v >= 0;
const isString = (v: unknown): v is string => typeof v === 'string';
const isBool = (v: unknown): v is boolean => typeof v === 'boolean';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** contract Photo. */
function isPhoto(v: unknown): boolean {
  return isObject(v) && isInt(v.id) && isString(v.url) && isString(v.thumb_url) && isBool(v.locked);
}

/** contract MemberCard. */
function isCard(v: unknown): v is Record<string, unknown> {
  if (!isObject(v) || !isInt(v.id) || !isString(v.name) || !isInt(v.age) || !isString(v.gender) || !isString(v.country))
    return false;
  if (!isString(v.region) || !isString(v.city) || !isBool(v.fictional) || !isBool(v.online)) return false;
  return v.photo === null || isPhoto(v.photo);
}

/** contract Message. */
function isMessage(v: unknown): boolean {
  return (
    isObject(v) &&
    isString(v.id) &&
    UUID.test(v.id) &&
    isInt(v.conversation_id) &&
    isInt(v.sender_id) &&
    isString(v.text) &&
    isString(v.created_at) &&
    isInt(v.seq) &&
    isBool(v.read)
  );
}

/** contract Chat. */
function isChat(v: unknown): boolean {
  if (!isObject(v) || !isObject(v.conversation) || !isInt(v.conversation.id)) return false;
  if (v.conversation.last_message_at !== null && !isString(v.conversation.last_message_at)) return false;
  return (
    isCard(v.profile) &&
    isInt(v.num_unread_messages) &&
    isInt(v.peer_read_seq) &&
    (v.last_message === null || isMessage(v.last_message))
  );
}

/** Whether `v` is a PushPayload (the same rules as the zod schema PushPayload, enums checked as strings). */
export function isPushPayload(v: unknown): v is PushPayload {
  if (!isObject(v) || !kinds.includes(v.kind as PushKind) || !isInt(v.recipient_id)) return false;
  if (v.conversation_id !== undefined && !isInt(v.conversation_id)) return false;
  if (v.profile_id !== undefined && !isInt(v.profile_id)) return false;
  const { sender, totals } = v;
  if (!isObject(sender) || !isInt(sender.id) || !isString(sender.name)) return false;
  if (sender.thumb_url !== null && !isString(sender.thumb_url)) return false;
  if (!isObject(totals) || !isCount(totals.unread) || !isCount(totals.new_likes)) return false;
  if (v.chat !== undefined && !isChat(v.chat)) return false;
  if (v.previous_seq !== undefined && v.previous_seq !== null && !isInt(v.previous_seq)) return false;
  if (v.liked_by !== undefined && !(isCard(v.liked_by) && isBool(v.liked_by.like_new))) return false;
  return isString(v.title) && isString(v.body) && isString(v.url);
}
