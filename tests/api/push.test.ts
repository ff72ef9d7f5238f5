// Web Push over the real server and a local fake push service: subscriptions (spec 7: POST /api/user.php?push=1),
// VAPID (RFC 8292), encrypted payloads (RFC 8291, decrypted with http_ece), TTL and Urgency, dead subscriptions.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { PUSH_PAYLOAD_MAX_BYTES, PushPayload, SettingsResponse, type Message } from '../../contract/index.ts';
import { liveReading, meta, photos, profiles, pushSubscriptions, users } from '../../server/db/schema.ts';
import { loadConfig } from '../../server/config.ts';
import { jobHandlers } from '../../server/job-handlers.ts';
import { startJobQueue } from '../../server/services/jobs.ts';
import { createMailService } from '../../server/services/mail.ts';
import { createSmsService } from '../../server/services/sms.ts';
import { createPushService, MAX_SUBSCRIPTIONS_PER_MEMBER, VAPID_META_KEY, vapidSubject } from '../../server/services/push.ts';
import { isPublicAddress } from '../../server/services/public-fetch.ts';
import {
  decryptPush,
  p256PublicKey,
  readVapid,
  startFakePushService,
  testBrowser,
  type FakePushService,
  type ReceivedPush,
  type TestBrowser,
} from './fake-push-service.ts';
import { activeMember, Client, expectShape, newId, signupInput, startServer, type TestServer } from './harness.ts';

let server: TestServer;
let service: FakePushService;
let browsers = 0;
beforeAll(async () => {
  [server, service] = await Promise.all([startServer(6), startFakePushService()]);
});
afterAll(async () => {
  await server.close();
  await service.close();
});
beforeEach(() => {
  service.received.length = 0;
});

type Member = Awaited<ReturnType<typeof activeMember>>;

/** A member with one subscribed browser (a new device). */
async function subscribed(over: Record<string, unknown> = {}): Promise<Member & { browser: TestBrowser }> {
  const m = await activeMember(server, over);
  const browser = await subscribe(m.client);
  return { ...m, browser };
}

async function subscribe(client: Client): Promise<TestBrowser> {
  const browser = testBrowser(service, `device-${++browsers}`);
  const res = await client.post('/api/user.php?push=1', browser.subscription);
  expect(res.body).toEqual({ subscribed: true });
  expect(res.status).toBe(200);
  return browser;
}

/** The pushes that reached `browser` once every detached send has finished. */
async function pushesTo(browser: TestBrowser): Promise<ReceivedPush[]> {
  await server.jobs.idle();
  return service.received.filter((r) => r.path === browser.path);
}

/** A confirmed member of `on` made in its database (for a server whose mails nothing sends). */
async function confirmedOn(on: TestServer): Promise<Member> {
  const client = new Client(on.url);
  const input = signupInput({ gender: 'female' });
  const id = (await client.post('/api/signup.php', input)).body.user.id as number;
  await on.db.update(users).set({ status: 'confirmed' }).where(eq(users.id, id));
  await on.db.update(profiles).set({ status: 'active' }).where(eq(profiles.userId, id));
  return { client, id, email: input.email };
}

const send = (from: Member, to: Member, text: string, id = newId()) =>
  from.client.post('/api/message.php', { id, profile: to.id, text });

describe('VAPID keys', () => {
  it('are made once, stored in meta, and published as settings.push_public_key', async () => {
    const settings = expectShape(SettingsResponse, await new Client(server.url).get('/api/settings.php')).settings;
    const key = settings.push_public_key!;
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(() => p256PublicKey(key)).not.toThrow();
    const [row] = await server.db.select().from(meta).where(eq(meta.key, VAPID_META_KEY));
    expect((row.value as { publicKey: string }).publicKey).toBe(key);
    expect(server.push.publicKey).toBe(key);
  });

  it('subject: VAPID_SUBJECT, else an https PUBLIC_URL, else mailto: the support address (web-push takes no http)', () => {
    expect(vapidSubject('https://heartline.example', 'help@x.example')).toBe('https://heartline.example');
    expect(vapidSubject('http://localhost:8080', 'help@x.example')).toBe('mailto:help@x.example');
    expect(vapidSubject('https://localhost', 'help@x.example')).toBe('mailto:help@x.example');
    expect(vapidSubject('http://localhost:8080', 'help@x.example', 'mailto:ops@x.example')).toBe('mailto:ops@x.example');
  });
});

describe('a new message', () => {
  it('is pushed to the recipient: aes128gcm, TTL, Urgency, a valid VAPID JWT, and the PushPayload in the recipient language', async () => {
    const a = await activeMember(server);
    const b = await subscribed({ gender: 'female' });
    await server.db.insert(photos).values({
      userId: a.id,
      position: 0,
      key: `k${randomBytes(8).toString('hex')}`,
      blurKey: `b${randomBytes(8).toString('hex')}`,
    });
    const res = await send(a, b, 'Hi there! Fancy a coffee?');
    expect(res.status).toBe(200);

    const [push, ...more] = await pushesTo(b.browser);
    expect(more).toEqual([]);
    expect(push.method).toBe('POST');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers['content-type']).toBe('application/octet-stream');
    expect(push.headers.ttl).toBe(String(24 * 3600));
    expect(push.headers.urgency).toBe('high');
    expect(push.headers.topic).toBe(`c${res.body.message.conversation_id}`);

    const { k, header, claims } = readVapid(push.headers.authorization);
    expect(k).toBe(server.push.publicKey);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    expect(claims.aud).toBe(service.url);
    const now = Date.now() / 1000;
    expect(claims.exp).toBeGreaterThan(now);
    expect(claims.exp).toBeLessThanOrEqual(now + 24 * 3600);
    expect(claims.sub).toMatch(/^(mailto:|https:)/);

    const payload = decryptPush(push, b.browser);
    const [photo] = await server.db.select().from(photos).where(eq(photos.userId, a.id));
    const message = res.body.message as Message;
    expect(payload).toEqual({
      kind: 'message',
      recipient_id: b.id,
      conversation_id: message.conversation_id,
      sender: { id: a.id, name: expect.stringMatching(/^Member\d+$/), thumb_url: `/media/${photo.key}-t.webp` },
      title: payload.sender.name,
      body: 'Hi there! Fancy a coffee?',
      url: `/chats/${a.id}`,
      totals: { unread: 1, new_likes: 0 },
      // What the service worker stores: B's chat list entry, the same one B's sync answers.
      chat: {
        conversation: { id: message.conversation_id, last_message_at: message.created_at },
        profile: expect.objectContaining({ id: a.id, name: payload.sender.name }),
        num_unread_messages: 1,
        last_message: message,
        peer_read_seq: 0,
      },
      previous_seq: null,
    } satisfies PushPayload);
    const synced = await b.client.get('/api/sync.php');
    expect(synced.body.chats).toEqual([payload.chat]);
    // Nobody else was pushed, the sender included.
    expect(service.received).toHaveLength(1);
  });

  it('carries at most 120 characters of the text in the body, the whole message in the chat entry; a replayed send pushes nothing', async () => {
    const a = await activeMember(server);
    const b = await subscribed();
    const id = newId();
    const long = `${'Lorem ipsum dolor sit amet. '.repeat(12)}😀`;
    expect((await send(a, b, long, id)).status).toBe(200);
    const [push] = await pushesTo(b.browser);
    const { body, totals, chat } = decryptPush(push, b.browser);
    expect(chat?.last_message?.text).toBe(long);
    expect([...body]).toHaveLength(120);
    expect(body.endsWith('…')).toBe(true);
    expect(long.startsWith(body.slice(0, -1))).toBe(true);
    expect(totals.unread).toBe(1);

    service.received.length = 0;
    expect((await send(a, b, long, id)).status).toBe(200);
    expect(await pushesTo(b.browser)).toEqual([]);
  });

  it('leaves the chat entry out when the payload would exceed PUSH_PAYLOAD_MAX_BYTES with it', async () => {
    const a = await activeMember(server);
    const b = await subscribed();
    // 1,000 characters (the message_length limit) of 3-byte UTF-8: the whole message would not fit a push.
    expect((await send(a, b, '€'.repeat(1000))).status).toBe(200);
    const [push] = await pushesTo(b.browser);
    const payload = decryptPush(push, b.browser);
    expect(payload.chat).toBeUndefined();
    expect(payload).toMatchObject({ kind: 'message', recipient_id: b.id, totals: { unread: 1 } });
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
  });

  it('reaches every device of the member; the send never waits for the push service', async () => {
    const a = await activeMember(server);
    const b = await subscribed();
    const second = await subscribe(b.client);
    const release = service.hold(second.path);
    // The push service holds its answer, yet the send is answered.
    expect((await send(a, b, 'Two phones?')).status).toBe(200);
    await expect.poll(() => service.received.some((r) => r.path === second.path)).toBe(true);
    release();
    expect((await pushesTo(b.browser)).map((p) => decryptPush(p, b.browser).body)).toEqual(['Two phones?']);
    expect((await pushesTo(second)).map((p) => decryptPush(p, second).body)).toEqual(['Two phones?']);
  });

  it('is a job written with the message: unsent while no worker runs, sent once by the worker that starts later', async () => {
    // A server without workers stands for one that died right after the commit (the kill -9 test: chaos.test.ts).
    const quiet = await startServer(4, { env: { JOB_WORKERS: 'off' } });
    try {
      const sender = await confirmedOn(quiet);
      const recipient = await confirmedOn(quiet);
      const browser = testBrowser(service, `device-${++browsers}`);
      expect((await recipient.client.post('/api/user.php?push=1', browser.subscription)).status).toBe(200);
      expect((await send(sender, recipient, 'Still there after the crash?')).status).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      expect(service.received.filter((r) => r.path === browser.path)).toEqual([]);
      const mailbox = async () =>
        ((await new Client(quiet.url).get('/api/dev-mailbox.php')).body.mails as { to: string }[]).map((m) => m.to).sort();
      expect(await mailbox()).toEqual([]);

      const log = (message: string, detail: Record<string, unknown>) => console.warn(message, detail);
      const services = {
        db: quiet.db,
        config: loadConfig({}),
        mail: await createMailService({ db: quiet.db, smtpUrl: null, from: 'x <x@localhost>' }),
        sms: createSmsService(quiet.db),
        payments: quiet.payments,
        images: quiet.images,
        push: quiet.push,
      };
      const later = await startJobQueue({
        client: quiet.client,
        listen: quiet.listen,
        handlers: jobHandlers(services, log),
        log,
      });
      await later.idle();
      await later.stop();
      const got = service.received.filter((r) => r.path === browser.path);
      expect(got.map((p) => decryptPush(p, browser).body)).toEqual(['Still there after the crash?']);
      // The activation mails waited as well, and went out once.
      expect(await mailbox()).toEqual([sender.email, recipient.email].sort());
    } finally {
      await quiet.close();
    }
  });

  it('is not pushed while the recipient reads the conversation live; pushed again once they leave or hide the page', async () => {
    const a = await activeMember(server);
    const b = await subscribed();
    const first = (await send(a, b, 'Are you there?')).body.message as Message;
    expect(await pushesTo(b.browser)).toHaveLength(1);
    const reading = { conversation_id: first.conversation_id };
    expect((await b.client.post('/api/reading.php', reading)).body).toEqual({ reading: true });

    service.received.length = 0;
    expect((await send(a, b, 'Still there?')).status).toBe(200);
    await server.jobs.idle();
    expect(await pushesTo(b.browser)).toEqual([]);

    // The page left the chat: pushes again.
    expect((await b.client.del('/api/reading.php', reading)).body).toEqual({ reading: false });
    expect((await send(a, b, 'Hello?')).status).toBe(200);
    expect((await pushesTo(b.browser)).map((p) => decryptPush(p, b.browser).body)).toEqual(['Hello?']);

    // The page-hidden beacon (spec 7) ends every mark.
    await b.client.post('/api/reading.php', reading);
    expect((await b.client.post('/api/page-hidden.php', {})).status).toBe(204);
    service.received.length = 0;
    expect((await send(a, b, 'Gone?')).status).toBe(200);
    expect((await pushesTo(b.browser)).map((p) => decryptPush(p, b.browser).body)).toEqual(['Gone?']);
  });

  it("a reading mark runs out without renewal, and only names the member's own conversations", async () => {
    const a = await activeMember(server);
    const b = await subscribed();
    const c = await activeMember(server);
    const first = (await send(a, b, 'One')).body.message as Message;
    expect(await pushesTo(b.browser)).toHaveLength(1);
    await b.client.post('/api/reading.php', { conversation_id: first.conversation_id });
    // Somebody else's conversation, a bad body, a visitor.
    expect((await c.client.post('/api/reading.php', { conversation_id: first.conversation_id })).status).toBe(404);
    expect((await b.client.post('/api/reading.php', { conversation_id: 'x' })).status).toBe(400);
    expect((await new Client(server.url).post('/api/reading.php', { conversation_id: first.conversation_id })).status).toBe(403);
    // A page that vanished without its beacon: the mark ran out.
    await server.db
      .update(liveReading)
      .set({ until: new Date(Date.now() - 1000) })
      .where(eq(liveReading.userId, b.id));
    service.received.length = 0;
    expect((await send(a, b, 'Two')).status).toBe(200);
    expect((await pushesTo(b.browser)).map((p) => decryptPush(p, b.browser).body)).toEqual(['Two']);
  });
});

describe('likes and matches', () => {
  it('a like pushes kind like to the liked member; liking back pushes kind match to the member who liked first', async () => {
    const a = await subscribed();
    const b = await subscribed({ gender: 'female' });
    expect((await a.client.post('/api/like.php', { profile: b.id })).body).toEqual({ liked: true, match: false });
    expect(await pushesTo(a.browser)).toEqual([]);
    const [like, ...moreLikes] = await pushesTo(b.browser);
    expect(moreLikes).toEqual([]);
    expect(like.headers.urgency).toBe('normal');
    expect(like.headers.ttl).toBe(String(12 * 3600));
    const liked = decryptPush(like, b.browser);
    expect(liked).toMatchObject({
      kind: 'like',
      profile_id: a.id,
      sender: { id: a.id, thumb_url: null },
      url: '/likes',
      totals: { unread: 0, new_likes: 1 },
    });
    expect(liked.title).toBe(`${liked.sender.name} likes you`);
    expect(liked.conversation_id).toBeUndefined();
    expect(liked.recipient_id).toBe(b.id);
    // What the service worker stores: the liker as B's likes list shows them.
    expect(liked.liked_by).toEqual((await b.client.get('/api/likes.php')).body.liked_by[0]);
    expect(liked.liked_by).toMatchObject({ id: a.id, like_new: true });

    // Liking again is no new like: no push.
    service.received.length = 0;
    await a.client.post('/api/like.php', { profile: b.id });
    expect(await pushesTo(b.browser)).toEqual([]);

    expect((await b.client.post('/api/like.php', { profile: a.id })).body).toEqual({ liked: true, match: true });
    expect(await pushesTo(b.browser)).toEqual([]);
    const [match] = await pushesTo(a.browser);
    expect(match.headers.urgency).toBe('high');
    const matched = decryptPush(match, a.browser);
    expect(matched).toMatchObject({
      kind: 'match',
      profile_id: b.id,
      sender: { id: b.id },
      title: "It's a match!",
      url: '/likes',
    });
    expect(matched.body).toBe(`You and ${matched.sender.name} like each other.`);
  });
});

describe('dead and failing subscriptions', () => {
  it.each([410, 404])('a %i answer removes the subscription: the next push does not call it', async (status) => {
    const a = await activeMember(server);
    const b = await subscribed();
    service.answer(b.browser.path, status);
    expect((await send(a, b, 'first')).status).toBe(200);
    expect(await pushesTo(b.browser)).toHaveLength(1);
    expect(await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, b.id))).toEqual([]);
    service.received.length = 0;
    expect((await send(a, b, 'second')).status).toBe(200);
    expect(await pushesTo(b.browser)).toEqual([]);
  });

  it('other refusals (429, 413, 500) keep the subscription and never fail the send; success notes last_success_at', async () => {
    const a = await activeMember(server);
    const b = await subscribed();
    for (const status of [429, 413, 500]) {
      service.answer(b.browser.path, status);
      expect((await send(a, b, `try ${status}`)).status).toBe(200);
      await server.jobs.idle();
    }
    const [row] = await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, b.id));
    expect(row.lastSuccessAt).toBeNull();
    service.answer(b.browser.path, 201);
    await send(a, b, 'works again');
    expect(await pushesTo(b.browser)).toHaveLength(4);
    const [after] = await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, b.id));
    expect(after.lastSuccessAt).toBeInstanceOf(Date);
  });

  it('an unreachable push service is logged and ignored', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server);
    const browser = testBrowser(service, 'gone');
    // A port that was free a moment ago: the connection is refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const res = await b.client.post('/api/user.php?push=1', {
      ...browser.subscription,
      endpoint: `http://127.0.0.1:${port}/push/gone`,
    });
    expect(res.status).toBe(200);
    expect((await send(a, b, 'hello?')).status).toBe(200);
    await server.jobs.idle();
    expect(await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, b.id))).toHaveLength(1);
  });
});

describe('subscribing and unsubscribing', () => {
  it('unsubscribing removes the device; the call is idempotent and needs ?push=1', async () => {
    const a = await activeMember(server);
    const b = await subscribed();
    expect((await b.client.del('/api/user.php?push=1', { endpoint: b.browser.subscription.endpoint })).body).toEqual({
      subscribed: false,
    });
    expect((await b.client.del('/api/user.php?push=1', { endpoint: b.browser.subscription.endpoint })).body).toEqual({
      subscribed: false,
    });
    expect((await b.client.del('/api/user.php', { endpoint: b.browser.subscription.endpoint })).status).toBe(404);
    await send(a, b, 'anyone?');
    expect(await pushesTo(b.browser)).toEqual([]);
  });

  it("another member cannot remove a member's subscription; subscribing the same endpoint moves it", async () => {
    const a = await activeMember(server);
    const b = await subscribed();
    const c = await activeMember(server);
    await c.client.del('/api/user.php?push=1', { endpoint: b.browser.subscription.endpoint });
    await send(a, b, 'still yours');
    expect(await pushesTo(b.browser)).toHaveLength(1);

    // The device now belongs to C (a shared phone, logged in as someone else): B's messages no longer reach it.
    expect((await c.client.post('/api/user.php?push=1', b.browser.subscription)).body).toEqual({ subscribed: true });
    service.received.length = 0;
    await send(a, b, 'for B');
    await send(a, c, 'for C');
    expect((await pushesTo(b.browser)).map((p) => decryptPush(p, b.browser).body)).toEqual(['for C']);
    const rows = await server.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, b.browser.subscription.endpoint));
    expect(rows.map((r) => r.userId)).toEqual([c.id]);
  });

  it(`keeps at most ${MAX_SUBSCRIPTIONS_PER_MEMBER} devices per member, the most recent ones`, async () => {
    const m = await activeMember(server);
    const devices: TestBrowser[] = [];
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_MEMBER + 2; i++) devices.push(await subscribe(m.client));
    const rows = await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.id));
    expect(rows).toHaveLength(MAX_SUBSCRIPTIONS_PER_MEMBER);
    expect(rows.map((r) => r.endpoint)).toContain(devices.at(-1)!.subscription.endpoint);
  });

  it('refuses bad subscriptions with 400, never 5xx', async () => {
    const m = await activeMember(server);
    const good = testBrowser(service, 'bad-input').subscription;
    const notOnCurve = Buffer.alloc(65, 7);
    notOnCurve[0] = 4;
    const bodies: unknown[] = [
      {},
      { endpoint: good.endpoint },
      { ...good, endpoint: 'not a url' },
      { ...good, endpoint: 'ftp://push.example/x' },
      { ...good, endpoint: `https://push.example/${'x'.repeat(2100)}` },
      { ...good, keys: { auth: good.keys.auth } },
      { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(1) } },
      { ...good, keys: { ...good.keys, p256dh: notOnCurve.toString('base64url') } },
      { ...good, keys: { ...good.keys, auth: randomBytes(15).toString('base64url') } },
      { ...good, keys: { ...good.keys, auth: 'not base64url!!!!!!!!!' } },
      { ...good, expirationTime: 'tomorrow' },
      [good],
      'null',
    ];
    for (const body of bodies) {
      const res = await m.client.post('/api/user.php?push=1', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    }
    const notJson = await m.client.call('POST', '/api/user.php?push=1', '{"endpoint":', { 'content-type': 'application/json' });
    expect(notJson.status).toBe(400);
    expect((await m.client.del('/api/user.php?push=1', { endpoint: 42 })).status).toBe(400);
    expect(await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.id))).toEqual([]);
    // Padded base64url keys are fine (stored without the padding).
    const padded = testBrowser(service, 'padded').subscription;
    const ok = await m.client.post('/api/user.php?push=1', {
      ...padded,
      keys: { p256dh: `${padded.keys.p256dh}=`, auth: `${padded.keys.auth}==` },
    });
    expect(ok.status).toBe(200);
    const [row] = await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.id));
    expect(row).toMatchObject({ p256dh: padded.keys.p256dh, auth: padded.keys.auth });
  });

  it('only https endpoints of named hosts unless the server allows http (tests only)', () => {
    const keys = webpush.generateVAPIDKeys();
    const production = createPushService({ db: server.db, keys, subject: 'mailto:test@example.org' });
    expect(production.acceptsEndpoint('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(production.acceptsEndpoint('http://127.0.0.1:9/push')).toBe(false);
    expect(production.acceptsEndpoint('https://127.0.0.1/push')).toBe(false);
    expect(production.acceptsEndpoint('https://[::1]/push')).toBe(false);
    expect(production.acceptsEndpoint('https://localhost/push')).toBe(false);
    expect(production.acceptsEndpoint('https://localhost./push')).toBe(false);
    expect(production.acceptsEndpoint('https://foo.localhost/push')).toBe(false);
    expect(production.acceptsEndpoint('https://2130706433/push')).toBe(false);
    expect(production.acceptsEndpoint('javascript:alert(1)')).toBe(false);
    expect(server.push.acceptsEndpoint('http://127.0.0.1:9/push')).toBe(true);
  });

  it('sends only to public addresses: a name that resolves to loopback is refused when connecting (blind SSRF)', async () => {
    for (const ip of [
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '127.0.0.1',
      '0.0.0.0',
      '100.64.0.1',
      '::1',
      'fe80::1',
      'fc00::1',
      '::ffff:127.0.0.1',
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
    for (const ip of ['8.8.8.8', '2001:4860:4860::8888', '::ffff:8.8.8.8']) expect(isPublicAddress(ip), ip).toBe(true);
    const m = await activeMember(server);
    const { port } = new URL(service.url);
    // A stored endpoint whose name points inside (as `127.0.0.1.nip.io` would): "localhost" resolves to 127.0.0.1.
    await server.db.insert(pushSubscriptions).values({
      userId: m.id,
      endpoint: `https://localhost:${port}/push/ssrf`,
      ...testBrowser(service, 'ssrf').subscription.keys,
    });
    const logged: unknown[] = [];
    const production = createPushService({
      db: server.db,
      keys: webpush.generateVAPIDKeys(),
      subject: 'mailto:test@example.org',
      log: (_m, detail) => logged.push(detail),
    });
    await production.send(m.id, {
      kind: 'like',
      recipient_id: m.id,
      sender: { id: 1, name: 'x', thumb_url: null },
      title: 't',
      body: 'b',
      url: '/likes',
      totals: { unread: 0, new_likes: 1 },
    });
    expect(logged).toEqual([expect.objectContaining({ error: 'EADDRNOTPUBLIC' })]);
    expect(service.received).toEqual([]);
  });

  it("cannot take another member's subscription by its endpoint alone: only the same browser's keys move it", async () => {
    const b = await subscribed();
    const c = await activeMember(server);
    const attacker = testBrowser(service, 'attacker').subscription;
    const res = await c.client.post('/api/user.php?push=1', { ...attacker, endpoint: b.browser.subscription.endpoint });
    expect(res.status).toBe(409);
    const rows = await server.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, b.browser.subscription.endpoint));
    expect(rows.map((r) => [r.userId, r.auth])).toEqual([[b.id, b.browser.subscription.keys.auth.replace(/=+$/, '')]]);
  });

  it('needs a logged-in member: 403', async () => {
    const visitor = new Client(server.url);
    const sub = testBrowser(service, 'visitor').subscription;
    const post = await visitor.post('/api/user.php?push=1', sub);
    expect(post.status).toBe(403);
    expect(post.body.error.code).toBe('authentication_required');
    expect((await visitor.del('/api/user.php?push=1', { endpoint: sub.endpoint })).status).toBe(403);
    expect(await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint))).toEqual([]);
  });
});

describe('the fake push service checks', () => {
  it('refuse a JWT signed by another key (the VAPID check can fail)', () => {
    const ours = webpush.generateVAPIDKeys();
    const theirs = webpush.generateVAPIDKeys();
    const { Authorization } = webpush.getVapidHeaders(
      service.url,
      'mailto:x@example.org',
      ours.publicKey,
      ours.privateKey,
      'aes128gcm',
    ) as { Authorization: string };
    expect(readVapid(Authorization).k).toBe(ours.publicKey);
    expect(() => readVapid(Authorization.replace(ours.publicKey, theirs.publicKey))).toThrow(/does not verify/);
  });
});
