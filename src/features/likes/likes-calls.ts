// The likes screen's first call, without React: /likes reads its answer (likes-screen.tsx) and the route table declares
// it (src/app/routes.ts), so a server render answers it.

/** GET /api/likes.php: the member's likes both ways (spec 7), shown by a server-rendered /likes until Dexie holds them. */
export const LIKES_CALL = '/api/likes.php';
