// Chat calls: the chat list and delete (spec 7), message pages, sending messages and gifts, and marking a chat read.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DeleteChatRequest, MessagesQuery, ReadChatRequest, SendGiftRequest, SendMessageRequest, type ChatsResponse, type MessagesResponse, type SendMessageResponse,
} from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { chatList, hideChat, markRead, messagePage, sendMessage, type MessageDraft } from '../domain/messaging.ts';
import { mailMessageNotice } from '../domain/email-notices.ts';
import { requireUser } from '../domain/sessions.ts';
import { siteOf } from '../domain/sites.ts';
import { parse } from '../validate.ts';

export default async function chatRoutes(app: FastifyInstance, { db, jobs }: Deps): Promise<void> {
  app.get('/api/chats.php', async (req): Promise<ChatsResponse> => {
    const user = await requireUser(db, req);
    const site = await siteOf(db, req);
    return chatList(db, { id: user.id, paidUser: user.paidUser }, site.settings.cdn_prefix);
  });

  app.delete('/api/chat.php', async (req) => {
    const user = await requireUser(db, req);
    const { conversation } = parse(DeleteChatRequest, req.body);
    await hideChat(db, user.id, conversation.id);
    return { deleted: true };
  });

  app.get('/api/messages.php', async (req): Promise<MessagesResponse> => {
    const user = await requireUser(db, req);
    const q = parse(MessagesQuery, req.query);
    const site = await siteOf(db, req);
    return messagePage(db, site.id, { id: user.id, paidUser: user.paidUser }, q.profile, q.before, q.limit);
  });

  /** Sends a text message or a gift (one ledger key, sync log and notices); `draft` parses the body after the session check. */
  const send = async (req: FastifyRequest, draft: () => MessageDraft): Promise<SendMessageResponse> => {
    const user = await requireUser(db, req);
    const body = draft();
    const site = await siteOf(db, req);
    // The push and the mail are jobs written with the message: the sender never waits for a push service. An
    // unconfirmed sender's message is held back from the recipient (spec 8; messaging.ts visibleChatOf), so nobody is told.
    const { answer } = await sendMessage(db, site.id, site.settings, user, body, async (tx, message) => {
      if (user.status !== 'confirmed') return;
      await jobs.enqueue(tx, 'push-message', { cdnPrefix: site.settings.cdn_prefix, message, recipientId: body.profile });
      await mailMessageNotice(jobs, tx, message, body.profile);
    });
    return answer;
  };

  app.post('/api/message.php', (req) => send(req, () => ({ ...parse(SendMessageRequest, req.body), gift: null })));

  app.post('/api/gift.php', (req) => send(req, () => ({ ...parse(SendGiftRequest, req.body), text: '' })));

  app.post('/api/chat-read.php', async (req) => {
    const user = await requireUser(db, req);
    const { conversation } = parse(ReadChatRequest, req.body);
    return { total_unread: await markRead(db, user.id, conversation.id) };
  });
}
