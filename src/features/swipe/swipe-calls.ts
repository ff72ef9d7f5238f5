// The swipe game's first call, without React or the API client: the deck reads its answer (swipe-deck.ts) and the
// route table declares it (src/app/routes.ts), so a server render answers it.

/** GET /api/swipe-deck.php: the first deck and today's likes left (spec 9), the top card being the page's LCP. */
export const SWIPE_DECK_CALL = '/api/swipe-deck.php';
