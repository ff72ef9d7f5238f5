// The account life over the real server (spec 4, 5, 8, 9): e-mail change confirmed by the new address, deletion with
// 14 days to come back, the purge after that.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REACTIVATION_DAYS } from '../../contract/index.ts';
import { users } from '../../server/db/schema.ts';
import { purgeDeletedAccounts } from '../../server/domain/accounts/account-life.ts';
import { activeMember, Client, newId, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(0);
});
afterAll(() => server.close());

type Mail = { to: string; subject: string; text: string };
/** The dev mailbox once every mail job has run, newest first. */
const mailbox = async (): Promise<Mail[]> => {
  await server.jobs.idle();
  return (await new Client(server.url).get('/api/dev-mailbox.php')).body.mails;
};
/** The first link of the newest mail to `to` whose text matches `pattern`. */
async function linkTo(to: string, pattern: RegExp): Promise<URL> {
  const mail = (await mailbox()).find((m) => m.to === to && pattern.test(m.text));
  if (!mail) throw new Error(`no mail to ${to} matching ${pattern}`);
  return new URL(mail.text.match(pattern)![0]);
}
const login = (email: string, password = 'correct horse battery') =>
  new Client(server.url).post('/api/user.php', { email, password });

describe('e-mail change', () => {
  it('confirms the new address by its link, tells the old one, and refuses bad, taken and unproven changes', async () => {
    const me = await activeMember(server);
    const other = await activeMember(server);
    const change = (email: string, password = 'correct horse battery') => me.client.put('/api/email.php', { email, password });

    expect((await change('new.home@example.org', 'wrong password')).body.error.code).toBe('wrong_old_password');
    const invalid = await change('not-an-address');
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatchObject({ code: 'new_email_invalid', message: 'New email adress is invalid' });
    const taken = await change(other.email.toUpperCase());
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({
      code: 'email_taken',
      message: 'This email address already owns an account on this website',
    });

    const next = `moved.${Date.now()}@example.org`;
    expect((await change(next)).body).toEqual({ sent: true });
    const link = await linkTo(next, /https?:\/\/\S+\/mail-change\/do\?token=\S+/);
    expect((await mailbox()).find((m) => m.to === me.email)?.text).toContain(next);
    expect((await login(next)).status).toBe(401); // not before the new address confirmed it

    const token = link.searchParams.get('token')!;
    expect((await new Client(server.url).post('/api/mail-change-do.php', { token })).body).toEqual({ email: next });
    expect((await me.client.get('/api/user.php')).body.user.email).toBe(next);
    expect((await login(next)).status).toBe(200);
    expect((await login(me.email)).status).toBe(401);
    const again = await new Client(server.url).post('/api/mail-change-do.php', { token });
    expect(again.body.error).toMatchObject({ code: 'link_invalid', message: 'Link expired or invalid, request a new e-mail.' });
    for (const bad of [{}, { token: 7 }, { token: 'x'.repeat(101) }])
      expect((await me.client.post('/api/mail-change-do.php', bad)).status).toBe(400);
  });
});

describe('account deletion', () => {
  it('hides the member at once, ends the sessions, refuses the login with the spec message and comes back by the link', async () => {
    const me = await activeMember(server);
    const peer = await activeMember(server);
    const sent = await peer.client.post('/api/message.php', { id: newId(), profile: me.id, text: 'Hello there' });
    expect(sent.status).toBe(200);
    const { cursor } = (await peer.client.get('/api/sync.php')).body;

    expect((await me.client.post('/api/account-delete.php', { password: 'nope' })).body.error.code).toBe('wrong_old_password');
    const deleted = await me.client.post('/api/account-delete.php', { password: 'correct horse battery' });
    expect(deleted.body).toEqual({ deleted: true });
    expect((await me.client.get('/api/user.php')).body.user).toBeNull();
    expect((await peer.client.get(`/api/member.php?id=${me.id}`)).status).toBe(404);
    const delta = (await peer.client.get(`/api/sync.php?since=${cursor}`)).body;
    expect(delta.removed_chats).toEqual([sent.body.message.conversation_id]);

    const refused = await login(me.email);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'account_pending_deletion',
      message: 'Account pending deletion (reactivate via emailed link or contact customer service)',
    });
    expect((await login(me.email, 'wrong password')).body.error.code).toBe('login_failed');

    const link = await linkTo(me.email, /https?:\/\/\S+\/login\?reactivate=\S+/);
    const token = link.searchParams.get('reactivate')!;
    expect((await new Client(server.url).post('/api/reactivate.php', { token })).body).toEqual({ reactivated: true });
    expect((await login(me.email)).status).toBe(200);
    expect((await peer.client.get(`/api/member.php?id=${me.id}`)).status).toBe(200);
    expect((await peer.client.get('/api/chats.php')).body.chats).toHaveLength(1);
    expect((await new Client(server.url).post('/api/reactivate.php', { token })).body.error.code).toBe('link_invalid');
  });

  it('purges the data and the photos only after 14 days', async () => {
    const me = await activeMember(server);
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#48c' } })
      .jpeg()
      .toBuffer();
    form.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'me.jpg');
    const photo = (await me.client.upload('/api/photos.php', form)).body.photos[0] as { url: string };
    expect((await fetch(server.url + photo.url)).status).toBe(200);
    await me.client.post('/api/account-delete.php', { password: 'correct horse battery' });
    const day = 86400_000;
    expect(await purgeDeletedAccounts(server.db, server.images, new Date(Date.now() + (REACTIVATION_DAYS - 1) * day))).toBe(0);
    expect(await server.db.select().from(users).where(eq(users.id, me.id))).toHaveLength(1);
    expect(await purgeDeletedAccounts(server.db, server.images, new Date(Date.now() + (REACTIVATION_DAYS + 1) * day))).toBe(1);
    expect(await server.db.select().from(users).where(eq(users.id, me.id))).toHaveLength(0);
    expect((await fetch(server.url + photo.url)).status).toBe(404);
    expect((await login(me.email)).body.error.code).toBe('login_failed');
  });
});
