// The chat list's first call, without React: /chats reads its answer (chats-screen.tsx) and the route table declares
// it (src/app/routes.ts), so a server render answers it. Also the chat screen's namespaces, which the list loads ahead.

/** GET /api/chats.php: the member's chat list (spec 7), shown by a server-rendered /chats until Dexie holds it. */
export const CHATS_CALL = '/api/chats.php';

/** The i18next namespaces the chat screen renders with: /chats loads them ahead so a first chat opens without them. */
export const CHAT_NAMESPACES = ['chat', 'members', 'discovery', 'pages', 'gifts'];
