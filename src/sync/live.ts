// The page's end of the live channel (DESIGN: how data flows): an EventSource on GET /api/events.php whose
// `changed` events wake the sync engine, so a message shows in an open chat within a second, with no polling.
import { proxy } from 'valtio';
import { LIVE_EVENTS, LiveEvent } from '../../contract/index.ts';

/** Whether the live channel is open now (screens drop their own polling while it is). */
export const liveChannel = proxy({ open: false });

/** A page hidden this long closes its stream (the background has push and the scheduler); visible reopens it. */
export const HIDDEN_CLOSE_MS = 60_000;
/** After the browser gave up on the stream (a non-200 answer), the next try; doubled per failure up to the max. */
export const REOPEN_MIN_MS = 5_000;
const REOPEN_MAX_MS = 300_000;

const PATH = '/api/events.php';

/**
 * Opens the live channel: `onChanged` is called for each `changed` event, and once when the stream is back
 * after an error or a `reconnect` event (events may have been missed meanwhile). EventSource reconnects by itself after a drop
 * (sending Last-Event-ID); when it gives up (403, 5xx) the channel tries again after REOPEN_MIN_MS, backing off.
 * A reopened stream names the last event id in `?last_event_id=`, so the server says at once when something
 * changed in between. Answers the close function (logout, another member). Without EventSource, does nothing.
 */
export function openLiveChannel(onChanged: () => void): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  let source: EventSource | null = null;
  let lastId = '';
  let missed = false;
  let stopped = false;
  let reopenDelay = REOPEN_MIN_MS;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined;

  const valid = (e: Event): e is MessageEvent<string> => {
    try {
      LiveEvent.parse(JSON.parse((e as MessageEvent<string>).data));
    } catch {
      return false;
    }
    if ((e as MessageEvent).lastEventId) lastId = (e as MessageEvent).lastEventId;
    return true;
  };

  const close = () => {
    source?.close();
    source = null;
    liveChannel.open = false;
  };

  const open = () => {
    clearTimeout(reopenTimer);
    if (stopped || source || document.visibilityState === 'hidden') return;
    const es = new EventSource(lastId ? `${PATH}?last_event_id=${encodeURIComponent(lastId)}` : PATH);
    source = es;
    es.addEventListener(LIVE_EVENTS.ready, (e) => {
      if (!valid(e)) return;
      liveChannel.open = true;
      reopenDelay = REOPEN_MIN_MS;
      if (missed) {
        missed = false;
        onChanged();
      }
    });
    es.addEventListener(LIVE_EVENTS.changed, (e) => {
      if (valid(e)) onChanged();
    });
    // The server is draining: the stream ends next and the browser reconnects after the server's `retry:` (through a
    // proxy, to another instance); the new stream's `ready` then syncs what was missed meanwhile.
    es.addEventListener(LIVE_EVENTS.reconnect, (e) => {
      if (!valid(e)) return;
      liveChannel.open = false;
      missed = true;
    });
    es.addEventListener('error', () => {
      if (source !== es) return;
      liveChannel.open = false;
      missed = true;
      // CONNECTING: the browser reconnects by itself. CLOSED: it gave up, so try again later.
      if (es.readyState === EventSource.CLOSED) {
        close();
        reopenTimer = setTimeout(open, reopenDelay);
        reopenDelay = Math.min(reopenDelay * 2, REOPEN_MAX_MS);
      }
    });
  };

  const onVisibility = () => {
    clearTimeout(hiddenTimer);
    if (document.visibilityState === 'hidden') hiddenTimer = setTimeout(close, HIDDEN_CLOSE_MS);
    else open();
  };
  const onOnline = () => open();
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('online', onOnline);
  open();

  return () => {
    stopped = true;
    clearTimeout(reopenTimer);
    clearTimeout(hiddenTimer);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('online', onOnline);
    close();
  };
}
