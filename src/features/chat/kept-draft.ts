// A message refused for want of credits is kept (docs/payments.md "What the member sees before paying"): its text
// waits as the conversation's draft in the member's Dexie database (meta table, like the sync cursor), and the
// purchase leads back to the conversation, where the composer holds the text again.
import { discardMessage } from '../../sync/outbox.ts';
import type { AppDB } from '../../data/db.ts';

/** The meta key of the draft of the conversation with member `peerId`. */
const draftKey = (peerId: number) => `draft:${peerId}`;
/** The meta key of the path a completed purchase leads back to. */
const RETURN_KEY = 'purchase-return';

/**
 * Before the member leaves to buy credits for failed message `messageId` (sent to `peerId`): a text message becomes
 * the conversation's draft and leaves the list (the composer shows it on return); a gift or photo stays failed, to be
 * sent with Retry. Either way the purchase leads back to /chats/{peerId}.
 */
export async function keepForPurchase(db: AppDB, messageId: string, peerId: number): Promise<void> {
  const m = await db.messages.get(messageId);
  const text = m && m.status === 'failed' && !m.gift && !m.photo && !m.localPhoto ? m.text : null;
  await db.meta.put({ key: RETURN_KEY, value: `/chats/${peerId}` });
  if (text === null) return;
  await db.meta.put({ key: draftKey(peerId), value: text });
  await discardMessage(db, messageId);
}

/** The kept draft of the conversation with `peerId`, or null. */
export async function keptDraft(db: AppDB, peerId: number): Promise<string | null> {
  const value = (await db.meta.get(draftKey(peerId)))?.value;
  return typeof value === 'string' ? value : null;
}

/** Forgets the draft of the conversation with `peerId` (it was sent). */
export async function dropDraft(db: AppDB, peerId: number): Promise<void> {
  await db.meta.delete(draftKey(peerId));
}

/** The conversation path a purchase should lead back to, or null. */
export async function purchaseReturn(db: AppDB): Promise<string | null> {
  const value = (await db.meta.get(RETURN_KEY))?.value;
  return typeof value === 'string' ? value : null;
}

/** Forgets the way back (the member went back, or bought from elsewhere). */
export async function dropPurchaseReturn(db: AppDB): Promise<void> {
  await db.meta.delete(RETURN_KEY);
}
