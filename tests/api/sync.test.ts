// The sync protocol's delta call over the real server: snapshot, deltas per write, ETag/304, paging, no loss under concurrency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, max } from 'drizzle-orm';
import { DELTA_LIMIT, SNAPSHOT_MESSAGES, SyncResponse, type Message } from '../../contract/index.ts';
import { syncChanges, users } from '../../server/db/schema.ts';
import { recordChanges } from '../../server/domain/sync/changes.ts';
import { syncDelta } from '../../server/domain/sync/sync.ts';
import { activeMember, Client, expectShape, newId, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(10);
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof activeMember>>;

const setCredits = (id: number, credits: number, paidUser = false) =>
  server.db.update(users).set({ credits, paidUser }).where(eq(users.id, id));

async function maxSeq(userId: number): Promise<number> {
  const [row] = await server.db
    .select({ seq: max(syncChanges.seq) })
    .from(syncChanges)
    .where(eq(syncChanges.userId, userId));
  return Number(row.seq ?? 0);
}

/** GET /api/sync.php; `since` undefined asks a snapshot. */
const syncCall = (client: Client, since?: number | string, etag?: string) =>
  client.call(
    'GET',
    `/api/sync.php${since === undefined ? '' : `?since=${since}`}`,
    undefined,
    etag ? { 'if-none-match': etag } : {},
  );

/** A 200 answer, checked against the contract. */
async function sync(m: Member, since?: number): Promise<SyncResponse> {
  const res = await syncCall(m.client, since);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectShape(SyncResponse, res);
}

async function send(from: Member, to: Member, text: string): Promise<Message> {
  const res = await from.client.post('/api/message.php', { id: newId(), profile: to.id, text });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message;
}

describe('GET /api/sync.php', () => {
  it('needs a member and a whole, non-negative since', async () => {
    const visitor = new Client(server.url);
    const out = await syncCall(visitor);
    expect(out.status).toBe(403);
    expect(out.body.error.code).toBe('authentication_required');
    const a = await activeMember(server);
    for (const since of ['-1', 'abc', '1.5', '1e400', '[]']) {
      const res = await syncCall(a.client, since);
      expect(res.status, since).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    }
    const huge = await syncCall(a.client, '99999999999999999999');
    expect(huge.status).toBeLessThan(500);
  });

  it('answers a snapshot: user, chats, newest messages per chat, likes and the cursor', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server, { gender: 'female' });
    const c = await activeMember(server, { gender: 'female' });
    await setCredits(a.id, 1000);
    const toB = [await send(a, b, 'one'), await send(a, b, 'two')];
    const fromB = await send(b, a, 'three');
    for (let i = 0; i < SNAPSHOT_MESSAGES + 5; i++) await send(a, c, `c${i}`);
    await c.client.post('/api/like.php', { profile: a.id });
    await a.client.post('/api/like.php', { profile: b.id });

    const snap = await sync(a);
    expect(snap).toMatchObject({
      snapshot: true,
      more: false,
      cursor: await maxSeq(a.id),
      removed_chats: [],
      removed_likes: [],
      removed_liked_by: [],
    });
    expect(snap.user).toMatchObject({ id: a.id, credits: 1000 - 10 * (2 + SNAPSHOT_MESSAGES + 5) });
    expect(snap.chats.map((ch) => ch.profile.id)).toEqual([b.id, c.id].reverse()); // newest conversation first
    expect(snap.chats.find((ch) => ch.profile.id === b.id)).toMatchObject({
      num_unread_messages: 1,
      peer_read_seq: 0,
      last_message: { text: 'three' },
    });
    const seqs = snap.messages.map((m) => m.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(snap.messages.filter((m) => m.conversation_id === fromB.conversation_id).map((m) => m.id)).toEqual(
      [...toB, fromB].map((m) => m.id),
    );
    const withC = snap.messages.filter((m) => m.sender_id === a.id && m.text.startsWith('c'));
    expect(withC.map((m) => m.text)).toEqual(Array.from({ length: SNAPSHOT_MESSAGES }, (_, i) => `c${i + 5}`));
    expect(snap.likes.map((l) => l.id)).toEqual([b.id]);
    expect(snap.liked_by).toMatchObject([{ id: c.id, like_new: true }]);
    expect(snap).toMatchObject({ total_unread: 1, total_new: 1 });

    // A cursor this database never gave (e.g. after a reset) answers a snapshot too.
    expect(await sync(a, snap.cursor + 1000)).toMatchObject({ snapshot: true, cursor: snap.cursor });
    // From cursor 0, a fresh member's first delta carries the account (signup credits).
    const d = await activeMember(server);
    expect(await sync(d, 0)).toMatchObject({ snapshot: false, user: { id: d.id, credits: 50 }, chats: [], messages: [] });
  });

  it('after a send: the message, its chat and the credits for the sender; the message and an unread chat for the recipient', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server, { gender: 'female' });
    await send(a, b, 'hello');
    const [sa, sb] = [await sync(a), await sync(b)];

    const m = await send(a, b, 'again');
    const da = await sync(a, sa.cursor);
    expect(da).toMatchObject({
      snapshot: false,
      more: false,
      user: { id: a.id, credits: 30 },
      removed_chats: [],
      likes: [],
      liked_by: [],
    });
    expect(da.messages).toEqual([m]);
    expect(da.chats).toHaveLength(1);
    expect(da.chats[0]).toMatchObject({
      conversation: { id: m.conversation_id },
      profile: { id: b.id },
      num_unread_messages: 0,
      last_message: m,
    });
    expect(da.cursor).toBe(await maxSeq(a.id));

    const db = await sync(b, sb.cursor);
    expect(db).toMatchObject({ user: null, total_unread: 2, messages: [m] });
    expect(db.chats).toMatchObject([{ conversation: { id: m.conversation_id }, profile: { id: a.id }, num_unread_messages: 2 }]);
    // Nothing new: an empty delta at the same cursor.
    expect(await sync(b, db.cursor)).toMatchObject({ cursor: db.cursor, chats: [], messages: [], user: null, total_unread: 2 });
  });

  it('answers 304 to the current ETag, always with no-store, and 200 again after a change', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server, { gender: 'female' });
    const first = await syncCall(a.client);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toBe(`"s${a.id}-${first.body.cursor}"`);
    expect(first.headers.get('cache-control')).toBe('no-store');

    const idle = await syncCall(a.client, first.body.cursor, etag);
    expect(idle.status).toBe(304);
    expect(idle.body).toBeNull();
    expect(idle.headers.get('etag')).toBe(etag);
    expect(idle.headers.get('cache-control')).toBe('no-store');
    expect((await syncCall(a.client, undefined, `W/${etag}, "other"`)).status).toBe(304);
    // A client behind the ETag it sends gets its delta, not a 304.
    expect((await syncCall(a.client, 0, etag)).status).toBe(200);

    await b.client.post('/api/like.php', { profile: a.id });
    const changed = await syncCall(a.client, first.body.cursor, etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(expectShape(SyncResponse, changed).liked_by.map((l) => l.id)).toEqual([b.id]);
  });

  it('carries account changes (language) as user, and nothing else', async () => {
    const a = await activeMember(server);
    const { cursor } = await sync(a);
    expect((await a.client.put('/api/user.php', { language: 'de' })).status).toBe(200);
    expect(await sync(a, cursor)).toMatchObject({
      user: { id: a.id, language: 'de' },
      chats: [],
      messages: [],
      likes: [],
      liked_by: [],
    });
  });

  it('shows a read chat as peer_read_seq to the sender and as unread 0 to the reader', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server, { gender: 'female' });
    await send(a, b, 'm1');
    const last = await send(a, b, 'm2');
    const [sa, sb] = [await sync(a), await sync(b)];
    expect(sa.chats[0].peer_read_seq).toBe(0);

    await b.client.post('/api/chat-read.php', { conversation: { id: last.conversation_id } });
    const da = await sync(a, sa.cursor);
    expect(da.chats).toMatchObject([{ conversation: { id: last.conversation_id }, peer_read_seq: last.seq }]);
    expect(da.messages).toEqual([]);
    const db = await sync(b, sb.cursor);
    expect(db).toMatchObject({ total_unread: 0, chats: [{ num_unread_messages: 0, peer_read_seq: 0 }] });
    // Reading again changes nothing: no new change, the ETag still holds.
    await b.client.post('/api/chat-read.php', { conversation: { id: last.conversation_id } });
    expect((await syncCall(b.client, db.cursor, `"s${b.id}-${db.cursor}"`)).status).toBe(304);
  });

  it('reports a deleted chat in removed_chats and brings it back with a new message', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server, { gender: 'female' });
    const m = await send(a, b, 'hi');
    const sb = await sync(b);
    const sa = await sync(a);
    await b.client.del('/api/chat.php', { conversation: { id: m.conversation_id } });
    const db = await sync(b, sb.cursor);
    expect(db).toMatchObject({ chats: [], removed_chats: [m.conversation_id], total_unread: 0 });
    expect((await sync(a, sa.cursor)).removed_chats).toEqual([]);

    const back = await send(a, b, 'still there?');
    expect(await sync(b, db.cursor)).toMatchObject({
      removed_chats: [],
      chats: [{ conversation: { id: m.conversation_id } }],
      messages: [back],
    });
  });

  it('carries likes, unlikes and seen flags to both members', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server, { gender: 'female' });
    let [ca, cb] = [(await sync(a)).cursor, (await sync(b)).cursor];

    await a.client.post('/api/like.php', { profile: b.id });
    let da = await sync(a, ca);
    let db = await sync(b, cb);
    expect(da).toMatchObject({ likes: [{ id: b.id }], removed_likes: [], liked_by: [] });
    expect(db).toMatchObject({ liked_by: [{ id: a.id, like_new: true }], total_new: 1, likes: [] });
    [ca, cb] = [da.cursor, db.cursor];

    await b.client.post('/api/like-seen.php', { profile: a.id });
    db = await sync(b, cb);
    expect(db).toMatchObject({ liked_by: [{ id: a.id, like_new: false }], total_new: 0 });
    expect((await sync(a, ca)).liked_by).toEqual([]);
    cb = db.cursor;

    await a.client.del('/api/like.php', { profile: b.id });
    da = await sync(a, ca);
    db = await sync(b, cb);
    expect(da).toMatchObject({ likes: [], removed_likes: [b.id] });
    expect(db).toMatchObject({ liked_by: [], removed_liked_by: [a.id] });
  });

  it("takes a blocker's chat and likes away from the blocked member, and gives them back on unblock", async () => {
    const a = await activeMember(server);
    const b = await activeMember(server, { gender: 'female' });
    const m = await send(a, b, 'hi');
    await b.client.post('/api/like.php', { profile: a.id });
    await a.client.post('/api/like.php', { profile: b.id });
    const [sa, sb] = [await sync(a), await sync(b)];

    await b.client.post('/api/block.php', { profile: a.id });
    const da = await sync(a, sa.cursor); // the blocked side
    expect(da).toMatchObject({
      chats: [],
      removed_chats: [m.conversation_id],
      likes: [],
      removed_likes: [b.id],
      liked_by: [],
      removed_liked_by: [b.id],
      total_unread: 0,
    });
    const db = await sync(b, sb.cursor); // the blocker keeps the chat, not the likes
    expect(db).toMatchObject({
      chats: [{ conversation: { id: m.conversation_id } }],
      removed_likes: [a.id],
      removed_liked_by: [a.id],
    });

    await b.client.del('/api/block.php', { profile: a.id });
    expect(await sync(a, da.cursor)).toMatchObject({
      chats: [{ conversation: { id: m.conversation_id } }],
      likes: [{ id: b.id }],
      liked_by: [{ id: b.id }],
    });
  });

  it(`pages by DELTA_LIMIT (${DELTA_LIMIT}) with more=true, and a page's ETag never earns a 304`, async () => {
    const a = await activeMember(server);
    const start = (await sync(a)).cursor;
    const fake = Array.from({ length: DELTA_LIMIT * 2 + 17 }, (_, i) => ({
      userId: a.id,
      kind: 'like' as const,
      entityId: 1_000_000_000 + i,
    }));
    // Through the log's one writer, which also tells the server's cached log head (server/cache/caches.ts).
    await server.db.transaction((tx) => recordChanges(tx, fake));
    const seen: number[] = [];
    let cursor = start;
    let etag: string | undefined;
    for (let round = 0; ; round++) {
      const res = await syncCall(a.client, cursor, etag);
      expect(res.status).toBe(200);
      const d = expectShape(SyncResponse, res);
      expect(d.removed_likes.length).toBe(d.more ? DELTA_LIMIT : 17);
      seen.push(...d.removed_likes);
      [cursor, etag] = [d.cursor, res.headers.get('etag')!];
      if (!d.more) break;
      expect(round).toBeLessThan(3);
    }
    expect(seen).toEqual(fake.map((f) => f.entityId));
    expect(cursor).toBe(await maxSeq(a.id));
    expect((await syncCall(a.client, cursor, etag)).status).toBe(304);
  });

  it('loses and repeats no message while members send concurrently between sync calls', async () => {
    const r = await activeMember(server, { gender: 'female' });
    const senders = await Promise.all([1, 2, 3, 4].map(() => activeMember(server)));
    await setCredits(r.id, 10_000, true);
    for (const s of senders) await setCredits(s.id, 10_000);

    /** A client's view: messages by id and how often each came in a delta; `step` runs one answer. */
    const follower = (m: Member, step: (since: number) => Promise<SyncResponse>) => {
      const got = new Map<string, number>();
      let cursor = 0;
      const drain = async () => {
        for (let more = true; more;) {
          const d = await step(cursor);
          for (const msg of d.messages) got.set(msg.id, (got.get(msg.id) ?? 0) + 1);
          expect(d.cursor).toBeGreaterThanOrEqual(cursor);
          ({ cursor, more } = d);
        }
      };
      return { m, got, drain };
    };
    const viaHttp = (m: Member) => follower(m, (since) => sync(m, since));
    // Small pages through the domain function, so `more` is exercised on every round.
    const paged = (m: Member) =>
      follower(m, (since) => syncDelta(server.db, { id: m.id, paidUser: false, siteId: 0, cdnPrefix: '' }, since, 3));
    const followers = [viaHttp(r), paged(r), viaHttp(senders[0]), paged(senders[1])];

    const sent: { msg: Message; members: number[] }[] = [];
    for (let round = 0; round < 3; round++) {
      const sends = Array.from({ length: 20 }, (_, i) => {
        const s = senders[(i + round) % senders.length];
        return i % 4 === 3 ? [r, s] : [s, r];
      });
      await Promise.all([
        ...sends.map(async ([from, to], i) => {
          const msg = await send(from, to, `r${round} #${i}`);
          sent.push({ msg, members: [from.id, to.id] });
          if (i % 5 === 0) await to.client.post('/api/chat-read.php', { conversation: { id: msg.conversation_id } });
        }),
        ...followers.map(async (f) => {
          for (let k = 0; k < 4; k++) await f.drain();
        }),
      ]);
    }
    for (const f of followers) await f.drain();

    expect(sent).toHaveLength(60);
    for (const f of followers) {
      const mine = sent.filter((x) => x.members.includes(f.m.id)).map((x) => x.msg.id);
      expect(mine.length).toBeGreaterThan(0);
      expect([...f.got.keys()].sort()).toEqual(mine.sort());
      expect(
        [...f.got.values()].every((n) => n === 1),
        'a message came twice',
      ).toBe(true);
    }
  });

  // PGlite has one connection, so transactions never overlap there: this needs PostgreSQL (TEST_DATABASE_URL).
  it.runIf(process.env.TEST_DATABASE_URL)(
    "makes a later writer of a user's change log wait until the earlier one commits (PostgreSQL)",
    async () => {
      const a = await activeMember(server);
      const likeRows = () =>
        server.db
          .select({ entityId: syncChanges.entityId, seq: syncChanges.seq })
          .from(syncChanges)
          .where(and(eq(syncChanges.userId, a.id), eq(syncChanges.kind, 'like')))
          .orderBy(asc(syncChanges.seq));
      let release!: () => void;
      const hold = new Promise<void>((done) => (release = done));
      let recorded!: () => void;
      const firstRecorded = new Promise<void>((done) => (recorded = done));
      const first = server.db.transaction(async (tx) => {
        await recordChanges(tx, [{ userId: a.id, kind: 'like', entityId: 1 }]);
        recorded();
        await hold;
      });
      await firstRecorded;
      let secondDone = false;
      const second = server.db
        .transaction((tx) => recordChanges(tx, [{ userId: a.id, kind: 'like', entityId: 2 }]))
        .then(() => (secondDone = true));
      await new Promise((done) => setTimeout(done, 300));
      // Seq N is in flight: N+1 must not be committed (a reader would move past N and never see it).
      expect(secondDone).toBe(false);
      expect(await likeRows()).toEqual([]);
      release();
      await Promise.all([first, second]);
      expect((await likeRows()).map((r) => r.entityId)).toEqual([1, 2]);
    },
  );
});
