// Messages as the API shows them (spec 3: Message; spec 1, 6: a photo sent to a free member only blurred, locked):
// pure functions from rows to contract shapes, apart from the rules and the SQL of messaging.ts.
import { GiftId, type Message, type MessagePhoto } from '../../../contract/index.ts';
import type { Looker, MessageRow } from '../types.ts';

/**
 * The photo of a photo message row as `viewer` may see it (spec 1, 6: premium members see all photos, a free member
 * a photo sent to them only blurred with a lock; the sender always sees their own). A locked photo carries only the
 * blurred copy's key (DESIGN: security baseline). Null for other messages.
 */
function messagePhotoFor(m: MessageRow, viewer: Looker, cdnPrefix: string): MessagePhoto | null {
  if (!m.photoKey || !m.photoBlurKey) return null;
  const locked = m.senderId !== viewer.id && !viewer.paidUser;
  const key = locked ? m.photoBlurKey : m.photoKey;
  return { url: `${cdnPrefix}/${key}.webp`, thumb_url: `${cdnPrefix}/${key}-t.webp`, locked };
}

/** The contract shape of a message row as `viewer` sees it (a photo's URLs under `cdnPrefix`, locked or not). */
export function toMessage(m: MessageRow, viewer: Looker, cdnPrefix: string): Message {
  return {
    id: m.id,
    conversation_id: m.conversationId,
    sender_id: m.senderId,
    text: m.text,
    gift: GiftId.safeParse(m.gift).data ?? null,
    photo: messagePhotoFor(m, viewer, cdnPrefix),
    created_at: m.createdAt.toISOString(),
    seq: m.seq,
    read: m.readAt !== null,
  };
}
