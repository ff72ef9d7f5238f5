// The live channel (DESIGN: how data flows): GET /api/events.php, server-sent events that wake the sync engine.
import { z } from 'zod';
import { Id, QueryCursor } from './common.ts';

/**
 * Query of GET /api/events.php. `last_event_id`: the id of the last event the page got, for a fresh
 * EventSource (which cannot set the `Last-Event-ID` header; its own reconnects send the header).
 */
export const EventsQuery = z.object({ last_event_id: QueryCursor.optional() });
export type EventsQuery = z.infer<typeof EventsQuery>;

/**
 * Event names of the stream: `ready` once when it opens, `changed` when the member's change log grew, `reconnect`
 * last, when the server is shutting down (a drain): the page opens a new stream, which a proxy sends to another
 * instance.
 */
export const LIVE_EVENTS = { ready: 'ready', changed: 'changed', reconnect: 'reconnect' } as const;

/**
 * The `data` of the events (JSON): `cursor` is the member's highest change-log seq, the same number as the
 * `cursor` GET /api/sync.php answers once caught up. A `changed` event is only a hint: the client then syncs.
 */
export const LiveEvent = z.object({ cursor: z.number().int().nonnegative() });
export type LiveEvent = z.infer<typeof LiveEvent>;

/**
 * POST /api/reading.php: the member has conversation `conversation_id` open in a visible page with the live channel
 * up, so a new message in it needs no push. Valid for READING_TTL_SECONDS; the page renews it every
 * READING_RENEW_MS while that stays true. DELETE /api/reading.php with the same body ends it at once, and so does
 * the page-hidden beacon (spec 7: POST /api/page-hidden.php) for all of the member's conversations.
 * Answers `ReadingResponse`. Errors: 403 authentication_required, 404 not_found (not the member's conversation).
 */
export const ReadingRequest = z.object({ conversation_id: Id });
export type ReadingRequest = z.infer<typeof ReadingRequest>;
export const ReadingResponse = z.object({ reading: z.boolean() });
export type ReadingResponse = z.infer<typeof ReadingResponse>;

/** Seconds a reading mark lasts without renewal (a page that vanished without its beacon stops counting then). */
export const READING_TTL_SECONDS = 60;
/** How often an open, visible conversation renews its reading mark, in ms (well inside READING_TTL_SECONDS). */
export const READING_RENEW_MS = 25_000;
