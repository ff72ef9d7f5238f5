// Test kit for the sync unit tests: a fresh fake-indexeddb database per test, sample contract objects, and a
// fetch stub that answers API paths from a table of handlers (the api client needs a `location` in Node).
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import Dexie from 'dexie';
import { vi } from 'vitest';
import type { Chat, MemberCard, Message, SyncResponse } from '../../contract/index.ts';
import { AppDB } from '../data/db.ts';

let n = 0;
/** A new, empty member database on a fresh fake IndexedDB. */
export function freshDb(): AppDB {
  Dexie.dependencies.indexedDB = new IDBFactory();
  Dexie.dependencies.IDBKeyRange = IDBKeyRange;
  return new AppDB(`test-${++n}`);
}

/** A member card with id `id`. */
export function card(id: number, name = `Member ${id}`): MemberCard {
  return {
    id,
    name,
    age: 30,
    gender: 'female',
    country: 'NL',
    region: 'Utrecht',
    city: 'Utrecht',
    online: false,
    fictional: false,
    photo: null,
  } as MemberCard;
}

/** A stored message (seq, time from `seq`). */
export function message(seq: number, conversationId: number, senderId: number, text = `m${seq}`): Message {
  const id = `0190b3a0-0000-7000-8000-${String(seq).padStart(12, '0')}`;
  return {
    id,
    conversation_id: conversationId,
    sender_id: senderId,
    text,
    gift: null,
    photo: null,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString(),
    seq,
    read: false,
  };
}

/** A chat entry with member `peer` whose last message is `last`. */
export function chat(conversationId: number, peer: MemberCard, last: Message | null, unread = 0): Chat {
  return {
    conversation: { id: conversationId, last_message_at: last?.created_at ?? null },
    profile: peer,
    num_unread_messages: unread,
    last_message: last,
    peer_read_seq: 0,
  };
}

/** An empty delta answer with `cursor`, overridden by `over`. */
export function delta(cursor: number, over: Partial<SyncResponse> = {}): SyncResponse {
  return {
    cursor,
    snapshot: false,
    more: false,
    user: null,
    chats: [],
    removed_chats: [],
    messages: [],
    likes: [],
    removed_likes: [],
    liked_by: [],
    removed_liked_by: [],
    total_unread: 0,
    total_new: 0,
    ...over,
  };
}

/** What a handler answers: a status and a JSON body (or none), and headers. */
interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}
/** A handler gets the request's method, URL and parsed JSON body; throwing simulates a network failure. */
export type Handler = (req: {
  method: string;
  url: URL;
  body: unknown;
  headers: Record<string, string>;
}) => Reply | Promise<Reply>;

/** Stubs global fetch (and `location`) to answer by path from `routes`; answers the mock to inspect calls. */
export function stubApi(routes: Record<string, Handler>) {
  vi.stubGlobal('location', { origin: 'http://app.test', pathname: '/' });
  const fetchMock = vi.fn(async (input: URL | string, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const handler = routes[url.pathname];
    if (!handler) return new Response(JSON.stringify({ error: { code: 'not_found', message: 'x' } }), { status: 404 });
    const reply = await handler({
      method: init.method ?? 'GET',
      url,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    });
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: reply.headers,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A failed fetch, as the browser throws it offline. */
export const offline = (): never => {
  throw new TypeError('Failed to fetch');
};
