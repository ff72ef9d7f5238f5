// /settings' first calls, without React or the API client: its sections read their answers (blocked-members.tsx,
// stored-cards.tsx) and the route table declares them (src/app/routes.ts), so a server render draws them filled.

/** GET /api/blocks.php: the members the member blocked (spec 6). */
export const BLOCKS_CALL = '/api/blocks.php';
/** GET /api/stored-cards.php: the cards stored for repeat orders. */
export const STORED_CARDS_CALL = '/api/stored-cards.php';
