// LISTEN on PostgreSQL through a dedicated connection (a pooled one would be handed to other queries and lose
// its LISTEN), reconnecting with backoff when the connection drops (DESIGN: live fan-out via LISTEN/NOTIFY).
import pg from 'pg';

/** Backoff of the reconnect attempts: first delay, doubled per failure up to the maximum. */
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;
/** A `select 1` this often on the listener connection finds a silently dead connection (half-open TCP). */
const PING_MS = 30_000;
/** The listener's application_name, so operators (and tests) can find its backend in pg_stat_activity. */
export const LISTENER_APP_NAME = 'heartline-live-listener';

/**
 * Opens a dedicated client to `url`, runs `LISTEN channel` and calls `onPayload` for each notification. When the
 * connection ends or errs, reconnects after RECONNECT_MIN_MS (doubling on each failed attempt, at most
 * RECONNECT_MAX_MS) and then calls `onGap` once: notifications sent while it was away are lost. `onLost` is called
 * when the connection is lost (from then until `onGap`, notifications are missed). The first connection's failure
 * rejects. Resolves to a stop function (ends the connection, stops reconnecting).
 */
export async function listenPg(
  url: string,
  channel: string,
  { onPayload, onGap, onLost }: { onPayload: (payload: string) => void; onGap: () => void; onLost?: () => void },
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let delay = RECONNECT_MIN_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;

  const lost = (c: pg.Client, why: string) => {
    if (c !== current) return;
    current = null;
    clearInterval(pingTimer);
    c.end().catch(() => {});
    if (stopped) return;
    onLost?.();
    console.warn(`live listener: connection lost (${why}); reconnecting`);
    retry();
  };

  const connect = async (): Promise<void> => {
    const c = new pg.Client({
      connectionString: url,
      application_name: LISTENER_APP_NAME,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    c.on('notification', (n) => {
      if (n.channel === channel) onPayload(n.payload ?? '');
    });
    c.on('error', (err) => lost(c, err.message));
    c.on('end', () => lost(c, 'ended'));
    try {
      await c.connect();
      await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
    } catch (e) {
      await c.end().catch(() => {});
      throw e;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    current = c;
    clearInterval(pingTimer);
    pingTimer = setInterval(() => {
      c.query('select 1').catch((err: Error) => lost(c, err.message));
    }, PING_MS);
    pingTimer.unref();
  };

  const retry = () => {
    retryTimer = setTimeout(() => {
      connect().then(
        () => {
          delay = RECONNECT_MIN_MS;
          if (!stopped) onGap();
        },
        (err: Error) => {
          if (stopped) return;
          delay = Math.min(delay * 2, RECONNECT_MAX_MS);
          console.warn(`live listener: reconnect failed (${err.message}); next try in ${delay} ms`);
          retry();
        },
      );
    }, delay);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    clearInterval(pingTimer);
    const c = current;
    current = null;
    await c?.end().catch(() => {});
  };
}
