// The money screens' own first calls, without React or the API client: the screens read their answers
// (transactions-screen.tsx, repeat-order-screen.tsx) and the route table declares them (src/app/routes.ts), so a server
// render draws them filled.

/** GET /api/transactions.php: the member's payments (every state) and credit movements, newest first (spec 2). */
export const TRANSACTIONS_CALL = '/api/transactions.php';
/** GET /api/repeat-order.php: the member's last completed order and the stored card (spec 4). */
export const REPEAT_ORDER_CALL = '/api/repeat-order.php';
