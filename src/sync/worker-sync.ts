// The sync steps the service worker runs while no page is open (sw/closed-app-sync.ts): send the outbox and pull
// the delta, with the page's own outbox calls (outbox-calls.ts), delta writer (apply-delta.ts) and cursor, but plain
// fetch and light shape checks instead of the page's zod client (zod would add about 24 KB gzip to sw.js). The
// answers come from this site's own server: the checks guard against an older or newer shape, not forgery.
import type { Chat, Message, SyncResponse } from '../../contract/index.ts';
import { apiInit, apiUrl } from '../api/request.ts';
import type { AppDB } from '../data/db.ts';
import { applyDelta } from './apply-delta.ts';
import { readCursor } from './cursor.ts';
import { keepWorkerMatch, outboxCall, storeSentMessage } from './outbox-calls.ts';

/**
 * How a worker flush ended: `done` the queue is empty; `retry` a network failure or 5xx stopped it (the browser
 * fires the sync again later); `left` the head entry was refused (4xx) or answered oddly and stays for the page,
 * whose drain records it with its hooks (a failed message with its reason, an undone like) when the app opens.
 */
export type FlushResult = 'done' | 'retry' | 'left';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Sends one call as the page's client does (src/api/request.ts); null when the network failed. */
async function send(
  path: string,
  method: string,
  body: unknown,
  headers: Record<string, string> = {},
  query: Record<string, number | undefined> = {},
): Promise<Response | null> {
  const json = body !== undefined && !(body instanceof FormData);
  try {
    return await fetch(apiUrl(path, query), {
      ...apiInit(method, { ...(json ? { 'content-type': 'application/json' } : {}), ...headers }),
      body: json ? JSON.stringify(body) : (body as FormData | undefined),
    });
  } catch {
    return null;
  }
}

/** A Message of the contract as the server sends it, with the defaults zod would fill (gift, photo: null). */
function asMessage(v: unknown): Message | null {
  if (!isObject(v) || typeof v.id !== 'string' || !Number.isInteger(v.conversation_id) || !Number.isInteger(v.seq)) return null;
  if (typeof v.created_at !== 'string' || typeof v.text !== 'string' || !Number.isInteger(v.sender_id)) return null;
  return { ...(v as Message), gift: (v.gift as Message['gift']) ?? null, photo: (v.photo as Message['photo']) ?? null };
}

/**
 * Sends `db`'s outbox oldest first, one entry at a time, as the page's drainOutbox does: each entry with its
 * idempotency key, a sent message stored from the server's answer, a match a like made kept for the next page
 * (keepWorkerMatch). Call it holding the member's sync lock (src/data/sync-names.ts withSyncLock), so a page that
 * opens meanwhile waits and finds the sent entries gone.
 */
export async function flushOutboxInWorker(db: AppDB): Promise<FlushResult> {
  for (;;) {
    const row = await db.outbox.orderBy('seq').first();
    if (!row) return 'done';
    const { path, method, body } = outboxCall(row);
    const res = await send(path, method, body);
    if (!res || res.status >= 500) {
      await db.outbox.update(row.seq!, { attempts: row.attempts + 1 });
      return 'retry';
    }
    if (!res.ok) return 'left';
    if (row.kind === 'send-message') {
      const answer: unknown = await res.json().catch(() => null);
      const message = isObject(answer) ? asMessage(answer.message) : null;
      if (!message || message.id !== row.messageId) return 'left';
      await storeSentMessage(db, row.peerId, message);
    }
    if (row.kind === 'like' && row.on) {
      // A match has no page to show it: the next page that opens does (takeWorkerMatch).
      const answer: unknown = await res.json().catch(() => null);
      if (isObject(answer) && answer.match === true) await keepWorkerMatch(db, row.profileId);
    }
    await db.outbox.delete(row.seq!);
  }
}

/** A GET /api/sync.php answer in the contract's shape (arrays checked, messages completed by asMessage), else null. */
function asDelta(v: unknown): SyncResponse | null {
  if (!isObject(v) || !Number.isInteger(v.cursor) || typeof v.snapshot !== 'boolean' || typeof v.more !== 'boolean') return null;
  const lists = ['chats', 'removed_chats', 'messages', 'likes', 'removed_likes', 'liked_by', 'removed_liked_by'];
  if (!lists.every((k) => Array.isArray(v[k]))) return null;
  const messages = (v.messages as unknown[]).map(asMessage);
  if (messages.some((m) => m === null)) return null;
  const chats = (v.chats as Chat[]).map((c) => (c.last_message ? { ...c, last_message: asMessage(c.last_message) } : c));
  return { ...(v as SyncResponse), messages: messages as Message[], chats };
}

/**
 * Pulls answers of GET /api/sync.php into `db` as the page's pull does (conditional on the saved ETag, until `more`
 * is false or nothing changed), so a reopened app shows the chat list and the latest messages before any network
 * answer. Call it holding the member's sync lock. Throws on a network failure, an error status or an unknown shape.
 */
export async function pullInWorker(db: AppDB): Promise<void> {
  for (;;) {
    const { cursor, etag } = await readCursor(db);
    const res = await send('/api/sync.php', 'GET', undefined, cursor !== null && etag ? { 'if-none-match': etag } : {}, {
      since: cursor ?? undefined,
    });
    if (!res) throw new Error('sync: network failure');
    if (res.status === 304) return;
    if (!res.ok) throw new Error(`sync: the server answered ${res.status}`);
    const delta = asDelta(await res.json().catch(() => null));
    if (!delta) throw new Error('sync: an answer of unknown shape');
    await applyDelta(db, delta, res.headers.get('etag'));
    if (!delta.more) return;
  }
}
