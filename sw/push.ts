// Web Push (spec 7: "A push service worker is registered"), apart from the other events because the push
// subscription work will grow here. One waitUntil does it all, as ntfy does: wake the open pages' sync,
// refresh the badge, and always show a notification (browsers revoke the permission of silent pushes).
import { refreshBadge } from './badge.ts';
import { tellWindows } from './sync-relay.ts';
import { notificationLanguage, pushTextsFor } from './texts.ts';

declare const self: ServiceWorkerGlobalScope;

/** What the SW reads from a push payload; anything else (or no JSON at all) gets the generic notification. */
export interface PushPayload {
  title?: string;
  body?: string;
  /** A message push: notifications of one conversation replace each other (one tag per conversation). */
  conversation_id?: number;
  /** Where a click leads (a path of this site); default /chats (notification-click.ts). */
  url?: string;
}

/** The payload as JSON, or an empty payload when it is missing or not JSON. */
export function parsePushPayload(data: PushMessageData | null): PushPayload {
  try {
    const value: unknown = data?.json();
    return value && typeof value === 'object' ? (value as PushPayload) : {};
  } catch {
    return {};
  }
}

/** The notification for `payload`: its own title and body when it has both, else the generic one in the member's language. */
export async function notificationFor(payload: PushPayload): Promise<{ title: string; options: NotificationOptions }> {
  const generic = pushTextsFor(await notificationLanguage().catch(() => undefined));
  const own = typeof payload.title === 'string' && payload.title !== '';
  const conversation = typeof payload.conversation_id === 'number' ? payload.conversation_id : null;
  return {
    title: own ? payload.title! : generic.title,
    options: {
      body: own && typeof payload.body === 'string' ? payload.body : generic.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      tag: conversation !== null ? `conversation-${conversation}` : 'activity',
      data: { url: typeof payload.url === 'string' ? payload.url : '/chats' },
    },
  };
}

/** Registers the push handler. */
export function listenForPush(): void {
  self.addEventListener('push', (event) => {
    const payload = parsePushPayload(event.data);
    event.waitUntil(
      (async () => {
        await Promise.all([tellWindows({ type: 'sync', reason: 'push' }).catch(() => {}), refreshBadge()]);
        const { title, options } = await notificationFor(payload);
        await self.registration.showNotification(title, options);
      })(),
    );
  });
}
