// The live channel (DESIGN: how data flows): GET /api/events.php, server-sent events that wake the sync engine.
import { z } from 'zod';

/**
 * Query of GET /api/events.php. `last_event_id`: the id of the last event the page got, for a fresh
 * EventSource (which cannot set the `Last-Event-ID` header; its own reconnects send the header).
 */
export const EventsQuery = z.object({ last_event_id: z.coerce.number().int().nonnegative().optional() });
export type EventsQuery = z.infer<typeof EventsQuery>;

/** Event names of the stream: `ready` once when it opens, `changed` when the member's change log grew. */
export const LIVE_EVENTS = { ready: 'ready', changed: 'changed' } as const;

/**
 * The `data` of both events (JSON): `cursor` is the member's highest change-log seq, the same number as the
 * `cursor` GET /api/sync.php answers once caught up. A `changed` event is only a hint: the client then syncs.
 */
export const LiveEvent = z.object({ cursor: z.number().int().nonnegative() });
export type LiveEvent = z.infer<typeof LiveEvent>;
