// Rows of the fictional profiles' inbox as the back office's contract shows them (contract/ops-inbox.ts).
import type { InboxClaim, InboxMessage } from '../../../contract/ops-inbox.ts';
import type { MessageRow } from '../types.ts';
import type { ClaimHolder } from './conversations.ts';

/** A photo's URLs under `cdnPrefix` (the full image: staff see what was sent, locked or not for the member). */
export const photoUrls = (cdnPrefix: string, key: string) => ({
  url: `${cdnPrefix}/${key}.webp`,
  thumb_url: `${cdnPrefix}/${key}-t.webp`,
});

/** Message row `m` of a conversation whose fictional side is `personaId`, as staff see it. */
export function toInboxMessage(m: MessageRow, personaId: number, cdnPrefix: string): InboxMessage {
  return {
    id: m.id,
    seq: m.seq,
    from: m.senderId === personaId ? 'persona' : 'member',
    text: m.text,
    gift: m.gift,
    photo: m.photoKey ? photoUrls(cdnPrefix, m.photoKey) : null,
    cost: m.cost,
    read: m.readAt !== null,
    created_at: m.createdAt.toISOString(),
  };
}

/** A claim holder as the contract shows it (null stays null). */
export const toInboxClaim = (c: ClaimHolder | null): InboxClaim =>
  c && { staff_id: c.staffId, staff_email: c.staffEmail, expires_at: c.expiresAt.toISOString() };
