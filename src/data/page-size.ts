// The size of a conversation's keyset pages, without Dexie: the route table declares the chat screen's newest page by
// it (src/features/chat/chat-calls.ts), and Dexie's pages (messages-repo.ts) and the page loads use it too.

/** Messages per page of a conversation (DESIGN: keyset page of 50 rows; contract MessagesQuery's `limit`). */
export const PAGE_SIZE = 50;
