// When the sync engine runs (spec 4, 9; DESIGN: how data flows): first 5 s after start (at once when this device
// has never synced), then every 60 s (300 s while push is subscribed), when the network returns, when the page
// becomes visible, and when the service worker relays a push or a background sync.
import { isSyncMessage } from '../pwa/register-sw.ts';
import type { SyncEngine } from './engine.ts';

/** Spec 9: the first refresh 5 s after start. */
const FIRST_SYNC_MS = 5_000;
/** Spec 9: refresh every 60 s, or 300 s when push is subscribed. */
const SYNC_INTERVAL_MS = 60_000;
const PUSH_SYNC_INTERVAL_MS = 300_000;

export interface ScheduleOptions {
  /** True when this device has never synced: the first run starts at once. */
  immediate: boolean;
  /** Whether push is subscribed now (read at each tick). */
  pushSubscribed: () => boolean;
  /** Subscribes to messages from the service worker; answers an unsubscribe. */
  onWorkerMessage?: (fn: (data: unknown) => void) => () => void;
}

/** Starts the triggers of `engine`; answers a stop function. */
export function scheduleSync(engine: SyncEngine, opts: ScheduleOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastRun = 0;
  const run = (reason: string) => {
    lastRun = Date.now();
    void engine.request(reason);
  };
  const next = () => {
    timer = setTimeout(
      () => {
        // A hidden page skips its tick; becoming visible catches up.
        if (document.visibilityState === 'visible') run('interval');
        next();
      },
      opts.pushSubscribed() ? PUSH_SYNC_INTERVAL_MS : SYNC_INTERVAL_MS,
    );
  };
  timer = setTimeout(
    () => {
      run('start');
      next();
    },
    opts.immediate ? 0 : FIRST_SYNC_MS,
  );

  const onOnline = () => run('online');
  const onVisible = () => {
    if (document.visibilityState === 'visible' && lastRun && Date.now() - lastRun > 2_000) run('visible');
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  const offWorker = opts.onWorkerMessage?.((data) => {
    if (isSyncMessage(data)) run('worker');
  });
  return () => {
    clearTimeout(timer);
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
    offWorker?.();
  };
}
