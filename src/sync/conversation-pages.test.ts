import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDB } from '../data/db.ts';
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
});
