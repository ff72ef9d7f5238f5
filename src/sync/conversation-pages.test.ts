import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstAnswer, seedFirstAnswers } from '../api/first-answers.ts';
import type { AppDB } from '../data/db.ts';
import { newestPagePath } from '../features/chat/chat-calls.ts';
import { applyDelta } from './apply-delta.ts';
import { loadNewestPage } from './conversation-pages.ts';
import { card, chat, delta, freshDb, message, stubApi } from './test-kit.ts';

const ME = 7;
const sanne = card(42, 'Sanne');
let db: AppDB;
beforeEach(() => {
  db = freshDb();
});
afterEach(() => {
  vi.unstubAllGlobals();
  seedFirstAnswers({});
});

describe('loadNewestPage', () => {
  const three = [message(11, 9, 42), message(12, 9, 42), message(13, 9, ME)];

  it('clears the guessed cursor of a conversation a delta brought when the newest page reaches its start', async () => {
    // A new conversation in a delta (after a reconnect): Dexie cannot know whether older messages wait.
    await applyDelta(db, delta(5, { chats: [chat(9, sanne, three[2])], messages: three }), null);
    expect((await db.conversations.get(9))?.nextBefore).toBe(11);
    stubApi({ '/api/messages.php': () => ({ status: 200, body: { conversation_id: 9, messages: three, next_before: null } }) });
    await loadNewestPage(db, sanne);
    expect((await db.conversations.get(9))?.nextBefore).toBeNull();
  });

  it('keeps the cursor when the server has older messages', async () => {
    await applyDelta(db, delta(5, { chats: [chat(9, sanne, three[2])], messages: three }), null);
    stubApi({ '/api/messages.php': () => ({ status: 200, body: { conversation_id: 9, messages: three, next_before: 11 } }) });
    await loadNewestPage(db, sanne);
    expect((await db.conversations.get(9))?.nextBefore).toBe(11);
  });

  it("stores a server-rendered chat's newest page without asking again, once", async () => {
    const path = newestPagePath(42);
    expect(path).toBe('/api/messages.php?profile=42&limit=50');
    seedFirstAnswers({ [path]: { conversation_id: 9, messages: three, next_before: null } });
    const fetchMock = stubApi({});
    await loadNewestPage(db, sanne);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await db.messages.where('conversationId').equals(9).count()).toBe(3);
    expect((await db.conversations.get(9))?.peerId).toBe(42);
    // Taken: the next opening asks the server.
    expect(firstAnswer(path, { safeParse: (data: unknown) => ({ success: true as const, data }) })).toBeUndefined();
  });
});
