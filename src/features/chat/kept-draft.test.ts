import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDB } from '../../data/db.ts';
import { drainOutbox, queueGift, queueMessage } from '../../sync/outbox.ts';
import { card, freshDb, stubApi } from '../../sync/test-kit.ts';
import { dropDraft, dropPurchaseReturn, keepForPurchase, keptDraft, purchaseReturn } from './kept-draft.ts';

const ME = 7;
const peer = card(42, 'Sanne');
const hooks = () => ({ onCredits: vi.fn(), onMatch: vi.fn(), onDeleteFailed: vi.fn() });
const broke = { status: 402, body: { error: { code: 'not_enough_credits', message: 'Not enough credits' } } };

describe('a message refused for want of credits is kept through the purchase', () => {
  let db: AppDB;
  beforeEach(() => {
    db = freshDb();
    stubApi({ '/api/message.php': () => broke, '/api/gift.php': () => broke });
  });
  afterEach(() => {
    db.close();
    vi.unstubAllGlobals();
  });

  it("moves a refused text into the conversation's draft and keeps the way back", async () => {
    const id = await queueMessage(db, ME, peer, 'Still there after paying?');
    await drainOutbox(db, hooks());
    expect((await db.messages.get(id))?.status).toBe('failed');

    await keepForPurchase(db, id, peer.id);
    expect(await db.messages.get(id)).toBeUndefined();
    expect(await keptDraft(db, peer.id)).toBe('Still there after paying?');
    expect(await purchaseReturn(db)).toBe(`/chats/${peer.id}`);
    expect(await keptDraft(db, 99)).toBeNull();

    await dropDraft(db, peer.id);
    await dropPurchaseReturn(db);
    expect(await keptDraft(db, peer.id)).toBeNull();
    expect(await purchaseReturn(db)).toBeNull();
  });

  it('leaves a refused gift failed (for Retry) and still keeps the way back', async () => {
    const id = await queueGift(db, ME, peer, 'rose');
    await drainOutbox(db, hooks());
    await keepForPurchase(db, id, peer.id);
    expect((await db.messages.get(id))?.status).toBe('failed');
    expect(await keptDraft(db, peer.id)).toBeNull();
    expect(await purchaseReturn(db)).toBe(`/chats/${peer.id}`);
  });
});
