// Steps of the browser tests that reach into the service worker: its registration id for the DevTools protocol's
// ServiceWorker domain (push delivery, Background Sync and Periodic Background Sync), and a spy on the app badge
// the worker sets.
import type { BrowserContext, Page, Worker } from '@playwright/test';

/** The registration id and origin of the active service worker registration of `page`, for ServiceWorker.* calls. */
export async function swRegistration(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<{ registrationId: string; scopeURL: string }>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const r = registrations.find((x: { isDeleted: boolean }) => !x.isDeleted);
      if (r) resolve(r);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const { registrationId, scopeURL } = await registration;
  const origin = new URL(scopeURL).origin;
  return {
    /** Delivers a push with `data` (JSON-encoded unless a string), as a push service would. */
    push: (data: unknown) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId,
        data: typeof data === 'string' ? data : JSON.stringify(data),
      }),
    /** Fires a Background Sync event with `tag`, as the browser does when the network is back. */
    backgroundSync: (tag: string) =>
      cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId, tag, lastChance: false }),
    /** Fires a Periodic Background Sync event with `tag`, as the browser does at the registered interval. */
    periodicSync: (tag: string) => cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', { origin, registrationId, tag }),
  };
}

/** The running service worker of `context` (waits for it to start). */
export async function serviceWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? context.waitForEvent('serviceworker');
}

/**
 * Records the worker's setAppBadge/clearAppBadge calls in `self.badgeCalls` (0 for a clear): headless Chromium
 * shows no badge. Lasts while this worker instance runs.
 */
export async function spyOnWorkerBadge(worker: Worker): Promise<() => Promise<number[]>> {
  await worker.evaluate(() => {
    const calls: number[] = [];
    (self as unknown as { badgeCalls: number[] }).badgeCalls = calls;
    Object.defineProperty(navigator, 'setAppBadge', {
      value: (n?: number) => {
        calls.push(n ?? 0);
        return Promise.resolve();
      },
      configurable: true,
    });
    Object.defineProperty(navigator, 'clearAppBadge', {
      value: () => {
        calls.push(0);
        return Promise.resolve();
      },
      configurable: true,
    });
  });
  return () => worker.evaluate(() => (self as unknown as { badgeCalls: number[] }).badgeCalls);
}

/** The notifications the worker's registration shows now. */
export function shownNotifications(page: Page) {
  return page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      data: n.data as unknown,
    })),
  );
}
