// Gifts over the real server (spec 1, 3 gift_credits, 6): a gift is a message with `gift` set, sent exactly once
// under retries (one ledger debit of gift_credits), refused like a message (credits, blocks, free conversations).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ChatsResponse, MessagesResponse, SendMessageResponse, SyncResponse } from '../../contract/index.ts';
import { creditLedger, users } from '../../server/db/schema.ts';
import { messagePayload } from '../../server/domain/notifications/push-notices.ts';
import { noticeMail } from '../../server/domain/notifications/notice-mail.ts';
import { activeMember, Client, expectShape, newId, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const setCredits = (id: number, credits: number) => server.db.update(users).set({ credits }).where(eq(users.id, id));
const debitsOf = (id: string) =>
  server.db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.idempotencyKey, `message:${id}`));

describe('sending a gift', () => {
  it('costs gift_credits (25) once and shows for both members as the conversation’s last message', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server, { gender: 'female' });
    await setCredits(a.id, 100);
    const id = newId();
    const sent = expectShape(SendMessageResponse, await a.client.post('/api/gift.php', { id, profile: b.id, gift: 'rose' }));
    expect(sent).toMatchObject({ cost: 25, credits: 75, message: { id, gift: 'rose', text: '', sender_id: a.id } });
    expect(await debitsOf(id)).toMatchObject([{ delta: -25, balanceAfter: 75, reason: 'message' }]);

    for (const [me, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const page = expectShape(MessagesResponse, await me.client.get(`/api/messages.php?profile=${other.id}`));
      expect(page.messages).toMatchObject([{ id, gift: 'rose' }]);
      const [chat] = expectShape(ChatsResponse, await me.client.get('/api/chats.php')).chats;
      expect(chat.last_message).toMatchObject({ id, gift: 'rose' });
    }
    // The recipient's sync brings it like any message, unread.
    const snapshot = expectShape(SyncResponse, await b.client.get('/api/sync.php'));
    expect(snapshot.messages).toMatchObject([{ id, gift: 'rose' }]);
    expect(snapshot.total_unread).toBe(1);
    // A text message still says gift: null and costs message_credits.
    const text = expectShape(
      SendMessageResponse,
      await a.client.post('/api/message.php', { id: newId(), profile: b.id, text: 'For you' }),
    );
    expect(text).toMatchObject({ cost: 10, credits: 65, message: { gift: null } });
  });

  it('is one gift, one debit and the same answer when the same id is sent again, one after the other or at once', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server);
    await setCredits(a.id, 200);
    const body = { id: newId(), profile: b.id, gift: 'teddy' };
    const first = await a.client.post('/api/gift.php', body);
    expect(first.status).toBe(200);
    const again = await a.client.post('/api/gift.php', body);
    expect(again.body).toEqual(first.body);

    const raced = { id: newId(), profile: b.id, gift: 'champagne' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => a.client.post('/api/gift.php', raced)));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    for (const r of answers) expect(r.body).toEqual(answers[0].body);

    expect(await debitsOf(body.id)).toHaveLength(1);
    expect(await debitsOf(raced.id)).toHaveLength(1);
    expect((await a.client.get('/api/user.php')).body.user.credits).toBe(150);
    const page = expectShape(MessagesResponse, await b.client.get(`/api/messages.php?profile=${a.id}`));
    expect(page.messages.map((m) => m.gift)).toEqual(['teddy', 'champagne']);
    // The id of a gift is not reusable for another gift or for a text.
    expect((await a.client.post('/api/gift.php', { ...body, gift: 'rose' })).status).toBe(409);
    expect((await a.client.post('/api/message.php', { id: body.id, profile: b.id, text: 'teddy' })).status).toBe(409);
  });

  it('refuses without enough credits with the spec message, and writes nothing', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server);
    await setCredits(a.id, 24);
    const id = newId();
    const res = await a.client.post('/api/gift.php', { id, profile: b.id, gift: 'diamond' });
    expect(res.status).toBe(402);
    expect(res.body.error).toEqual({
      code: 'not_enough_credits',
      message: 'You do not have enough credits to send this message.',
    });
    expect(await debitsOf(id)).toHaveLength(0);
    expect((await a.client.get('/api/user.php')).body.user.credits).toBe(24);
    expect(expectShape(MessagesResponse, await a.client.get(`/api/messages.php?profile=${b.id}`)).messages).toHaveLength(0);
  });

  it('refuses a blocked member, a free member’s third new conversation, visitors and unknown gifts', async () => {
    const blocker = await activeMember(server, { name: 'Charlotte' });
    const blocked = await activeMember(server);
    await blocker.client.post('/api/block.php', { profile: blocked.id });
    const refused = await blocked.client.post('/api/gift.php', { id: newId(), profile: blocker.id, gift: 'heart' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'blocked', params: { name: 'Charlotte' } });
    expect((await blocked.client.get('/api/user.php')).body.user.credits).toBe(50);

    const a = await activeMember(server);
    const others = await Promise.all([1, 2, 3].map(() => activeMember(server)));
    await setCredits(a.id, 500);
    for (const o of others.slice(0, 2))
      expect((await a.client.post('/api/gift.php', { id: newId(), profile: o.id, gift: 'star' })).status).toBe(200);
    const third = await a.client.post('/api/gift.php', { id: newId(), profile: others[2].id, gift: 'star' });
    expect(third.status).toBe(403);
    expect(third.body.error.code).toBe('premium_only');

    const visitor = await new Client(server.url).post('/api/gift.php', { id: newId(), profile: a.id, gift: 'star' });
    expect(visitor.status).toBe(403);
    expect(visitor.body.error.code).toBe('authentication_required');
    for (const bad of [{ gift: 'unicorn' }, { gift: '' }, { gift: null }, { text: 'hi' }]) {
      const res = await a.client.post('/api/gift.php', { id: newId(), profile: others[0].id, ...bad });
      expect(res.status).toBe(400);
    }
  });

  it('tells the recipient in push and mail that a gift arrived, never as an empty message', async () => {
    const a = await activeMember(server, { name: 'Mila' });
    const b = await activeMember(server);
    await setCredits(a.id, 100);
    const sent = expectShape(
      SendMessageResponse,
      await a.client.post('/api/gift.php', { id: newId(), profile: b.id, gift: 'sunflower' }),
    );
    const payload = await messagePayload(server.db, '/media', sent.message, b.id);
    expect(payload).toMatchObject({ kind: 'message', title: 'Mila', body: 'Sent you a gift: Sunflower', url: `/chats/${a.id}` });
    const mail = noticeMail({
      kind: 'message',
      template: 'gift',
      language: 'en',
      to: 'b@example.test',
      recipientName: 'B',
      senderName: 'Mila',
      siteName: 'Heartline',
      publicUrl: 'https://heartline.test',
      openPath: `/chats/${a.id}`,
      unsubscribeToken: 't',
    });
    expect(mail.subject).toBe('Mila sent you a gift');
    expect(mail.text).toContain('See the gift: https://heartline.test/chats/');
  });
});
