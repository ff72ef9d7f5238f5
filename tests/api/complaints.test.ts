// Complaints and reports over the real server (spec 2: /complaints; DSA notice and action).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLAINTS_PER_DAY, ComplaintResponse } from '../../contract/index.ts';
import { complaints } from '../../server/db/schema.ts';
import { activeMember, Client, expectShape, newId, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(0);
});
afterAll(() => server.close());

const mails = async () =>
  (await new Client(server.url).get('/api/dev-mailbox.php')).body.mails as { to: string; subject: string; text: string }[];
const waitForMail = async (match: (m: { to: string; subject: string; text: string }) => boolean) => {
  for (let i = 0; i < 50; i++) {
    const found = (await mails()).find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('mail not found');
};

describe('complaints', () => {
  it('stores a report of a member and a message with a reference, and mails support and the reporter', async () => {
    const me = await activeMember(server);
    const them = await activeMember(server, { name: 'Rude' });
    const sent = await them.client.post('/api/message.php', { id: newId(), profile: me.id, text: 'something nasty' });
    const res = await me.client.post('/api/complaint.php', {
      topic: 'harassment',
      text: 'This member keeps insulting me.',
      member: them.id,
      message: sent.body.message.id,
    });
    expect(res.status).toBe(201);
    const { reference } = expectShape(ComplaintResponse, res);
    expect(reference).toMatch(/^R-[A-Z2-9]{8}$/);
    const [row] = await server.db.select().from(complaints).where(eq(complaints.reference, reference));
    expect(row).toMatchObject({
      userId: me.id,
      email: me.email,
      topic: 'harassment',
      memberId: them.id,
      messageId: sent.body.message.id,
    });
    const support = await waitForMail((m) => m.subject.startsWith(`[${reference}]`));
    expect(support.to).toBe('support@heartline.example');
    expect(support.text).toContain('Reported member: Rude');
    expect(support.text).toContain('something nasty');
    expect((await waitForMail((m) => m.to === me.email && m.subject.includes(reference))).text).toContain(reference);
  });

  it('takes a visitor report with an e-mail address, refuses bad input, and limits reports per day', async () => {
    const visitor = new Client(server.url);
    const ok = await visitor.post('/api/complaint.php', {
      topic: 'illegal_content',
      text: 'A profile photo shows something illegal.',
      email: 'someone@example.org',
    });
    expect(ok.status).toBe(201);
    for (const bad of [
      { topic: 'other', text: 'No address given here.' },
      { topic: 'nonsense', text: 'A long enough text.', email: 'a@example.org' },
      { topic: 'other', text: 'short', email: 'a@example.org' },
      { topic: 'other', text: 'A long enough text.', email: 'a@example.org', member: 99999999 },
      { topic: 'other', text: 'A long enough text.', email: 'a@example.org', message: newId() },
      { topic: 'other', text: 'x'.repeat(5001), email: 'a@example.org' },
    ]) {
      const res = await visitor.post('/api/complaint.php', bad);
      expect(res.status, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    const me = await activeMember(server);
    const answers = await Promise.all(
      Array.from({ length: COMPLAINTS_PER_DAY + 2 }, () =>
        me.client.post('/api/complaint.php', { topic: 'other', text: 'Something is wrong here.' }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(COMPLAINTS_PER_DAY);
    for (const a of answers.filter((x) => x.status !== 201)) expect(a.body.error.code).toBe('complaints_throttled');
  });
});
