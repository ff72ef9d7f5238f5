// The sizes of the sync protocol (contract/sync.ts), apart from its zod schemas so the service worker, which
// applies sync answers while the app is closed (src/sync/worker-sync.ts), reads them without bundling zod.

/** Messages per conversation a snapshot carries (older ones page by keyset through /api/messages.php). */
export const SNAPSHOT_MESSAGES = 50;
/** Changes one delta answer covers at most; `more` says another call is needed. */
export const DELTA_LIMIT = 500;
