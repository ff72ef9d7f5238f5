// Notification clicks, apart from push.ts because they also follow notifications the page shows itself.
// Focus an open window first and stop there: Elk opened a second window for want of that `return`.
declare const self: ServiceWorkerGlobalScope;

/** Default target of a click: the chat list. */
const DEFAULT_CLICK_URL = '/chats';

/** The same-origin URL a notification leads to (its `data.url`), else DEFAULT_CLICK_URL. Other origins are refused. */
function clickTarget(data: unknown, origin: string): string {
  const raw =
    data && typeof data === 'object' && typeof (data as { url?: unknown }).url === 'string'
      ? (data as { url: string }).url
      : DEFAULT_CLICK_URL;
  try {
    const url = new URL(raw, origin);
    return url.origin === origin ? url.href : new URL(DEFAULT_CLICK_URL, origin).href;
  } catch {
    return new URL(DEFAULT_CLICK_URL, origin).href;
  }
}

/** Registers the notificationclick handler. */
export function listenForNotificationClicks(): void {
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const target = clickTarget(event.notification.data, self.location.origin);
    event.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((w) => w.visibilityState === 'visible') ?? windows[0];
        if (open) {
          // Both at once, each allowed to fail alone: navigate() works only on a window this worker controls,
          // focus() only while the click's user activation lasts.
          await Promise.allSettled([open.navigate(target), open.focus()]);
          return;
        }
        await self.clients.openWindow(target);
      })(),
    );
  });
}
