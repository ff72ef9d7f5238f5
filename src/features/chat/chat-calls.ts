// The chat screens' first calls, without React or Dexie: /chats reads its list's answer (chats-screen.tsx), a chat
// reads its member's card and newest page (chat-screen.tsx, src/sync/conversation-pages.ts) and the route table
// declares them (src/app/routes.ts), so a server render answers them. Also the chat screen's namespaces, which the
// list loads ahead.
import { PAGE_SIZE } from '../../data/page-size.ts';
import { profilePath } from '../member/member-calls.ts';

/** GET /api/chats.php: the member's chat list (spec 7), shown by a server-rendered /chats until Dexie holds it. */
export const CHATS_CALL = '/api/chats.php';

/**
 * GET /api/messages.php's path with query for the newest page (PAGE_SIZE messages, oldest first) of the conversation
 * with member `profileId`, e.g. "/api/messages.php?profile=42&limit=50" (contract MessagesQuery): what a chat opens
 * with (loadNewestPage), shown by a server-rendered chat until Dexie holds it.
 */
export const newestPagePath = (profileId: number) => `/api/messages.php?profile=${profileId}&limit=${PAGE_SIZE}`;

/**
 * A chat's first calls (/members/:id/chat, /chats/:id) for member `profileId`: the member's card (GET
 * /api/member.php, profilePath) for the header and the fictional profile's warning, and the newest page of messages.
 */
export const chatCalls = (profileId: number): string[] => [profilePath(profileId), newestPagePath(profileId)];

/** The i18next namespaces the chat screen renders with: /chats loads them ahead so a first chat opens without them. */
export const CHAT_NAMESPACES = ['chat', 'members', 'discovery', 'pages', 'gifts'];
