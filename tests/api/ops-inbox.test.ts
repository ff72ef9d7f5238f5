// The fictional profiles' inbox of the back office (docs/operations.md "Fictional profiles' inbox"): the waiting list,
// claims under concurrency and after they run out, replies as the profile through the members' messaging path (sync,
// chat list, live event, push job, read ticks), the reply filter, persona notes, the operator's figures and the roles.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatsResponse, MessagesResponse, SyncResponse } from '../../contract/index.ts';
import {
  InboxClaimResponse,
  InboxConversationResponse,
  InboxFiguresResponse,
  InboxReplyResponse,
  InboxWaitingResponse,
} from '../../contract/ops-inbox.ts';
import type { StaffRole } from '../../contract/ops.ts';
import {
  auditLog,
  creditLedger,
  fictionalClaims,
  operatorReplies,
  profiles,
  staff,
  staffSessions,
  users,
} from '../../server/db/schema.ts';
import { hashToken } from '../../server/domain/accounts/sessions.ts';
import { activeMember, Client, expectShape, newId, startServer, type TestServer } from './harness.ts';

let server: TestServer;
/** The seed's fictional profiles that members can write to; each test takes its own. */
let personas: number[] = [];
beforeAll(async () => {
  server = await startServer();
  const rows = await server.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.fictional, true), eq(users.status, 'confirmed'), eq(profiles.status, 'active')))
    .orderBy(users.id);
  personas = rows.map((r) => r.id);
});
afterAll(() => server.close());

const persona = () => {
  const id = personas.shift();
  if (id === undefined) throw new Error('out of fictional profiles');
  return id;
};

let staffCounter = 0;
/** A signed-in staff member of `role` (made in the database: set-up and sign-in are ops-staff.test.ts's): client, id, address. */
async function signedIn(role: StaffRole = 'operator') {
  const email = `inbox${++staffCounter}.${Date.now()}@heartline.example`;
  const [row] = await server.db.insert(staff).values({ email, role, totpEnabled: true }).returning({ id: staff.id });
  const token = randomBytes(32).toString('base64url');
  await server.db.insert(staffSessions).values({ tokenHash: hashToken(token), staffId: row.id });
  const client = new Client(server.url);
  client.cookie = `ops_sid=${token}`;
  return { client, id: row.id, email };
}

type Member = Awaited<ReturnType<typeof activeMember>>;

/** `member` writes `text` to `to`; answers the conversation id. */
async function write(member: Member, to: number, text: string): Promise<number> {
  const res = await member.client.post('/api/message.php', { id: newId(), profile: to, text });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message.conversation_id;
}

/** A new member of `language` who wrote `texts` to a new fictional profile: the member, the profile and the conversation. */
async function waiting(texts: string[] = ['Hello there'], language = 'en') {
  const member = await activeMember(server);
  await server.db.update(users).set({ language }).where(eq(users.id, member.id));
  const personaId = persona();
  let conversationId = 0;
  for (const text of texts) conversationId = await write(member, personaId, text);
  return { member, personaId, conversationId };
}

const waitingRows = async (client: Client, query = '') =>
  expectShape(InboxWaitingResponse, await client.get(`/api/ops/inbox${query}`)).rows;

describe('the waiting list', () => {
  it('lists members waiting for an answer, oldest first, filtered by language, with unanswered count and claim', async () => {
    const op = await signedIn();
    const first = await waiting(['Hi', 'Are you there?'], 'en');
    const second = await waiting(['Hallo'], 'de');
    const ours = (rows: InboxWaitingResponse['rows']) =>
      rows.filter((r) => [first.conversationId, second.conversationId].includes(r.conversation_id));

    const rows = ours(await waitingRows(op.client));
    expect(rows.map((r) => r.conversation_id)).toEqual([first.conversationId, second.conversationId]);
    const [personaName] = await server.db
      .select({ name: profiles.name })
      .from(profiles)
      .where(eq(profiles.userId, first.personaId));
    expect(rows[0]).toMatchObject({
      persona: { id: first.personaId, name: personaName.name },
      member: { id: first.member.id, language: 'en' },
      unanswered: 2,
      claim: null,
    });
    expect(rows[0].member.name).toMatch(/^Member/);
    expect(new Date(rows[0].waiting_since).getTime()).toBeLessThanOrEqual(new Date(rows[1].waiting_since).getTime());
    // The whole list is in waiting order.
    const all = await waitingRows(op.client);
    expect(all.map((r) => r.waiting_since)).toEqual([...all.map((r) => r.waiting_since)].sort());

    expect(ours(await waitingRows(op.client, '?language=de')).map((r) => r.conversation_id)).toEqual([second.conversationId]);
    expect((await waitingRows(op.client, '?language=de')).every((r) => r.member.language === 'de')).toBe(true);
    expect((await op.client.get('/api/ops/inbox?language=xx')).status).toBe(400);

    // Claimed: the row names who holds it.
    expect((await op.client.post(`/api/ops/inbox/${first.conversationId}/claim`)).status).toBe(200);
    const claimed = ours(await waitingRows(op.client)).find((r) => r.conversation_id === first.conversationId)!;
    expect(claimed.claim).toMatchObject({ staff_id: op.id, staff_email: op.email });

    // Answered: off the list; the member writes again: back on it with one unanswered message.
    expect(
      (await op.client.post(`/api/ops/inbox/${first.conversationId}/reply`, { id: newId(), text: 'Hi! Yes :)' })).status,
    ).toBe(200);
    expect(ours(await waitingRows(op.client)).map((r) => r.conversation_id)).toEqual([second.conversationId]);
    await write(first.member, first.personaId, 'Nice!');
    const back = ours(await waitingRows(op.client)).find((r) => r.conversation_id === first.conversationId)!;
    expect(back.unanswered).toBe(1);
  });

  it('leaves out conversations between members', async () => {
    const op = await signedIn();
    const a = await activeMember(server);
    const b = await activeMember(server);
    const conversationId = await write(a, b.id, 'Hi');
    expect((await waitingRows(op.client)).some((r) => r.conversation_id === conversationId)).toBe(false);
    expect((await op.client.post(`/api/ops/inbox/${conversationId}/claim`)).status).toBe(404);
    expect((await op.client.get(`/api/ops/inbox/${conversationId}`)).status).toBe(404);
  });
});

describe('claims', () => {
  it('gives a conversation to exactly one of 20 operators claiming at once', async () => {
    const { conversationId } = await waiting();
    const operators = await Promise.all(Array.from({ length: 20 }, () => signedIn()));
    const answers = await Promise.all(operators.map((o) => o.client.post(`/api/ops/inbox/${conversationId}/claim`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = operators[statuses.indexOf(200)];
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body.error).toMatchObject({ code: 'conflict', params: { claimed_by: winner.email } });
    const rows = await server.db.select().from(fictionalClaims).where(eq(fictionalClaims.conversationId, conversationId));
    expect(rows.map((r) => r.staffId)).toEqual([winner.id]);
    const audited = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'inbox.claim'), eq(auditLog.targetId, String(conversationId))));
    expect(audited.map((r) => r.staffId)).toEqual([winner.id]);
  });

  it('lasts the configured minutes, renews for its holder, is taken over once run out, and is released', async () => {
    const { conversationId } = await waiting();
    const x = await signedIn();
    const y = await signedIn();
    const claim = expectShape(InboxClaimResponse, await x.client.post(`/api/ops/inbox/${conversationId}/claim`)).claim;
    const minutes = (new Date(claim.expires_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10.1);
    expect((await x.client.post(`/api/ops/inbox/${conversationId}/claim`)).status).toBe(200);
    expect((await y.client.post(`/api/ops/inbox/${conversationId}/claim`)).status).toBe(409);

    // Run out: the next operator takes it over, and the first may no longer reply.
    await server.db
      .update(fictionalClaims)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(fictionalClaims.conversationId, conversationId));
    expect(expectShape(InboxConversationResponse, await x.client.get(`/api/ops/inbox/${conversationId}`)).claim).toBeNull();
    const taken = expectShape(InboxClaimResponse, await y.client.post(`/api/ops/inbox/${conversationId}/claim`));
    expect(taken.claim).toMatchObject({ staff_id: y.id, staff_email: y.email });
    const late = await x.client.post(`/api/ops/inbox/${conversationId}/reply`, { id: newId(), text: 'Sorry, I was away' });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('conflict');

    // Released: free for anyone; releasing what one does not hold does nothing.
    expect((await x.client.post(`/api/ops/inbox/${conversationId}/release`)).body).toEqual({ released: false });
    expect((await y.client.post(`/api/ops/inbox/${conversationId}/release`)).body).toEqual({ released: true });
    expect((await x.client.post(`/api/ops/inbox/${conversationId}/claim`)).status).toBe(200);
    const actions = await server.db
      .select({ action: auditLog.action, staffId: auditLog.staffId })
      .from(auditLog)
      .where(and(eq(auditLog.targetKind, 'conversation'), eq(auditLog.targetId, String(conversationId))))
      .orderBy(auditLog.id);
    expect(actions).toEqual([
      { action: 'inbox.claim', staffId: x.id },
      { action: 'inbox.claim', staffId: x.id },
      { action: 'inbox.claim', staffId: y.id },
      { action: 'inbox.release', staffId: y.id },
      { action: 'inbox.claim', staffId: x.id },
    ]);
  });
});

describe('replies', () => {
  it('reach the member as any message: messages, chat list unread, sync, live event, push job, read ticks; free, once', async () => {
    const { member, personaId, conversationId } = await waiting(['Hi!', 'Do you like hiking?']);
    const gift = await member.client.post('/api/gift.php', { id: newId(), profile: personaId, gift: 'rose' });
    expect(gift.status).toBe(200);
    const op = await signedIn();
    const other = await signedIn();

    // Not claimed, or claimed by someone else: refused.
    expect((await op.client.post(`/api/ops/inbox/${conversationId}/reply`, { id: newId(), text: 'Hey' })).status).toBe(409);
    expect((await other.client.post(`/api/ops/inbox/${conversationId}/claim`)).status).toBe(200);
    expect((await op.client.post(`/api/ops/inbox/${conversationId}/reply`, { id: newId(), text: 'Hey' })).status).toBe(409);
    expect((await other.client.post(`/api/ops/inbox/${conversationId}/release`)).status).toBe(200);
    expect((await op.client.post(`/api/ops/inbox/${conversationId}/claim`)).status).toBe(200);

    // The conversation as the operator sees it: the persona, the member, every message with the gift.
    const view = expectShape(InboxConversationResponse, await op.client.get(`/api/ops/inbox/${conversationId}`));
    expect(view.persona.id).toBe(personaId);
    expect(view.persona.photos.length).toBeGreaterThan(0);
    expect(view.member).toMatchObject({ id: member.id, language: 'en' });
    expect(view.messages.map((m) => [m.from, m.text, m.gift])).toEqual([
      ['member', 'Hi!', null],
      ['member', 'Do you like hiking?', null],
      ['member', '', 'rose'],
    ]);
    // Opening it marks nothing read.
    expect(view.messages.every((m) => !m.read)).toBe(true);

    const before = expectShape(SyncResponse, await member.client.get('/api/sync.php'));
    const chatsBefore = expectShape(ChatsResponse, await member.client.get('/api/chats.php'));
    const unreadBefore = chatsBefore.chats.find((c) => c.conversation.id === conversationId)!.num_unread_messages;
    const [personaBefore] = await server.db.select({ credits: users.credits }).from(users).where(eq(users.id, personaId));
    let woke = 0;
    const unsubscribe = server.live.subscribe(member.id, () => woke++);

    const id = newId();
    const res = await op.client.post(`/api/ops/inbox/${conversationId}/reply`, { id, text: 'I love hiking! And you?' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const reply = expectShape(InboxReplyResponse, res);
    expect(reply.message).toMatchObject({ id, from: 'persona', text: 'I love hiking! And you?', cost: 0 });
    expect(reply.claim).toMatchObject({ staff_id: op.id });
    // A double click: the same reply, nothing written twice.
    const again = expectShape(
      InboxReplyResponse,
      await op.client.post(`/api/ops/inbox/${conversationId}/reply`, { id, text: 'I love hiking! And you?' }),
    );
    expect(again.message.id).toBe(id);

    const page = expectShape(MessagesResponse, await member.client.get(`/api/messages.php?profile=${personaId}`));
    expect(page.messages.map((m) => m.text)).toEqual(['Hi!', 'Do you like hiking?', '', 'I love hiking! And you?']);
    // Read ticks: the member's messages are read once answered.
    expect(page.messages.slice(0, 3).every((m) => m.read)).toBe(true);
    const chats = expectShape(ChatsResponse, await member.client.get('/api/chats.php'));
    const chat = chats.chats.find((c) => c.conversation.id === conversationId)!;
    expect(chat.num_unread_messages).toBe(unreadBefore + 1);
    expect(chat.last_message?.text).toBe('I love hiking! And you?');
    expect(chat.peer_read_seq).toBe(page.messages[2].seq);
    const delta = expectShape(SyncResponse, await member.client.get(`/api/sync.php?since=${before.cursor}`));
    expect(delta.messages.map((m) => m.text)).toContain('I love hiking! And you?');
    await expect.poll(() => woke).toBeGreaterThan(0);
    unsubscribe();
    const jobs = await server.client.executeSql(
      `select name from pgboss.job where name = 'push-message' and data->>'recipientId' = $1 and data->'message'->>'id' = $2`,
      [String(member.id), id],
    );
    expect(jobs.rows).toHaveLength(1);

    // The profile paid nothing; one operator reply row with the member's wait, one audit row.
    const [personaAfter] = await server.db.select({ credits: users.credits }).from(users).where(eq(users.id, personaId));
    expect(personaAfter.credits).toBe(personaBefore.credits);
    expect(
      await server.db
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.idempotencyKey, `message:${id}`)),
    ).toEqual([]);
    const replies = await server.db.select().from(operatorReplies).where(eq(operatorReplies.messageId, id));
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ staffId: op.id, conversationId });
    expect(replies[0].waitedMs).toBeGreaterThan(0);
    const audited = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'inbox.reply'), eq(auditLog.targetId, String(conversationId))));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ staffId: op.id, role: 'operator', after: { message_id: id, persona_id: personaId } });
  });

  it('refuses phone numbers, addresses, links and proposals to meet with 422 and the rule, writing nothing', async () => {
    const { member, personaId, conversationId } = await waiting(['Hallo, wie geht es dir?'], 'de');
    const op = await signedIn();
    expect((await op.client.post(`/api/ops/inbox/${conversationId}/claim`)).status).toBe(200);
    const refusals: [string, string][] = [
      ['Ruf mich an: 0171 2345678', 'phone'],
      ['Schreib an lena@web.de', 'email'],
      ['Mehr Fotos auf lena-fotos.de', 'link'],
      ['Wollen wir uns heute Abend treffen?', 'meeting'],
      ["Let's meet", 'meeting'],
    ];
    for (const [text, rule] of refusals) {
      const res = await op.client.post(`/api/ops/inbox/${conversationId}/reply`, { id: newId(), text });
      expect(res.status, text).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'bad_request', params: { rule }, fields: { text: rule } });
      expect(res.body.error.params.match.length).toBeGreaterThan(0);
    }
    const page = expectShape(MessagesResponse, await member.client.get(`/api/messages.php?profile=${personaId}`));
    expect(page.messages).toHaveLength(1);
    expect(await server.db.select().from(operatorReplies).where(eq(operatorReplies.conversationId, conversationId))).toEqual([]);
    expect(
      (await op.client.post(`/api/ops/inbox/${conversationId}/reply`, { id: newId(), text: 'Mir geht es gut, danke!' })).status,
    ).toBe(200);
  });
});

describe('persona notes', () => {
  it('are shown beside the conversation and edited with an audit row', async () => {
    const { personaId, conversationId } = await waiting();
    const op = await signedIn();
    const view = expectShape(InboxConversationResponse, await op.client.get(`/api/ops/inbox/${conversationId}`));
    expect(view.persona).toMatchObject({ notes: '', notes_updated_at: null });
    const put = await op.client.put(`/api/ops/inbox/personas/${personaId}/notes`, { notes: 'Loves hiking. Has a cat, Mimi.' });
    expect(put.status).toBe(200);
    await op.client.put(`/api/ops/inbox/personas/${personaId}/notes`, { notes: 'Loves hiking. Has two cats.' });
    const after = expectShape(InboxConversationResponse, await op.client.get(`/api/ops/inbox/${conversationId}`));
    expect(after.persona.notes).toBe('Loves hiking. Has two cats.');
    expect(after.persona.notes_updated_at).not.toBeNull();
    const rows = await server.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'inbox.notes'), eq(auditLog.targetId, String(personaId))))
      .orderBy(auditLog.id);
    expect(rows).toEqual([
      { before: null, after: { notes: 'Loves hiking. Has a cat, Mimi.' } },
      { before: { notes: 'Loves hiking. Has a cat, Mimi.' }, after: { notes: 'Loves hiking. Has two cats.' } },
    ]);
    // Only fictional profiles have notes.
    const m = await activeMember(server);
    expect((await op.client.put(`/api/ops/inbox/personas/${m.id}/notes`, { notes: 'x' })).status).toBe(404);
  });
});

describe('figures', () => {
  it("counts an operator's replies and the median wait of the members they answered, today and over 14 days", async () => {
    const op = await signedIn();
    expect(expectShape(InboxFiguresResponse, await op.client.get('/api/ops/inbox/figures'))).toEqual({
      today: { answered: 0, median_wait_ms: null },
      days14: { answered: 0, median_wait_ms: null },
    });
    const answers: string[] = [];
    for (const wait of [4_000, 60_000, 600_000]) {
      const { conversationId } = await waiting();
      expect((await op.client.post(`/api/ops/inbox/${conversationId}/claim`)).status).toBe(200);
      const id = newId();
      expect((await op.client.post(`/api/ops/inbox/${conversationId}/reply`, { id, text: 'Hi :)' })).status).toBe(200);
      // A follow-up with nobody waiting counts as answered, not in the median.
      expect((await op.client.post(`/api/ops/inbox/${conversationId}/reply`, { id: newId(), text: 'How are you?' })).status).toBe(
        200,
      );
      await server.db.update(operatorReplies).set({ waitedMs: wait }).where(eq(operatorReplies.messageId, id));
      answers.push(id);
    }
    expect(expectShape(InboxFiguresResponse, await op.client.get('/api/ops/inbox/figures')).today).toEqual({
      answered: 6,
      median_wait_ms: 60_000,
    });
    // The first answer moves to 20 days ago: in neither period. The other two are today's, and so of the 14 days.
    await server.db
      .update(operatorReplies)
      .set({ createdAt: sql`now() - interval '20 days'` })
      .where(eq(operatorReplies.messageId, answers[0]));
    const figures = expectShape(InboxFiguresResponse, await op.client.get('/api/ops/inbox/figures'));
    expect(figures.today).toEqual({ answered: 5, median_wait_ms: 330_000 });
    expect(figures.days14).toEqual({ answered: 5, median_wait_ms: 330_000 });
    // Another operator's figures are their own.
    expect(expectShape(InboxFiguresResponse, await (await signedIn()).client.get('/api/ops/inbox/figures')).today.answered).toBe(
      0,
    );
  });
});

describe('roles', () => {
  it('answers operators and admins; 403 for moderators and support, 401 for members and visitors', async () => {
    const { personaId, conversationId } = await waiting();
    const calls: { method: 'GET' | 'POST' | 'PUT'; path: string; body?: unknown }[] = [
      { method: 'GET', path: '/api/ops/inbox' },
      { method: 'GET', path: '/api/ops/inbox/figures' },
      { method: 'GET', path: `/api/ops/inbox/${conversationId}` },
      { method: 'POST', path: `/api/ops/inbox/${conversationId}/claim` },
      { method: 'POST', path: `/api/ops/inbox/${conversationId}/reply`, body: { id: newId(), text: 'Hi there' } },
      { method: 'POST', path: `/api/ops/inbox/${conversationId}/release` },
      { method: 'PUT', path: `/api/ops/inbox/personas/${personaId}/notes`, body: { notes: 'n' } },
    ];
    const member = await activeMember(server);
    const callers: [string, Client, number][] = [
      ['moderator', (await signedIn('moderator')).client, 403],
      ['support', (await signedIn('support')).client, 403],
      ['member', member.client, 401],
      ['visitor', new Client(server.url), 401],
    ];
    for (const [who, client, status] of callers)
      for (const c of calls)
        expect(
          (await client.call(c.method, c.path, c.body ?? (c.method === 'GET' ? undefined : {}))).status,
          `${who} ${c.path}`,
        ).toBe(status);
    const admin = (await signedIn('admin')).client;
    for (const c of calls)
      expect(
        (await admin.call(c.method, c.path, c.body ?? (c.method === 'GET' ? undefined : {}))).status,
        `admin ${c.path}`,
      ).toBe(200);
  });
});
