// Chat list state (spec 3: chats, total unread), shared by the chat list, the open chat and the nav badge.
import { proxy } from 'valtio';
import { api } from '../../api/client.ts';
import { ChatsResponse, DeleteChatResponse, ReadChatResponse, type Chat } from '../../../contract/index.ts';

/** The chat list, newest first; `totalUnread` feeds the nav badge; `deleteError` is the last failed delete (spec 4). */
export const chatsState = proxy({
  chats: [] as Chat[],
  totalUnread: 0,
  loaded: false,
  deleteError: null as unknown,
});

let inflight: Promise<void> | null = null;

/** GET /api/chats.php into chatsState. Concurrent calls share one request. Throws ApiCallError. */
export function refreshChats(): Promise<void> {
  inflight ??= api('/api/chats.php', ChatsResponse)
    .then((res) => {
      chatsState.chats = res.chats;
      chatsState.totalUnread = res.total_unread;
      chatsState.loaded = true;
    })
    .finally(() => { inflight = null; });
  return inflight;
}

/**
 * Spec 4: removes the chat from the list at once, then DELETE /api/chat.php. If that fails the error is
 * kept in `deleteError` (the screen shows it as an alert) and the chats are reloaded.
 */
export async function deleteChat(conversationId: number): Promise<void> {
  chatsState.deleteError = null;
  const i = chatsState.chats.findIndex((c) => c.conversation.id === conversationId);
  if (i >= 0) {
    chatsState.totalUnread = Math.max(0, chatsState.totalUnread - chatsState.chats[i].num_unread_messages);
    chatsState.chats.splice(i, 1);
  }
  try {
    await api('/api/chat.php', DeleteChatResponse, { method: 'DELETE', body: { conversation: { id: conversationId } } });
  } catch (e) {
    chatsState.deleteError = e;
    await refreshChats().catch(() => {});
  }
}

/** Spec 4: opening a chat sets its unread count to 0. POST /api/chat-read.php, then updates the list and total. */
export async function markChatRead(conversationId: number): Promise<void> {
  const chat = chatsState.chats.find((c) => c.conversation.id === conversationId);
  if (chat) {
    chatsState.totalUnread = Math.max(0, chatsState.totalUnread - chat.num_unread_messages);
    chat.num_unread_messages = 0;
  }
  const res = await api('/api/chat-read.php', ReadChatResponse, { method: 'POST', body: { conversation: { id: conversationId } } });
  chatsState.totalUnread = res.total_unread;
}
