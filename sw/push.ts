// Web Push (spec 7: "A push service worker is registered"), apart from the other events. One waitUntil does it
// all, as ntfy does: store what the payload carries in the member's Dexie database, then set the badge from the
// Dexie count, wake the open pages' sync, and always show a notification (browsers revoke the permission of
// silent pushes).
import { isPushPayload } from '../contract/push-guard.ts';
import type { PushPayload } from '../contract/push.ts';
import { openMemberDb } from '../src/data/db.ts';
import { storePushPayload } from '../src/data/push-store.ts';
import { readSessionCache } from '../src/data/session-cache.ts';
import { refreshBadge } from './badge.ts';
import { tellWindows } from './sync-relay.ts';
import { notificationLanguage, pushTextsFor } from './texts.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * A payload that is not the contract's PushPayload (an older server, a test tool): its title, body, conversation
 * and click URL are still used when present; anything else gets the generic notification.
 */
interface LoosePayload {
  title?: string;
  body?: string;
  /** Notifications of one conversation replace each other (one tag per conversation). */
  conversation_id?: number;
  /** Where a click leads (a path of this site); default /chats (notification-click.ts). */
  url?: string;
}

/** What a push carried: the contract's payload when it is one, else whatever JSON object came (or nothing). */
type ReceivedPayload = { payload: PushPayload; loose?: never } | { payload?: never; loose: LoosePayload };

/** Chromium's `renotify` (alert again when a notification replaces one with the same tag); not in TypeScript's lib. */
type Options = NotificationOptions & { renotify?: boolean };

/** Reads the push data: the contract's PushPayload, else the loose JSON object, else an empty one. */
function parsePushPayload(data: PushMessageData | null): ReceivedPayload {
  let value: unknown;
  try {
    value = data?.json();
  } catch {
    return { loose: {} };
  }
  // Checked without zod, which would add about 24 KB (gzip) to sw.js (contract/push-guard.ts).
  if (isPushPayload(value)) return { payload: value };
  return { loose: value && typeof value === 'object' ? (value as LoosePayload) : {} };
}

const APP_ICON = '/icons/icon-192.png';
const BADGE_ICON = '/icons/badge-96.png';

/** The tag of a notification: one per conversation, one per matched member, one for all likes. */
function tagOf(p: PushPayload): string {
  if (p.kind === 'message' && p.conversation_id !== undefined) return `conversation-${p.conversation_id}`;
  if (p.kind === 'match' && p.profile_id !== undefined) return `match-${p.profile_id}`;
  return p.kind === 'like' ? 'likes' : 'activity';
}

/**
 * The notification for what a push carried: a PushPayload's own localized title and body, the sender's thumbnail
 * as icon, a tag per conversation with renotify; a loose payload's title and body when it has both; otherwise the
 * generic text in the member's language.
 */
async function notificationFor(received: ReceivedPayload): Promise<{ title: string; options: Options }> {
  const p = received.payload;
  if (p) {
    return {
      title: p.title,
      options: {
        body: p.body,
        icon: p.sender.thumb_url ?? APP_ICON,
        badge: BADGE_ICON,
        tag: tagOf(p),
        renotify: true,
        data: { url: p.url, kind: p.kind, conversation_id: p.conversation_id, profile_id: p.profile_id },
      },
    };
  }
  const loose = received.loose;
  const generic = pushTextsFor(await notificationLanguage().catch(() => undefined));
  const own = typeof loose.title === 'string' && loose.title !== '';
  const conversation = typeof loose.conversation_id === 'number' ? loose.conversation_id : null;
  return {
    title: own ? loose.title! : generic.title,
    options: {
      body: own && typeof loose.body === 'string' ? loose.body : generic.body,
      icon: APP_ICON,
      badge: BADGE_ICON,
      tag: conversation !== null ? `conversation-${conversation}` : 'activity',
      renotify: conversation !== null,
      data: { url: typeof loose.url === 'string' ? loose.url : '/chats' },
    },
  };
}

/**
 * Writes what `payload` carries into member `userId`'s Dexie database (src/data/push-store.ts). A failure (storage
 * full, a blocked upgrade) is logged and left to the next sync: the notification must still show.
 */
async function storeForMember(userId: number, payload: PushPayload): Promise<void> {
  const db = openMemberDb(userId);
  try {
    await storePushPayload(db, payload);
  } catch (error) {
    console.warn('push: could not store the payload', error);
  } finally {
    db.close();
  }
}

/**
 * What to show for a push on this device: the payload itself when it is for the member logged in here; a generic
 * notification when nobody or another member is logged in, so a shared device never shows someone else's messages.
 */
function visibleTo(received: ReceivedPayload, memberId: number | null): ReceivedPayload {
  return received.payload && received.payload.recipient_id !== memberId ? { loose: {} } : received;
}

/** Registers the push handler. */
export function listenForPush(): void {
  self.addEventListener('push', (event) => {
    const received = parsePushPayload(event.data);
    event.waitUntil(
      (async () => {
        const memberId = (await readSessionCache().catch(() => null))?.user?.id ?? null;
        const shown = visibleTo(received, memberId);
        let news = {};
        if (shown.payload && memberId !== null) {
          await storeForMember(memberId, shown.payload);
          if (shown.payload.liked_by) news = { liked_by: shown.payload.liked_by };
        }
        await Promise.all([tellWindows({ type: 'sync', reason: 'push', ...news }).catch(() => {}), refreshBadge()]);
        const { title, options } = await notificationFor(shown);
        await self.registration.showNotification(title, options);
      })(),
    );
  });
}
