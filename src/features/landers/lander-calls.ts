// The landers' first call, without React: the landers load it (lander-content.ts) and the route table declares it
// (src/app/routes.ts), so a server render answers it.

/** GET /api/lander.php: the site niche's demo members and the members per region (spec 2 landers). */
export const LANDER_CALL = '/api/lander.php';
