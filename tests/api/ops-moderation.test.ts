// Moderation in the back office over the real server (docs/operations.md "Moderation", "Photo review"): the
// complaints queue and detail, each action's effect, its mails (the dev mailbox) and audit row, a suspended or banned
// member's refused login, lifting, photo review, fictional profiles' protection and the role guard.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ComplaintDetailResponse,
  ComplaintsResponse,
  ModerationActionResponse,
  PendingPhotosResponse,
} from '../../contract/ops-moderation.ts';
import type { StaffRole } from '../../contract/ops.ts';
import {
  auditLog,
  complaints,
  memberRestrictions,
  photos,
  profiles,
  sessions,
  staff,
  staffSessions,
  users,
} from '../../server/db/schema.ts';
import { hashToken } from '../../server/domain/accounts/sessions.ts';
import { activeMember, Client, expectShape, newId, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(3);
});
afterAll(() => server.close());

const PASSWORD = 'correct horse battery';

let counter = 0;
/** A client signed in to the back office as a new staff member with `role` (made in the database): client and id. */
async function staffClient(role: StaffRole): Promise<{ client: Client; id: number }> {
  const [row] = await server.db
    .insert(staff)
    .values({ email: `mod${++counter}.${Date.now()}@heartline.example`, role, totpEnabled: true })
    .returning({ id: staff.id });
  const token = randomBytes(32).toString('base64url');
  await server.db.insert(staffSessions).values({ tokenHash: hashToken(token), staffId: row.id });
  const client = new Client(server.url);
  client.cookie = `ops_sid=${token}`;
  return { client, id: row.id };
}

type Mail = { to: string; subject: string; text: string };
const mails = async (): Promise<Mail[]> => (await new Client(server.url).get('/api/dev-mailbox.php')).body.mails;
/** The mails sent to `to` once the job queue is idle. */
async function mailsTo(to: string): Promise<Mail[]> {
  await server.jobs.idle();
  return (await mails()).filter((m) => m.to === to);
}

/** A member who reported `them` (with a message of theirs): the complaint's id and reference. */
async function reported(over: Record<string, unknown> = {}) {
  const me = await activeMember(server);
  const them = await activeMember(server, { name: 'Rude', ...over });
  const sent = await them.client.post('/api/message.php', { id: newId(), profile: me.id, text: 'something nasty' });
  expect(sent.status).toBe(200);
  const filed = await me.client.post('/api/complaint.php', {
    topic: 'harassment',
    text: 'This member keeps insulting me.',
    member: them.id,
    message: sent.body.message.id,
  });
  expect(filed.status).toBe(201);
  const [row] = await server.db.select().from(complaints).where(eq(complaints.reference, filed.body.reference));
  return { me, them, complaint: row, messageId: sent.body.message.id as string };
}

const login = (email: string) => new Client(server.url).post('/api/user.php', { email, password: PASSWORD });

const auditOf = (action: string, targetId: number) =>
  server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))));

describe('complaints queue', () => {
  it('lists open complaints oldest first and shows the detail: complaint, profile, photos, conversation', async () => {
    const { client } = await staffClient('moderator');
    const first = await reported();
    const second = await reported();
    const queue = expectShape(ComplaintsResponse, await client.get('/api/ops/moderation/complaints'));
    const ids = queue.complaints.map((c) => c.id);
    expect(ids.indexOf(first.complaint.id)).toBeLessThan(ids.indexOf(second.complaint.id));
    expect(queue.complaints.find((c) => c.id === first.complaint.id)).toMatchObject({
      topic: 'harassment',
      member: { id: first.them.id, name: 'Rude', fictional: false },
      handled_at: null,
    });
    const filtered = expectShape(ComplaintsResponse, await client.get('/api/ops/moderation/complaints?topic=payment'));
    expect(filtered.complaints.map((c) => c.id)).not.toContain(first.complaint.id);

    const detail = expectShape(ComplaintDetailResponse, await client.get(`/api/ops/moderation/complaints/${first.complaint.id}`));
    expect(detail.complaint).toMatchObject({ text: 'This member keeps insulting me.', email: first.me.email });
    expect(detail.member).toMatchObject({ id: first.them.id, email: first.them.email, fictional: false, restrictions: [] });
    expect(detail.conversation).toEqual([
      expect.objectContaining({ id: first.messageId, sender_id: first.them.id, text: 'something nasty', reported: true }),
    ]);
    expect((await client.get('/api/ops/moderation/complaints/999999')).status).toBe(404);
  });
});

describe('actions', () => {
  it('dismisses a complaint: handled, the complainant told, audited; a second action is refused', async () => {
    const { client, id: staffId } = await staffClient('moderator');
    const { me, complaint } = await reported();
    const res = await client.post('/api/ops/moderation/actions', { action: 'dismiss', complaint: complaint.id });
    expect(expectShape(ModerationActionResponse, res)).toEqual({ restriction: null, complaint_id: complaint.id });
    const [row] = await server.db.select().from(complaints).where(eq(complaints.id, complaint.id));
    expect(row).toMatchObject({ handledBy: staffId, outcome: 'dismissed' });
    expect(row.handledAt).not.toBeNull();
    const told = (await mailsTo(me.email)).find((m) => m.subject === `Your report ${complaint.reference} has been handled`);
    expect(told).toBeDefined();
    expect(await auditOf('moderation.dismiss', complaint.id)).toHaveLength(1);
    const again = await client.post('/api/ops/moderation/actions', { action: 'dismiss', complaint: complaint.id });
    expect(again.status).toBe(409);
    // Handled complaints leave the open queue.
    const open = expectShape(ComplaintsResponse, await client.get('/api/ops/moderation/complaints'));
    expect(open.complaints.map((c) => c.id)).not.toContain(complaint.id);
  });

  it('warns in the member language with a statement of reasons', async () => {
    const { client } = await staffClient('moderator');
    const { them, complaint } = await reported({ country: 'DE' });
    await server.db.update(users).set({ language: 'de' }).where(eq(users.id, them.id));
    const res = await client.post('/api/ops/moderation/actions', {
      action: 'warn',
      complaint: complaint.id,
      ground: 'terms:harassment',
      detail: 'Bitte freundlich bleiben.',
    });
    const { restriction } = expectShape(ModerationActionResponse, res);
    expect(restriction).toMatchObject({ kind: 'warning', ground: 'terms:harassment', active: false, complaint_id: complaint.id });
    const [mail] = (await mailsTo(them.email)).filter((m) => m.subject.includes('Verwarnung'));
    expect(mail.text).toContain('belästigen');
    expect(mail.text).toContain('Bitte freundlich bleiben.');
    expect(mail.text).toContain('ein Mensch aus unserem Team');
    expect(mail.text).toContain(`M-${restriction!.id}`);
    expect(mail.text).toContain('/complaints');
    // A warning does not stop the member.
    expect((await login(them.email)).status).toBe(200);
  });

  it('suspends for N days: sessions end, login refused with the end date until it passes; a moderator can lift it', async () => {
    const { client } = await staffClient('moderator');
    const { them, complaint } = await reported();
    expect((await them.client.get('/api/user.php')).body.user).not.toBeNull();
    const res = await client.post('/api/ops/moderation/actions', {
      action: 'suspend',
      complaint: complaint.id,
      ground: 'terms:harassment',
      days: 7,
    });
    const { restriction } = expectShape(ModerationActionResponse, res);
    expect(restriction).toMatchObject({ kind: 'suspension', active: true });
    const endsAt = new Date(restriction!.ends_at!);
    expect(Math.abs(endsAt.getTime() - Date.now() - 7 * 24 * 3600_000)).toBeLessThan(60_000);
    expect(await server.db.select().from(sessions).where(eq(sessions.userId, them.id))).toEqual([]);
    expect((await them.client.get('/api/user.php')).body.user).toBeNull();

    const refused = await login(them.email);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'account_suspended', params: { until: endsAt.toISOString() } });
    expect(refused.body.error.message).toContain(endsAt.toISOString());
    const mail = (await mailsTo(them.email)).find((m) => m.subject.includes('is suspended'))!;
    expect(mail.text).toContain('until');
    expect(mail.text).toContain('not by an automated system');
    const [audited] = await auditOf('moderation.suspend', them.id);
    expect(audited).toMatchObject({ role: 'moderator', targetKind: 'member' });
    expect(audited.after).toMatchObject({ kind: 'suspension', ground: 'terms:harassment', complaint: complaint.id });

    // The end date passes: the suspension ends by itself.
    await server.db
      .update(memberRestrictions)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(memberRestrictions.id, restriction!.id));
    expect((await login(them.email)).status).toBe(200);

    // A new suspension, lifted early by a moderator (audited).
    const again = expectShape(
      ModerationActionResponse,
      await client.post('/api/ops/moderation/actions', { action: 'suspend', member: them.id, ground: 'terms:spam', days: 3 }),
    );
    expect((await login(them.email)).status).toBe(403);
    const lifted = await client.post(`/api/ops/moderation/restrictions/${again.restriction!.id}/lift`);
    expect(lifted.status).toBe(200);
    expect(lifted.body.restriction).toMatchObject({ active: false });
    expect((await login(them.email)).status).toBe(200);
    expect(await auditOf('moderation.lift', them.id)).toHaveLength(1);
    expect((await client.post(`/api/ops/moderation/restrictions/${again.restriction!.id}/lift`)).status).toBe(409);
  });

  it('bans: login refused with the access ban text, the profile hidden, the password reset gives no session', async () => {
    const { client } = await staffClient('admin');
    const { them, complaint } = await reported();
    const res = await client.post('/api/ops/moderation/actions', {
      action: 'ban',
      complaint: complaint.id,
      ground: 'terms:money',
    });
    expect(res.status).toBe(200);
    const refused = await login(them.email);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('account_banned');
    expect(refused.body.error.message).toContain('access ban');
    const [profile] = await server.db.select({ status: profiles.status }).from(profiles).where(eq(profiles.userId, them.id));
    expect(profile.status).toBe('disabled');
    const mail = (await mailsTo(them.email)).find((m) => m.subject.includes('has been closed'))!;
    expect(mail.text).toContain('/pages/ban');
    expect(mail.text).toContain('asking other members for money');
    const [row] = await server.db.select().from(complaints).where(eq(complaints.id, complaint.id));
    expect(row.outcome).toBe('ban');
    expect(await auditOf('moderation.ban', them.id)).toHaveLength(1);

    // The password reset's link works for the password but signs nobody in.
    const visitor = new Client(server.url);
    expect((await visitor.post('/api/password-reset.php', { email: them.email })).status).toBe(200);
    const link = (await mailsTo(them.email)).find((m) => m.text.includes('/reset-password/do?token='))!;
    const token = new URL(link.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token');
    const reset = await visitor.post('/api/password-reset-do.php', { token, password: 'another horse battery staple' });
    expect(reset.status).toBe(403);
    expect(visitor.cookie).toBe('');
  });

  it('removes the about text and a photo, with a statement of reasons each', async () => {
    const { client } = await staffClient('moderator');
    const { them, complaint } = await reported();
    await server.db.update(profiles).set({ about: 'Call me on +31 6 1234 5678' }).where(eq(profiles.userId, them.id));
    const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    expect((await them.client.upload('/api/photos.php', form)).status).toBe(201);
    const [photo] = await server.db.select().from(photos).where(eq(photos.userId, them.id));

    const text = await client.post('/api/ops/moderation/actions', {
      action: 'remove_text',
      complaint: complaint.id,
      ground: 'terms:spam',
    });
    expect(text.status).toBe(200);
    const [after] = await server.db.select({ about: profiles.about }).from(profiles).where(eq(profiles.userId, them.id));
    expect(after.about).toBe('');
    const [textAudit] = await auditOf('moderation.remove_text', them.id);
    expect(textAudit.before).toEqual({ about: 'Call me on +31 6 1234 5678' });

    const removed = await client.post('/api/ops/moderation/actions', {
      action: 'remove_photo',
      member: them.id,
      photo: photo.id,
      ground: 'terms:photo_rules',
    });
    expect(removed.status).toBe(200);
    expect(await server.db.select().from(photos).where(eq(photos.id, photo.id))).toEqual([]);
    expect(await server.images.read(`${photo.key}.webp`)).toBeNull();
    const subjects = (await mailsTo(them.email)).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([expect.stringContaining('profile was removed'), expect.stringContaining('A photo was removed')]),
    );
    // Not the member's photo: 404.
    const other = await client.post('/api/ops/moderation/actions', {
      action: 'remove_photo',
      member: them.id,
      photo: photo.id,
      ground: 'terms:photo_rules',
    });
    expect(other.status).toBe(404);
  });

  it('refuses warnings, suspensions and bans of fictional profiles with 409; their photos and text can be reviewed', async () => {
    const { client } = await staffClient('moderator');
    const [fictional] = await server.db.select().from(users).where(eq(users.fictional, true)).limit(1);
    for (const body of [
      { action: 'warn', member: fictional.id, ground: 'terms:spam' },
      { action: 'suspend', member: fictional.id, ground: 'terms:spam', days: 2 },
      { action: 'ban', member: fictional.id, ground: 'terms:spam' },
    ]) {
      const res = await client.post('/api/ops/moderation/actions', body);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('fictional_profile');
    }
    const text = await client.post('/api/ops/moderation/actions', {
      action: 'remove_text',
      member: fictional.id,
      ground: 'terms:spam',
    });
    expect(text.status).toBe(200);
    const detail = await client.get(`/api/ops/moderation/members/${fictional.id}`);
    expect(detail.body.member).toMatchObject({ fictional: true, profile: { about: '' } });
  });
});

describe('photo review', () => {
  it('starts empty over seeded photos, lists new uploads oldest first, approves and rejects with a reason', async () => {
    const { client } = await staffClient('moderator');
    expect(expectShape(PendingPhotosResponse, await client.get('/api/ops/moderation/photos')).photos).toEqual([]);
    const member = await activeMember(server);
    const upload = async (color: string) => {
      const bytes = await sharp({ create: { width: 300, height: 400, channels: 3, background: color } })
        .jpeg()
        .toBuffer();
      const form = new FormData();
      form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'me.jpg');
      expect((await member.client.upload('/api/photos.php', form)).status).toBe(201);
    };
    await upload('#a33');
    await upload('#33a');
    const pending = expectShape(PendingPhotosResponse, await client.get('/api/ops/moderation/photos')).photos;
    expect(pending).toHaveLength(2);
    expect(pending[0].id).toBeLessThan(pending[1].id);
    expect(pending[0]).toMatchObject({ review_state: 'pending', member: { id: member.id, fictional: false } });
    expect(pending[0].url).toMatch(/\.webp$/);
    // Live at once: the member's own list shows both.
    expect((await member.client.get('/api/photos.php')).body.photos).toHaveLength(2);

    expect((await client.post(`/api/ops/moderation/photos/${pending[0].id}/approve`)).status).toBe(200);
    expect((await client.post(`/api/ops/moderation/photos/${pending[0].id}/approve`)).status).toBe(409);
    const rejected = await client.post(`/api/ops/moderation/photos/${pending[1].id}/reject`, {
      ground: 'terms:no_consent',
      detail: 'The photo shows another person.',
    });
    expect(rejected.status).toBe(200);
    expect(expectShape(PendingPhotosResponse, await client.get('/api/ops/moderation/photos')).photos).toEqual([]);
    const left = await server.db.select().from(photos).where(eq(photos.userId, member.id));
    expect(left.map((p) => [p.id, p.reviewState])).toEqual([[pending[0].id, 'approved']]);
    const mail = (await mailsTo(member.email)).find((m) => m.subject.includes('A photo was removed'))!;
    expect(mail.text).toContain('without their consent');
    expect(mail.text).toContain('The photo shows another person.');
    expect(await auditOf('photo.approve', pending[0].id)).toHaveLength(1);
    expect(await auditOf('photo.reject', pending[1].id)).toHaveLength(1);
    const [restriction] = await server.db.select().from(memberRestrictions).where(eq(memberRestrictions.userId, member.id));
    expect(restriction).toMatchObject({ kind: 'photo_removed', ground: 'terms:no_consent' });
  });
});

describe('role guard', () => {
  it('answers moderators and admins; support and operators get 403, members and visitors 401', async () => {
    const member = await activeMember(server);
    const calls: [string, string][] = [
      ['GET', '/api/ops/moderation/complaints'],
      ['GET', '/api/ops/moderation/complaints/1'],
      ['GET', `/api/ops/moderation/members/${member.id}`],
      ['POST', '/api/ops/moderation/actions'],
      ['POST', '/api/ops/moderation/restrictions/1/lift'],
      ['GET', '/api/ops/moderation/photos'],
      ['POST', '/api/ops/moderation/photos/1/approve'],
      ['POST', '/api/ops/moderation/photos/1/reject'],
    ];
    const clients = {
      moderator: (await staffClient('moderator')).client,
      admin: (await staffClient('admin')).client,
      support: (await staffClient('support')).client,
      operator: (await staffClient('operator')).client,
      member: member.client,
      visitor: new Client(server.url),
    };
    const wrong: string[] = [];
    for (const [method, path] of calls) {
      for (const [who, client] of Object.entries(clients)) {
        const res = await client.call(method, path, method === 'POST' ? {} : undefined);
        const allowed = who === 'moderator' || who === 'admin';
        const ok = allowed
          ? res.status !== 401 && res.status !== 403
          : res.status === (who === 'member' || who === 'visitor' ? 401 : 403);
        if (!ok) wrong.push(`${method} ${path} ${who} ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
