// Messaging over the real server: costs, credits ledger, free limits, idempotent sends, concurrency, chat list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ChatsResponse, MESSAGE_MAX_LENGTH, MessagesResponse, SendMessageResponse } from '../../contract/index.ts';
import { creditLedger, users } from '../../server/db/schema.ts';
import { activeMember, expectShape, newId, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const setCredits = (id: number, credits: number) => server.db.update(users).set({ credits }).where(eq(users.id, id));

describe('sending a message', () => {
  it('costs message_credits, lowers the balance through a ledger row, and reaches the recipient as unread', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server, { gender: 'female' });
    const before = (await a.client.get('/api/user.php')).body.user.credits;
    expect(before).toBe(50); // signup_credits

    const id = newId();
    const sent = expectShape(
      SendMessageResponse,
      await a.client.post('/api/message.php', { id, profile: b.id, text: 'Hi there!' }),
    );
    expect(sent.cost).toBe(10);
    expect(sent.credits).toBe(40);
    expect((await a.client.get('/api/user.php')).body.user.credits).toBe(40);
    const ledger = await server.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.idempotencyKey, `message:${id}`));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: -10, balanceAfter: 40 });

    const chats = expectShape(ChatsResponse, await b.client.get('/api/chats.php'));
    expect(chats.total_unread).toBe(1);
    expect(chats.chats[0]).toMatchObject({ profile: { id: a.id }, num_unread_messages: 1, last_message: { text: 'Hi there!' } });

    // B answers; A sees it.
    const reply = await b.client.post('/api/message.php', { id: newId(), profile: a.id, text: 'Hello back' });
    expect(reply.status).toBe(200);
    const page = expectShape(MessagesResponse, await a.client.get(`/api/messages.php?profile=${b.id}`));
    expect(page.messages.map((m) => m.text)).toEqual(['Hi there!', 'Hello back']);

    // Opening the chat sets its unread count to 0 (spec 4).
    const read = await b.client.post('/api/chat-read.php', { conversation: { id: chats.chats[0].conversation.id } });
    expect(read.body).toEqual({ total_unread: 0 });
    expect(expectShape(MessagesResponse, await a.client.get(`/api/messages.php?profile=${b.id}`)).messages[0].read).toBe(true);
  });

  it('costs at least the country minimum', async () => {
    const a = await activeMember(server, { country: 'CH' });
    const b = await activeMember(server);
    const sent = expectShape(
      SendMessageResponse,
      await a.client.post('/api/message.php', { id: newId(), profile: b.id, text: 'Grüezi' }),
    );
    expect(sent.cost).toBe(12);
  });

  it('refuses without enough credits, with the spec message, and writes nothing', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server);
    await setCredits(a.id, 5);
    const res = await a.client.post('/api/message.php', { id: newId(), profile: b.id, text: 'Hello?' });
    expect(res.status).toBe(402);
    expect(res.body.error).toEqual({
      code: 'not_enough_credits',
      message: 'You do not have enough credits to send this message.',
    });
    expect((await a.client.get('/api/user.php')).body.user.credits).toBe(5);
    expect(expectShape(MessagesResponse, await a.client.get(`/api/messages.php?profile=${b.id}`)).messages).toHaveLength(0);
    // Nor its push and mail: their jobs, written before the debit, rolled back with it.
    const jobs = await server.client.executeSql(`select name from pgboss.job where data->>'recipientId' = $1`, [String(b.id)]);
    expect(jobs.rows).toEqual([]);
  });

  it('lets a free member start 2 conversations, a premium member more, even at zero credits for reading', async () => {
    const a = await activeMember(server);
    const others = await Promise.all([1, 2, 3].map(() => activeMember(server)));
    await setCredits(a.id, 100);
    for (const o of others.slice(0, 2))
      expect((await a.client.post('/api/message.php', { id: newId(), profile: o.id, text: 'Hi' })).status).toBe(200);
    const third = await a.client.post('/api/message.php', { id: newId(), profile: others[2].id, text: 'Hi' });
    expect(third.status).toBe(403);
    expect(third.body.error.message).toBe('This feature is only available for premium members.');
    // Writing again in a conversation already started is fine.
    expect((await a.client.post('/api/message.php', { id: newId(), profile: others[0].id, text: 'Again' })).status).toBe(200);
    // Replying to a conversation someone else started is not "starting" one.
    await others[2].client.post('/api/message.php', { id: newId(), profile: a.id, text: 'Hey you' });
    expect((await a.client.post('/api/message.php', { id: newId(), profile: others[2].id, text: 'Hi' })).status).toBe(200);

    const p = await activeMember(server);
    await server.db.update(users).set({ paidUser: true, credits: 100 }).where(eq(users.id, p.id));
    for (const o of others)
      expect((await p.client.post('/api/message.php', { id: newId(), profile: o.id, text: 'Hi' })).status).toBe(200);
    expect((await p.client.get('/api/user.php')).body.user).toMatchObject({ paid_user: true, conversations_started: 3 });
  });

  it('lets a free member start only 2 conversations even when 6 first messages arrive at once, and both members of a pair start one conversation', async () => {
    const a = await activeMember(server);
    const others = await Promise.all([1, 2, 3, 4, 5, 6].map(() => activeMember(server)));
    await setCredits(a.id, 100);
    const answers = await Promise.all(
      others.map((o) => a.client.post('/api/message.php', { id: newId(), profile: o.id, text: 'Hi' })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 403, 403, 403, 403]);
    expect((await a.client.get('/api/user.php')).body.user).toMatchObject({ conversations_started: 2 });
    // Two members writing each other first at the same moment share one conversation.
    const [b, c] = await Promise.all([activeMember(server), activeMember(server)]);
    await Promise.all([setCredits(b.id, 100), setCredits(c.id, 100)]);
    const pair = await Promise.all([
      b.client.post('/api/message.php', { id: newId(), profile: c.id, text: 'Hi c' }),
      c.client.post('/api/message.php', { id: newId(), profile: b.id, text: 'Hi b' }),
    ]);
    expect(pair.map((r) => r.status)).toEqual([200, 200]);
    expect(pair[0].body.message.conversation_id).toBe(pair[1].body.message.conversation_id);
  });

  it('treats a repeated message id as one message, one debit, the same answer', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server);
    const body = { id: newId(), profile: b.id, text: 'Only once' };
    const first = await a.client.post('/api/message.php', body);
    // Another send in between: the replay still answers the first send's balance, not the current one.
    expect((await a.client.post('/api/message.php', { id: newId(), profile: b.id, text: 'Second' })).body.credits).toBe(30);
    const again = await a.client.post('/api/message.php', body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.body.credits).toBe(40);
    const page = expectShape(MessagesResponse, await b.client.get(`/api/messages.php?profile=${a.id}`));
    expect(page.messages).toHaveLength(2);
    const debits = await server.db.select().from(creditLedger).where(eq(creditLedger.userId, a.id));
    expect(debits.filter((r) => r.reason === 'message')).toHaveLength(2);
    expect((await a.client.get('/api/user.php')).body.user.credits).toBe(30);
    // The same id for another text is a conflict, not a second message.
    const clash = await a.client.post('/api/message.php', { ...body, text: 'Different' });
    expect(clash.status).toBe(409);
  });

  it('refuses a text over the site setting message_length (1000) with 400 and no debit', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server);
    const long = await a.client.post('/api/message.php', { id: newId(), profile: b.id, text: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.error.fields).toHaveProperty('text');
    expect((await a.client.get('/api/user.php')).body.user.credits).toBe(50);
    expect((await a.client.post('/api/message.php', { id: newId(), profile: b.id, text: 'x'.repeat(1000) })).status).toBe(200);
  });

  it("refuses a text over the contract's MESSAGE_MAX_LENGTH (2000) with a clear 400 naming the bound, and no debit", async () => {
    const a = await activeMember(server);
    const b = await activeMember(server);
    const long = await a.client.post('/api/message.php', {
      id: newId(),
      profile: b.id,
      text: 'x'.repeat(MESSAGE_MAX_LENGTH + 1),
    });
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe('bad_request');
    expect(long.body.error.fields.text).toMatch(String(MESSAGE_MAX_LENGTH));
    expect((await a.client.get('/api/user.php')).body.user.credits).toBe(50);
  });

  it('with credits for 5, exactly 5 of 20 concurrent sends succeed and the balance ends at 0', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server);
    await setCredits(a.id, 50);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => a.client.post('/api/message.php', { id: newId(), profile: b.id, text: `msg ${i}` })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 402)).toHaveLength(15);
    expect((await a.client.get('/api/user.php')).body.user.credits).toBe(0);
    const [{ n }] = await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, a.id));
    expect(n).toBe(1 + 5); // signup grant + 5 debits
    expect(expectShape(MessagesResponse, await b.client.get(`/api/messages.php?profile=${a.id}`)).messages).toHaveLength(5);
  });

  it('pages a conversation by keyset, newest page first', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server);
    await setCredits(a.id, 1000);
    for (let i = 0; i < 7; i++) await a.client.post('/api/message.php', { id: newId(), profile: b.id, text: `m${i}` });
    const p1 = expectShape(MessagesResponse, await a.client.get(`/api/messages.php?profile=${b.id}&limit=3`));
    expect(p1.messages.map((m) => m.text)).toEqual(['m4', 'm5', 'm6']);
    const p2 = expectShape(
      MessagesResponse,
      await a.client.get(`/api/messages.php?profile=${b.id}&limit=3&before=${p1.next_before}`),
    );
    expect(p2.messages.map((m) => m.text)).toEqual(['m1', 'm2', 'm3']);
    const p3 = expectShape(
      MessagesResponse,
      await a.client.get(`/api/messages.php?profile=${b.id}&limit=3&before=${p2.next_before}`),
    );
    expect(p3).toMatchObject({ next_before: null });
    expect(p3.messages.map((m) => m.text)).toEqual(['m0']);
  });

  it('deletes a chat from the list until a new message arrives', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server);
    await a.client.post('/api/message.php', { id: newId(), profile: b.id, text: 'one' });
    const [chat] = expectShape(ChatsResponse, await b.client.get('/api/chats.php')).chats;
    expect((await b.client.del('/api/chat.php', { conversation: { id: chat.conversation.id } })).body).toEqual({ deleted: true });
    expect(expectShape(ChatsResponse, await b.client.get('/api/chats.php')).chats).toHaveLength(0);
    await a.client.post('/api/message.php', { id: newId(), profile: b.id, text: 'two' });
    expect(expectShape(ChatsResponse, await b.client.get('/api/chats.php')).chats).toHaveLength(1);
    // Someone else's conversation is not found, not deletable.
    const c = await activeMember(server);
    expect((await c.client.del('/api/chat.php', { conversation: { id: chat.conversation.id } })).status).toBe(404);
    expect((await c.client.post('/api/chat-read.php', { conversation: { id: chat.conversation.id } })).status).toBe(404);
  });

  it('answers bad input with 4xx and a clear error, never 5xx', async () => {
    const a = await activeMember(server);
    const cases: [string, string, unknown][] = [
      ['POST', '/api/message.php', { id: 'not-a-uuid', profile: 1, text: 'x' }],
      ['POST', '/api/message.php', { id: newId(), profile: -1, text: 'x' }],
      ['POST', '/api/message.php', { id: newId(), profile: 1, text: '   ' }],
      ['POST', '/api/message.php', { id: newId(), profile: 1, text: 'x'.repeat(3000) }],
      ['POST', '/api/message.php', { id: newId(), profile: 999999, text: 'x' }],
      ['POST', '/api/message.php', { id: newId(), profile: a.id, text: 'to myself' }],
      ['POST', '/api/message.php', '{not json'],
      ['POST', '/api/message.php', []],
      ['GET', '/api/messages.php?profile=abc', undefined],
      ['GET', '/api/messages.php?profile=1&before=-4', undefined],
      ['GET', '/api/messages.php?profile=1&limit=5000', undefined],
      ['DELETE', '/api/chat.php', { conversation: 'x' }],
      ['DELETE', '/api/chat.php', { conversation: { id: 99999 } }],
      ['POST', '/api/chat-read.php', {}],
    ];
    for (const [method, path, body] of cases) {
      const res = await a.client.call(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.body.error.code).toBe('string');
      expect(typeof res.body.error.message).toBe('string');
    }
  });
});

describe('an unconfirmed sender (spec 8: "Unconfirmed e-mail: the other party cannot reply")', () => {
  it('holds the messages back from the recipient until the address is confirmed, then delivers them', async () => {
    const { Client, signupInput } = await import('./harness.ts');
    const recipient = await activeMember(server, { gender: 'female' });
    const sender = new Client(server.url);
    const input = signupInput();
    expect((await sender.post('/api/signup.php', input)).status).toBe(201);
    const snapshot = (await recipient.client.get('/api/sync.php')).body;
    const sent = expectShape(
      SendMessageResponse,
      await sender.post('/api/message.php', { id: newId(), profile: recipient.id, text: 'Hello, are you there?' }),
    );
    // The sender sees the message; the recipient nothing: no chat, no unread, nothing in the sync delta.
    expect((await sender.get('/api/chats.php')).body.chats).toHaveLength(1);
    expect(expectShape(ChatsResponse, await recipient.client.get('/api/chats.php'))).toMatchObject({
      chats: [],
      total_unread: 0,
    });
    const held = (await recipient.client.get(`/api/sync.php?since=${snapshot.cursor}`)).body;
    expect(held.chats ?? []).toEqual([]);
    expect(held.messages ?? []).toEqual([]);
    const myId = (await sender.get('/api/user.php')).body.user.id as number;
    expect((await recipient.client.post('/api/message.php', { id: newId(), profile: myId, text: 'Reply' })).status).toBe(404);

    await server.jobs.idle();
    const { mails } = (await sender.get('/api/dev-mailbox.php')).body as { mails: { to: string; text: string }[] };
    const link = new URL(mails.find((m) => m.to === input.email)!.text.match(/https?:\/\/\S+/)![0]);
    await sender.get(link.pathname + link.search);
    const released = (await recipient.client.get(`/api/sync.php?since=${held.cursor ?? snapshot.cursor}`)).body;
    expect(released.chats.map((c: { conversation: { id: number } }) => c.conversation.id)).toEqual([
      sent.message.conversation_id,
    ]);
    expect(released.messages.map((m: { text: string }) => m.text)).toEqual(['Hello, are you there?']);
    expect((await recipient.client.get('/api/chats.php')).body.total_unread).toBe(1);
    expect((await recipient.client.post('/api/message.php', { id: newId(), profile: myId, text: 'Yes!' })).status).toBe(200);
  });
});
