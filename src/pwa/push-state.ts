// Web Push on the page (spec 3: push state; spec 5: push capable, subscribed, denied, unknown): whether this
// browser can take push, whether it is subscribed, and subscribe/unsubscribe against POST/DELETE
// /api/user.php?push=1. A separate file because the sync scheduler reads `subscribed` (300 s refresh) and the
// opt-in alert and the notifications screen both act on it.
import { proxy } from 'valtio';

/** Spec 5: push capable or not, subscribed, denied, unknown (not asked yet, or not yet checked). */
export type PushStatus = 'unsupported' | 'unknown' | 'denied' | 'subscribed' | 'unsubscribed';

/** `error` is an i18n key (pwa namespace) a person can act on, set by the last failed subscribe. */
export const pushState = proxy({ status: 'unknown' as PushStatus, busy: false, error: null as string | null });

/** True when this browser has what Web Push needs (a service worker, PushManager and notifications). */
export function pushCapable(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Same bytes? (a subscription made with another server key must be renewed). */
function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
}

/** Maps a failure of Notification.requestPermission / PushManager.subscribe / the server call to an i18n key. */
export function pushErrorKey(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError') return 'push.errors.denied';
  if (name === 'AbortError' || name === 'InvalidStateError') return 'push.errors.service';
  if (name === 'NotSupportedError') return 'push.errors.unsupported';
  if ((error as { status?: number } | null)?.status === 0) return 'push.errors.network';
  return 'push.errors.unknown';
}

async function sendToServer(subscription: PushSubscription): Promise<void> {
  const { api } = await import('../api/client.ts');
  const { PushSubscribeResponse } = await import('../../contract/index.ts');
  await api('/api/user.php', PushSubscribeResponse, {
    method: 'POST',
    query: { push: 1 },
    body: subscription.toJSON(),
    retry: true,
  });
}

/** Counts checkPush calls: only the newest one writes the state (an older one may still await the worker). */
let checkGeneration = 0;

/**
 * On each start, and when the permission changes: reads the permission and the current subscription. A
 * subscription made with another server key is renewed; an existing one is sent to the server again (the server
 * keeps one row per endpoint, so a changed endpoint or key is stored). Never throws; when calls overlap, the last
 * one started decides the state.
 */
export async function checkPush(publicKey: string | null): Promise<void> {
  const generation = ++checkGeneration;
  const settle = (status: PushStatus) => {
    if (generation === checkGeneration) pushState.status = status;
  };
  if (!pushCapable() || !publicKey) return settle('unsupported');
  if (Notification.permission === 'denied') return settle('denied');
  try {
    // Without a service worker (the dev server) `ready` never settles: after 10 s the state says unsupported, and a
    // worker that becomes ready later (a slow first install) checks again.
    const reg = await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<undefined>((r) => setTimeout(() => r(undefined), 10_000)),
    ]);
    if (!reg) {
      void navigator.serviceWorker.ready.then(() => {
        if (generation === checkGeneration) void checkPush(publicKey);
      });
      return settle('unsupported');
    }
    let sub = await reg.pushManager.getSubscription();
    const key = keyBytes(publicKey);
    if (sub && !sameKey(sub.options.applicationServerKey, key)) {
      await sub.unsubscribe();
      sub =
        Notification.permission === 'granted'
          ? await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
          : null;
    }
    if (sub) await sendToServer(sub);
    settle(sub ? 'subscribed' : 'unsubscribed');
  } catch {
    settle('unsubscribed');
  }
}

/**
 * Keeps the push state in step with the browser's site settings while a page is open: checks again when the
 * notification permission changes (Permissions API `change`), and on return to the tab when the permission no
 * longer matches the state (browsers without that event). Returns the function that stops watching.
 */
export function watchPushPermission(publicKey: string | null): () => void {
  const recheck = () => void checkPush(publicKey);
  const onVisible = () => {
    if (document.visibilityState === 'visible' && (pushState.status === 'denied') !== (Notification.permission === 'denied'))
      recheck();
  };
  let permission: PermissionStatus | null = null;
  let stopped = false;
  navigator.permissions?.query({ name: 'notifications' }).then(
    (status) => {
      if (stopped) return;
      permission = status;
      status.addEventListener('change', recheck);
    },
    () => {},
  );
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    stopped = true;
    permission?.removeEventListener('change', recheck);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** Asks for permission, subscribes with the site's VAPID key and registers the subscription. Errors land in `error`. */
export async function subscribePush(publicKey: string): Promise<void> {
  pushState.busy = true;
  pushState.error = null;
  try {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      pushState.status = permission === 'denied' ? 'denied' : 'unsubscribed';
      if (permission === 'denied') pushState.error = 'push.errors.denied';
      return;
    }
    const reg = await navigator.serviceWorker.ready;
    const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
    await sendToServer(sub);
    pushState.status = 'subscribed';
  } catch (error) {
    pushState.error = pushErrorKey(error);
  } finally {
    pushState.busy = false;
  }
}

/** Unsubscribes this browser and removes the subscription on the server. Errors land in `error`. */
export async function unsubscribePush(): Promise<void> {
  pushState.busy = true;
  pushState.error = null;
  try {
    const reg = pushCapable() ? await navigator.serviceWorker.getRegistration() : undefined;
    const sub = await reg?.pushManager.getSubscription();
    if (sub) {
      const { api } = await import('../api/client.ts');
      const { PushUnsubscribeResponse } = await import('../../contract/index.ts');
      await api('/api/user.php', PushUnsubscribeResponse, {
        method: 'DELETE',
        query: { push: 1 },
        body: { endpoint: sub.endpoint },
      });
      await sub.unsubscribe();
    }
    pushState.status = 'unsubscribed';
  } catch (error) {
    pushState.error = pushErrorKey(error);
  } finally {
    pushState.busy = false;
  }
}
