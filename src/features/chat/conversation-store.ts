// Open conversations by member: messages (server and optimistic), the keyset cursor and the send flow (DESIGN: sync protocol).
import { proxy } from 'valtio';
import { v7 } from 'uuid';
import { api } from '../../api/client.ts';
import { MessagesResponse, SendMessageResponse, type Message } from '../../../contract/index.ts';
import { session } from '../account/session-store.ts';
import { chatsState, markChatRead, refreshChats } from './chats-store.ts';

/** pending: sent, no answer yet; sent: stored by the server; failed: refused (reason in `error`). */
export type MessageStatus = 'pending' | 'sent' | 'failed';

/** A message as the chat shows it: `seq` is null until the server stored it; `error` is the ApiCallError of a failed send. */
export type ChatMessage = Omit<Message, 'seq' | 'conversation_id'> & { seq: number | null; status: MessageStatus; error: unknown };

/** One conversation with member `profileId`. `nextBefore` is the keyset cursor of the next older page (null: none). */
export interface Conversation {
  profileId: number;
  conversationId: number | null;
  messages: ChatMessage[];
  nextBefore: number | null;
  loaded: boolean;
  loadingEarlier: boolean;
  /** Error of the last load (e.g. blocked: spec 6); cleared by the next successful load. */
  error: unknown;
}

/** Conversations opened this session, by the other member's profile id. */
export const conversations = proxy<Record<number, Conversation>>({});

/** The conversation with `profileId`, created empty on first use. */
export function conversation(profileId: number): Conversation {
  conversations[profileId] ??= {
    profileId, conversationId: null, messages: [], nextBefore: null, loaded: false, loadingEarlier: false, error: null,
  };
  return conversations[profileId];
}

const toChat = (m: Message): ChatMessage => ({ ...m, status: 'sent', error: null });

/** Merges server messages into `c` by id (a pending one becomes sent); stored messages by seq, local ones after them. */
function merge(c: Conversation, incoming: Message[]): void {
  const byId = new Map(c.messages.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, toChat(m));
  const all = [...byId.values()];
  const stored = all.filter((m) => m.seq !== null).sort((a, b) => a.seq! - b.seq!);
  const local = all.filter((m) => m.seq === null);
  c.messages = [...stored, ...local];
}

const latestInflight = new Map<number, Promise<void>>();

/**
 * GET /api/messages.php?profile= (newest page) and merges it: the first load and every poll. A poll that
 * finds the previous one still running joins it. Errors land in `error` (blocked, not_found, network).
 */
export function loadLatest(profileId: number): Promise<void> {
  let p = latestInflight.get(profileId);
  if (!p) {
    const c = conversation(profileId);
    p = api('/api/messages.php', MessagesResponse, { query: { profile: profileId } })
      .then((res) => {
        c.conversationId = res.conversation_id;
        if (!c.loaded) c.nextBefore = res.next_before;
        merge(c, res.messages);
        c.loaded = true;
        c.error = null;
      }, (e: unknown) => { c.error = e; })
      .finally(() => latestInflight.delete(profileId));
    latestInflight.set(profileId, p);
  }
  return p;
}

/** "Load earlier messages": GET /api/messages.php?profile=&before=nextBefore (keyset, 50 per page). */
export async function loadEarlier(profileId: number): Promise<void> {
  const c = conversation(profileId);
  if (c.nextBefore === null || c.loadingEarlier) return;
  c.loadingEarlier = true;
  try {
    const res = await api('/api/messages.php', MessagesResponse, { query: { profile: profileId, before: c.nextBefore } });
    merge(c, res.messages);
    c.nextBefore = res.next_before;
  } catch (e) {
    c.error = e;
  } finally {
    c.loadingEarlier = false;
  }
}

/**
 * Spec 4: opening a chat sets its unread count to 0. When messages from the other member are unread (or the
 * chat list says so), POST /api/chat-read.php and mark them read here. Errors are ignored (next poll retries).
 */
export async function markReadIfUnread(profileId: number): Promise<void> {
  const c = conversation(profileId);
  if (!c.conversationId) return;
  const listed = chatsState.chats.find((x) => x.conversation.id === c.conversationId)?.num_unread_messages ?? 0;
  const unread = c.messages.filter((m) => m.sender_id === profileId && !m.read);
  if (!unread.length && !listed) return;
  for (const m of unread) m.read = true;
  await markChatRead(c.conversationId).catch(() => {});
}

/** Sends `text` to `profileId`: appended at once as pending with a new UUIDv7 id (the idempotency key). */
export function sendMessage(profileId: number, text: string): Promise<void> {
  const c = conversation(profileId);
  const id = v7();
  c.messages.push({
    id, text, sender_id: session.user?.id ?? 0, created_at: new Date().toISOString(), seq: null, read: false, status: 'pending', error: null,
  });
  return deliver(c, id);
}

/** Sends a failed message again with the same id, so the server applies it at most once. */
export function retryMessage(profileId: number, id: string): Promise<void> {
  const c = conversation(profileId);
  const m = c.messages.find((x) => x.id === id);
  if (!m || m.status !== 'failed') return Promise.resolve();
  m.status = 'pending';
  m.error = null;
  m.created_at = new Date().toISOString();
  return deliver(c, id);
}

/** Removes a failed (never stored) message from the conversation. */
export function deleteMessage(profileId: number, id: string): void {
  const c = conversation(profileId);
  c.messages = c.messages.filter((m) => !(m.id === id && m.status === 'failed'));
}

/**
 * POST /api/message.php with retry (safe: `id` is the idempotency key). On success the server message
 * replaces the pending one and the balance is updated; a refusal (not_enough_credits, premium_only, blocked)
 * marks the message failed with the ApiCallError.
 */
async function deliver(c: Conversation, id: string): Promise<void> {
  const m = c.messages.find((x) => x.id === id);
  if (!m) return;
  try {
    const res = await api('/api/message.php', SendMessageResponse, {
      method: 'POST', body: { id, profile: c.profileId, text: m.text }, retry: true,
    });
    c.conversationId ??= res.message.conversation_id;
    merge(c, [res.message]);
    if (session.user) session.user.credits = res.credits;
    void refreshChats().catch(() => {});
  } catch (e) {
    const cur = c.messages.find((x) => x.id === id);
    if (cur && cur.status === 'pending') { cur.status = 'failed'; cur.error = e; }
  }
}
