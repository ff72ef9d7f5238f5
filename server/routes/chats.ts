// Chat calls: the chat list and delete (spec 7), message pages, sending messages, gifts and photos, and marking a chat read.
import fastifyMultipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DeleteChatRequest,
  MessagesQuery,
  ReadChatRequest,
  SendGiftRequest,
  SendMessageRequest,
  SendPhotoFields,
  type ChatsResponse,
  type MessagesResponse,
  type SendMessageResponse,
} from '../../contract/index.ts';
import { messages } from '../db/schema.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { MAX_UPLOAD_BYTES } from '../services/images.ts';
import {
  cachedChatList,
  hideChat,
  markRead,
  messagePage,
  sendMessage,
  type MessageDraft,
} from '../domain/messaging/messaging.ts';
import { messageNotices } from '../domain/messaging/message-notices.ts';
import { parse } from '../validate.ts';

/**
 * The text fields and the one file of a multipart body, in whatever order they came. Throws ApiError 400 bad_request
 * when the body is broken (no boundary, cut short); the plugin's own limit errors (413) pass through.
 */
async function readParts(req: FastifyRequest): Promise<{ fields: Record<string, string>; file: Buffer | null }> {
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') file = await part.toBuffer();
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (e) {
    if ((e as { statusCode?: number }).statusCode) throw e;
    throw new ApiError(400, 'bad_request', {}, { photo: 'The upload is broken' });
  }
  return { fields, file };
}

export default async function chatRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db, jobs, images } = ctx;
  // Photo messages: two text fields (id, profile) and one file; a larger file ends the upload with a 413.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, fieldSize: 100, parts: 3 } });

  app.get('/api/chats.php', async (req): Promise<ChatsResponse> => {
    // The session and, while nothing changed for the member, the list from memory: no statement.
    const id = await req.viewer.requireId();
    return cachedChatList(ctx, { id, cdnPrefix: req.site.settings.cdn_prefix });
  });

  app.delete('/api/chat.php', async (req) => {
    const user = await req.viewer.requireUser();
    const { conversation } = parse(DeleteChatRequest, req.body);
    await hideChat(db, user.id, conversation.id);
    return { deleted: true };
  });

  app.get('/api/messages.php', async (req): Promise<MessagesResponse> => {
    const viewer = await req.viewer.require();
    const q = parse(MessagesQuery, req.query);
    return messagePage(db, viewer, { memberId: q.profile, before: q.before, limit: q.limit });
  });

  /**
   * Sends a text message, gift or photo of member `userId` (one ledger key, sync log and notices); `created` false for a
   * replayed id. The sender's row comes from the send's own lock, so the session may come from memory.
   */
  const sendAs = async (req: FastifyRequest, userId: number, body: MessageDraft) => {
    const { site } = req;
    // The push and the mail are jobs written with the message: the sender never waits for a push service.
    return sendMessage(db, site, userId, { draft: body, notify: messageNotices(jobs, site, body.profile) });
  };

  /** Sends a text message or a gift; `draft` parses the body after the session check. */
  const send = async (req: FastifyRequest, draft: () => MessageDraft): Promise<SendMessageResponse> => {
    // The session from memory when cached: the send's statements are its transaction's.
    const userId = await req.viewer.requireId();
    return (await sendAs(req, userId, draft())).answer;
  };

  app.post('/api/message.php', (req) => send(req, () => ({ ...parse(SendMessageRequest, req.body), gift: null, photo: null })));

  app.post('/api/gift.php', (req) => send(req, () => ({ ...parse(SendGiftRequest, req.body), text: '', photo: null })));

  // A photo in the conversation for photo_credits (spec 3): re-encoded like a profile photo (EXIF and GPS gone), with
  // the blurred copy a free recipient gets. The type is judged by the decoded content, never by name or declared type.
  app.post('/api/chat-photo.php', async (req): Promise<SendMessageResponse> => {
    const userId = await req.viewer.requireId();
    if (!req.isMultipart()) throw new ApiError(415, 'unsupported_media_type');
    const { fields, file } = await readParts(req);
    const { id, profile } = parse(SendPhotoFields, fields);
    if (!file) throw new ApiError(400, 'bad_request', {}, { photo: 'A photo file is required' });
    // The retry of a stored photo message answers the first send without decoding the upload again.
    const [existing] = await db
      .select({ key: messages.photoKey, blurKey: messages.photoBlurKey })
      .from(messages)
      .where(eq(messages.id, id));
    const stored = existing?.key && existing.blurKey ? { key: existing.key, blurKey: existing.blurKey } : null;
    const fresh = stored ? null : await images.storeUpload(file);
    try {
      const { answer, created } = await sendAs(req, userId, { id, profile, text: '', gift: null, photo: stored ?? fresh });
      // Two first sends of one id raced: the loser's files are not used.
      if (!created && fresh) await images.remove([fresh.key, fresh.blurKey]);
      return answer;
    } catch (e) {
      if (fresh) await images.remove([fresh.key, fresh.blurKey]);
      throw e;
    }
  });

  app.post('/api/chat-read.php', async (req) => {
    const user = await req.viewer.requireUser();
    const { conversation } = parse(ReadChatRequest, req.body);
    return { total_unread: await markRead(db, user.id, conversation.id) };
  });
}
