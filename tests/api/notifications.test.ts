// E-mail notifications over the real server (spec 2: /notifications, spec 4: disabled notifications): the settings
// calls, notification mails after a message, like or match (rules, throttle, texts, List-Unsubscribe over real SMTP),
// RFC 8058 one-click unsubscribe, and the mail provider's bounce and complaint webhook.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ErrorBody,
  MailboxResponse,
  NotificationSettings,
  SyncResponse,
  UserResponse,
  type EmailKind,
} from '../../contract/index.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { profiles, users } from '../../server/db/schema.ts';
import { claimMailSlot } from '../../server/domain/notifications/email-notices.ts';
import { mailTokenSecret, unsubscribeToken } from '../../server/domain/notifications/unsubscribe-tokens.ts';
import { createImageService } from '../../server/services/images.ts';
import { memoryMediaStore } from '../../server/services/media-store.ts';
import { createMailService } from '../../server/services/mail.ts';
import { createSmsService } from '../../server/services/sms.ts';
import { startJobQueue, type JobQueue } from '../../server/services/jobs.ts';
import { jobHandlers } from '../../server/job-handlers.ts';
import { headerOf, startFakeSmtp, type FakeSmtp } from './fake-smtp.ts';
import { activeMember, Client, expectShape, newId, signupInput, startServer, type TestServer } from './harness.ts';

const WEBHOOK_SECRET = 'test-webhook-secret-0123456789';

/**
 * One more server instance on the harness server's database, with its own mail service, configuration and job
 * workers (the harness server's are off, so this instance's mail service sends every mail job).
 */
interface Instance {
  url: string;
  jobs: JobQueue;
  app: FastifyInstance;
  /** The harness server seen through this instance (for activeMember). */
  server: TestServer;
}

async function startInstance(base: TestServer, opts: { env?: Record<string, string>; smtpUrl?: string } = {}): Promise<Instance> {
  const config = { ...loadConfig({ PORT: '0', DATA_DIR: ':memory:', DIST_DIR: '/nonexistent', ...opts.env }), host: '127.0.0.1' };
  const mail = await createMailService({ db: base.db, smtpUrl: opts.smtpUrl ?? null, from: 'test <noreply@localhost>' });
  const services = {
    db: base.db,
    config,
    mail,
    sms: createSmsService(base.db),
    payments: base.payments,
    images: createImageService({ store: memoryMediaStore(), db: base.db }),
    push: base.push,
  };
  const jobs = await startJobQueue({
    client: base.client,
    listen: base.listen,
    handlers: jobHandlers(services, () => {}),
    log: () => {},
  });
  const app = await buildApp({ ...services, live: base.live, jobs });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  config.publicUrl = url;
  return { url, jobs, app, server: { ...base, url, jobs } };
}

let base: TestServer;
/** The database of the SMTP instance. */
let smtpBase: TestServer;
/** The instance under test: embedded mail (the dev mailbox) and MAIL_WEBHOOK_SECRET set. */
let site: Instance;
let smtp: FakeSmtp;
/** An instance that sends over SMTP to the fake server. */
let smtpSite: Instance;

beforeAll(async () => {
  const noWorkers = { env: { JOB_WORKERS: 'off' } };
  [base, smtpBase, smtp] = await Promise.all([startServer(6, noWorkers), startServer(6, noWorkers), startFakeSmtp()]);
  site = await startInstance(base, { env: { MAIL_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  smtpSite = await startInstance(smtpBase, { smtpUrl: smtp.url });
});
afterAll(async () => {
  await smtpSite?.app.close();
  await site?.app.close();
  await base?.close();
  await smtpBase?.close();
  await smtp?.close();
});

type Member = Awaited<ReturnType<typeof activeMember>>;
const member = (over: Record<string, unknown> = {}) => activeMember(site.server, over);

/** Marks `id` as last seen an hour ago (offline). Any request of theirs makes them online again. */
const offline = (id: number) =>
  base.db
    .update(users)
    .set({ lastSeenAt: new Date(Date.now() - 3600_000) })
    .where(eq(users.id, id));

/** The mails to `email` in the dev mailbox once every detached send has finished, oldest first. */
async function mailsTo(email: string) {
  await site.jobs.idle();
  const box = expectShape(MailboxResponse, await new Client(site.url).get('/api/dev-mailbox.php'));
  return box.mails.filter((m) => m.to === email).reverse();
}
/** Notification mails only (the activation mail is the first one every member gets). */
const noticesTo = async (email: string) => (await mailsTo(email)).filter((m) => !m.subject.startsWith('Activate'));

const send = (from: Member, to: { id: number }, text = 'Hello there') =>
  from.client.post('/api/message.php', { id: newId(), profile: to.id, text });

const settingsOf = async (m: Member) => expectShape(NotificationSettings, await m.client.get('/api/notifications.php'));

async function tokenOf(userId: number, kind: EmailKind, db = base.db) {
  return unsubscribeToken(await mailTokenSecret(db), userId, kind);
}

/**
 * A member of the SMTP instance: signed up there and confirmed in its database (its activation mail went over SMTP,
 * whose raw text the test does not parse for the link).
 */
async function smtpMember(over: Record<string, unknown> = {}): Promise<Member> {
  const client = new Client(smtpSite.url);
  const input = signupInput(over);
  const id = (await client.post('/api/signup.php', input)).body.user.id as number;
  await smtpBase.db.update(users).set({ status: 'confirmed' }).where(eq(users.id, id));
  await smtpBase.db.update(profiles).set({ status: 'active' }).where(eq(profiles.userId, id));
  return { client, id, email: input.email };
}

/** An RFC 8058 one-click POST as a mail system sends it: no cookie, a form body, a foreign Origin. */
const oneClick = (token: string, url = site.url) =>
  fetch(`${url}/api/unsubscribe.php?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://mail.example',
      'sec-fetch-site': 'cross-site',
    },
    body: 'List-Unsubscribe=One-Click',
  });

const webhook = (body: unknown, auth: string | null = `Bearer ${WEBHOOK_SECRET}`, url = site.url) =>
  fetch(`${url}/api/mail-events.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    body: JSON.stringify(body),
  });

describe('GET/PUT /api/notifications.php', () => {
  it('answers the settings: every kind on, nothing disabled, the address mails go to', async () => {
    const m = await member();
    expect(await settingsOf(m)).toEqual({
      address: m.email,
      email: [
        { kind: 'message', enabled: true },
        { kind: 'like', enabled: true },
        { kind: 'match', enabled: true },
      ],
      disabled: [],
    });
  });

  it("turns a kind off and on, and tells the member's other devices through the sync log", async () => {
    const m = await member();
    const cursor = expectShape(SyncResponse, await m.client.get('/api/sync.php')).cursor;
    const off = expectShape(NotificationSettings, await m.client.put('/api/notifications.php', { kind: 'like', enabled: false }));
    expect(off.email).toEqual([
      { kind: 'message', enabled: true },
      { kind: 'like', enabled: false },
      { kind: 'match', enabled: true },
    ]);
    expect((await settingsOf(m)).email[1]).toEqual({ kind: 'like', enabled: false });
    const delta = expectShape(SyncResponse, await m.client.get(`/api/sync.php?since=${cursor}`));
    expect(delta.user?.id).toBe(m.id);
    const on = expectShape(NotificationSettings, await m.client.put('/api/notifications.php', { kind: 'like', enabled: true }));
    expect(on.email.every((e) => e.enabled)).toBe(true);
  });

  it('answers bad input with 400 bad_request naming the field, and logged-out calls with 403', async () => {
    const m = await member();
    for (const body of [{ kind: 'sms', enabled: true }, { kind: 'message' }, { kind: 'message', enabled: 'yes' }, [], 'null']) {
      const res = await m.client.put('/api/notifications.php', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(expectShape(ErrorBody, res).error.code).toBe('bad_request');
    }
    const bad = await m.client.put('/api/notifications.php', { kind: 'sms', enabled: true });
    expect(bad.body.error.fields).toHaveProperty('kind');
    expect(
      (await m.client.call('PUT', '/api/notifications.php', '{"kind":', { 'content-type': 'application/json' })).status,
    ).toBe(400);
    const visitor = new Client(site.url);
    expect((await visitor.get('/api/notifications.php')).status).toBe(403);
    expect((await visitor.put('/api/notifications.php', { kind: 'like', enabled: false })).status).toBe(403);
    expect((await settingsOf(m)).email.every((e) => e.enabled)).toBe(true);
  });
});

describe('notification mails', () => {
  it('a message to an offline member mails them once per conversation and throttle window, names escaped in the HTML', async () => {
    const a = await member({ name: 'Jo<i>"&x' });
    const b = await member({ gender: 'female', name: 'Bea' });
    await offline(b.id);
    expect((await send(a, b, 'first secret words')).status).toBe(200);
    const mails = await noticesTo(b.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe('Jo<i>"&x sent you a message');
    expect(mail.text).toContain('Hello Bea,');
    expect(mail.text).toContain(`${site.url}/chats/${a.id}`);
    expect(mail.text).toContain(`${site.url}/notifications`);
    expect(mail.text).not.toContain('first secret words');
    expect(mail.html).toContain('Jo&#60;i&#62;&#34;&#38;x sent you a message');
    expect(mail.html).not.toContain('<i>');
    expect(mail.html).toContain(`href="${site.url}/chats/${a.id}"`);
    expect(mail.html).toContain(`href="${site.url}/notifications"`);

    // Within the window: no second mail for this conversation, even offline.
    await offline(b.id);
    expect((await send(a, b, 'second')).status).toBe(200);
    expect(await noticesTo(b.email)).toHaveLength(1);
  });

  it('mails nothing for a kind the member turned off', async () => {
    const a = await member();
    const b = await member({ gender: 'female' });
    await b.client.put('/api/notifications.php', { kind: 'message', enabled: false });
    await offline(b.id);
    expect((await send(a, b)).status).toBe(200);
    expect(await noticesTo(b.email)).toEqual([]);
  });

  it('mails nothing to a member who is online (seen within 5 minutes)', async () => {
    const a = await member();
    const b = await member({ gender: 'female' });
    await base.db
      .update(users)
      .set({ lastSeenAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(users.id, b.id));
    expect((await send(a, b)).status).toBe(200);
    expect(await noticesTo(b.email)).toEqual([]);
  });

  it('mails nothing to an unconfirmed address', async () => {
    const a = await member();
    const b = await member({ gender: 'female' });
    await base.db
      .update(users)
      .set({ status: 'not_confirmed', lastSeenAt: new Date(Date.now() - 3600_000) })
      .where(eq(users.id, b.id));
    expect((await send(a, b)).status).toBe(200);
    expect(await noticesTo(b.email)).toEqual([]);
  });

  it('mails nothing to a fictional member', async () => {
    const a = await member();
    const [fictional] = await base.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.fictional, true), eq(users.status, 'confirmed')))
      .limit(1);
    await offline(fictional.id);
    expect((await send(a, fictional)).status).toBe(200);
    expect(await mailsTo(fictional.email)).toEqual([]);
  });

  it('a like mails the liked member, a like back mails the first liker a match; links go to /likes', async () => {
    const a = await member({ name: 'Arno' });
    const b = await member({ gender: 'female', name: 'Bibi' });
    await offline(b.id);
    expect((await a.client.post('/api/like.php', { profile: b.id })).body).toEqual({ liked: true, match: false });
    const [like] = await noticesTo(b.email);
    expect(like.subject).toBe('Arno likes you');
    expect(like.text).toContain(`${site.url}/likes`);

    await offline(a.id);
    expect((await b.client.post('/api/like.php', { profile: a.id })).body).toEqual({ liked: true, match: true });
    const [match] = await noticesTo(a.email);
    expect(match.subject).toBe("It's a match!");
    expect(match.text).toContain('You and Bibi like each other');

    // Unlike and like again within the window: the topic l<liker> is throttled.
    await a.client.del('/api/like.php', { profile: b.id });
    await offline(b.id);
    await a.client.post('/api/like.php', { profile: b.id });
    expect(await noticesTo(b.email)).toHaveLength(1);
  });

  it('throttle claims are atomic: of two at once only one wins', async () => {
    const m = await member();
    const claims = await Promise.all([claimMailSlot(base.db, m.id, 'c-race'), claimMailSlot(base.db, m.id, 'c-race')]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimMailSlot(base.db, m.id, 'c-race')).toBe(false);
  });

  it('over SMTP each mail carries List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058), and that URL unsubscribes', async () => {
    const a = await smtpMember();
    const b = await smtpMember({ gender: 'female' });
    await smtpSite.jobs.idle();
    await smtpBase.db
      .update(users)
      .set({ lastSeenAt: new Date(Date.now() - 3600_000) })
      .where(eq(users.id, b.id));
    const activationMails = smtp.received.length;
    expect((await a.client.post('/api/message.php', { id: newId(), profile: b.id, text: 'over smtp' })).status).toBe(200);
    await smtpSite.jobs.idle();
    const got = smtp.received.slice(activationMails).filter((r) => r.to.some((t) => t.includes(b.email)));
    expect(got).toHaveLength(1);
    const raw = got[0].raw;
    expect(headerOf(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = headerOf(raw, 'List-Unsubscribe')!;
    expect(link).toMatch(new RegExp(`^<${smtpSite.url}/api/unsubscribe\\.php\\?token=[^>]+>$`));
    const url = new URL(link.slice(1, -1));
    expect(url.searchParams.get('token')).toBe(await tokenOf(b.id, 'message', smtpBase.db));

    const res = await oneClick(url.searchParams.get('token')!, smtpSite.url);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ unsubscribed: 'message' });
    expect((await settingsOf(b)).disabled).toMatchObject([{ kind: 'message', reason: 'list_unsubscribe' }]);
  });
});

describe('one-click unsubscribe: /api/unsubscribe.php', () => {
  it('POST without a cookie from a foreign origin stops that kind (idempotent); no more mails of it; turning it on lifts it', async () => {
    const a = await member();
    const b = await member({ gender: 'female' });
    const token = await tokenOf(b.id, 'message');
    for (let i = 0; i < 2; i++) {
      const res = await oneClick(token);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ unsubscribed: 'message' });
    }
    const settings = await settingsOf(b);
    expect(settings.disabled).toHaveLength(1);
    expect(settings.disabled[0]).toMatchObject({ kind: 'message', reason: 'list_unsubscribe' });
    expect(Date.parse(settings.disabled[0].since)).toBeGreaterThan(Date.now() - 60_000);
    expect(settings.email.every((e) => e.enabled)).toBe(true);
    expect(expectShape(UserResponse, await b.client.get('/api/user.php')).user?.notifications_disabled).toEqual(
      settings.disabled,
    );

    await offline(b.id);
    expect((await send(a, b)).status).toBe(200);
    expect(await noticesTo(b.email)).toEqual([]);

    const on = expectShape(
      NotificationSettings,
      await b.client.put('/api/notifications.php', { kind: 'message', enabled: true }),
    );
    expect(on.disabled).toEqual([]);
    expect(expectShape(UserResponse, await b.client.get('/api/user.php')).user?.notifications_disabled).toEqual([]);
  });

  it('accepts multipart/form-data and an empty body too', async () => {
    const m = await member();
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const multipart = await fetch(`${site.url}/api/unsubscribe.php?token=${await tokenOf(m.id, 'like')}`, {
      method: 'POST',
      body: form,
    });
    expect(multipart.status).toBe(200);
    const empty = await fetch(`${site.url}/api/unsubscribe.php?token=${await tokenOf(m.id, 'match')}`, { method: 'POST' });
    expect(empty.status).toBe(200);
    expect((await settingsOf(m)).disabled.map((d) => d.kind)).toEqual(['like', 'match']);
  });

  it('a missing, malformed or forged token answers 400 and changes nothing', async () => {
    const m = await member();
    const good = await tokenOf(m.id, 'like');
    const other = await member();
    const forged = [
      good.replace(/^\d+/, String(other.id)),
      good.replace('.like.', '.match.'),
      `${good.slice(0, -2)}${good.endsWith('AA') ? 'BB' : 'AA'}`,
      'garbage',
      `${m.id}.like.`,
      'x'.repeat(300),
    ];
    for (const token of forged) {
      const res = await oneClick(token);
      expect(res.status, token).toBe(400);
      expect(((await res.json()) as ErrorBody).error.code).toBe('bad_request');
    }
    const none = await fetch(`${site.url}/api/unsubscribe.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(none.status).toBe(400);
    expect((await settingsOf(m)).disabled).toEqual([]);
    expect((await settingsOf(other)).disabled).toEqual([]);
  });

  it('GET (a link scanner, a click) unsubscribes nothing and redirects 303 to /notifications', async () => {
    const m = await member();
    const res = await fetch(`${site.url}/api/unsubscribe.php?token=${await tokenOf(m.id, 'message')}`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/notifications');
    expect((await settingsOf(m)).disabled).toEqual([]);
  });

  it('the exemption is narrow: other calls still refuse foreign origins and form bodies', async () => {
    const m = await member();
    const liker = await member();
    const foreign = await liker.client.call('POST', '/api/like.php', { profile: m.id }, { origin: 'https://mail.example' });
    expect(foreign.status).toBe(403);
    const form = await m.client.call('PUT', '/api/notifications.php', 'kind=like&enabled=false', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    const formHook = await fetch(`${site.url}/api/mail-events.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${WEBHOOK_SECRET}` },
      body: 'a=b',
    });
    expect(formHook.status).toBe(415);
    const text = await fetch(`${site.url}/api/unsubscribe.php?token=${await tokenOf(m.id, 'like')}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(text.status).toBe(415);
  });
});

describe('mail provider webhook: POST /api/mail-events.php', () => {
  const bounce = (email: string) => ({ events: [{ type: 'bounce', email }] });

  it('answers 404 while MAIL_WEBHOOK_SECRET is unset', async () => {
    const m = await member();
    const res = await webhook(bounce(m.email), `Bearer ${WEBHOOK_SECRET}`, base.url);
    expect(res.status).toBe(404);
    expect((await settingsOf(m)).disabled).toEqual([]);
  });

  it('answers 401 for a missing or wrong secret, before reading the body', async () => {
    const m = await member();
    for (const auth of [null, 'Bearer wrong', `Basic ${WEBHOOK_SECRET}`, `Bearer ${WEBHOOK_SECRET}x`, 'Bearer']) {
      const res = await webhook(bounce(m.email), auth);
      expect(res.status, String(auth)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(((await res.json()) as ErrorBody).error.code).toBe('unauthorized');
    }
    const broken = await fetch(`${site.url}/api/mail-events.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(broken.status).toBe(401);
    expect((await settingsOf(m)).disabled).toEqual([]);
  });

  it('answers 400 for a bad body', async () => {
    const many = Array.from({ length: 101 }, () => ({ type: 'bounce', email: 'x@example.org' }));
    for (const body of [
      {},
      { events: [] },
      { events: many },
      { events: [{ type: 'delivered', email: 'x@example.org' }] },
      { events: [{ type: 'spam_complaint', email: 'x@example.org', kind: 'sms' }] },
    ]) {
      const res = await webhook(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.code).toBe('bad_request');
    }
  });

  it('a bounce stops every kind (any letter case), shows in the user call and the sync delta; turning a kind on lifts it', async () => {
    const m = await member();
    const before = expectShape(SyncResponse, await m.client.get('/api/sync.php')).cursor;
    const res = await webhook({
      events: [
        { type: 'bounce', email: m.email.toUpperCase() },
        { type: 'bounce', email: 'nobody@unknown.example' },
      ],
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ applied: 1 });

    const disabled = expectShape(UserResponse, await m.client.get('/api/user.php')).user!.notifications_disabled;
    expect(disabled.map((d) => [d.kind, d.reason])).toEqual([
      ['message', 'bounce'],
      ['like', 'bounce'],
      ['match', 'bounce'],
    ]);
    const delta = expectShape(SyncResponse, await m.client.get(`/api/sync.php?since=${before}`));
    expect(delta.user?.notifications_disabled).toEqual(disabled);

    // A replay changes nothing (the first `since` stays).
    expect(await (await webhook(bounce(m.email))).json()).toEqual({ applied: 1 });
    expect((await settingsOf(m)).disabled).toEqual(disabled);

    // No mail while bounced.
    const a = await member();
    await offline(m.id);
    expect((await send(a, m)).status).toBe(200);
    expect(await noticesTo(m.email)).toEqual([]);

    const on = expectShape(
      NotificationSettings,
      await m.client.put('/api/notifications.php', { kind: 'message', enabled: true }),
    );
    expect(on.disabled.map((d) => d.kind)).toEqual(['like', 'match']);
  });

  it('a spam complaint stops its kind, or every kind when none is given', async () => {
    const one = await member();
    const all = await member();
    const res = await webhook({
      events: [
        { type: 'spam_complaint', email: one.email, kind: 'like' },
        { type: 'spam_complaint', email: all.email },
      ],
    });
    expect(await res.json()).toEqual({ applied: 2 });
    expect((await settingsOf(one)).disabled).toMatchObject([{ kind: 'like', reason: 'spam_complaint' }]);
    expect((await settingsOf(all)).disabled.map((d) => `${d.kind}:${d.reason}`)).toEqual([
      'message:spam_complaint',
      'like:spam_complaint',
      'match:spam_complaint',
    ]);
  });

  it('stops the address on every site it has an account on', async () => {
    const m = await member();
    const sites = await base.db.query.sites.findMany();
    const [row] = await base.db.select().from(users).where(eq(users.id, m.id));
    const otherSite = sites.find((s) => s.id !== row.siteId)!;
    // The same person signed up on the second brand too (with other letter case).
    const [twin] = await base.db
      .insert(users)
      .values({ siteId: otherSite.id, email: m.email.toUpperCase(), status: 'confirmed' })
      .returning();
    expect(await (await webhook(bounce(m.email))).json()).toEqual({ applied: 1 });
    for (const id of [m.id, twin.id]) {
      const [u] = await base.db.select({ disabled: users.notificationsDisabled }).from(users).where(eq(users.id, id));
      expect(u.disabled.map((d) => d.reason)).toEqual(['bounce', 'bounce', 'bounce']);
    }
  });
});
