// The reply call of the inbox (POST /api/ops/inbox/:id/reply) with the reply filter's refusal read out: the console's
// opsFetch errors carry no `params`, and the console must show which rule a refused reply broke.
import type { InboxReplyResponse, InboxReplyRule } from '../../../contract/ops-inbox.ts';
import { OpsApiError, opsEvents } from '../api.ts';

/** A reply the reply filter refused: the `rule` it broke and the text that `match`ed. */
export class ReplyRefused extends Error {
  constructor(
    readonly rule: InboxReplyRule,
    readonly match: string,
  ) {
    super(`refused: ${rule}`);
    this.name = 'ReplyRefused';
  }
}

/**
 * Sends reply `id` (UUIDv7, the same for a retry) with `text` in conversation `conversationId`. Throws ReplyRefused on
 * the filter's 422, else OpsApiError as opsFetch does (409: the caller's claim is gone; a 401 also tells the session).
 */
export async function sendReply(conversationId: number, id: string, text: string): Promise<InboxReplyResponse> {
  let res: Response;
  try {
    res = await fetch(`/api/ops/inbox/${conversationId}/reply`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, text }),
    });
  } catch {
    throw new OpsApiError(0, 'network', 'The server could not be reached.');
  }
  const body = (await res.json().catch(() => ({}))) as {
    error?: { code?: string; message?: string; params?: { rule?: InboxReplyRule; match?: string } };
  };
  if (res.ok) return body as InboxReplyResponse;
  const rule = body.error?.params?.rule;
  if (res.status === 422 && rule) throw new ReplyRefused(rule, body.error?.params?.match ?? '');
  if (res.status === 401) opsEvents.dispatchEvent(new Event('unauthorized'));
  throw new OpsApiError(res.status, body.error?.code ?? 'error', body.error?.message ?? `Request failed (${res.status}).`);
}
