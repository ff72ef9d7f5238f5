// The member's data export (GDPR Art. 15/20) and blocked list over the real server.
import sharp from 'sharp';
import { unzipSync, strFromU8 } from 'fflate';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlocksResponse, SendMessageResponse } from '../../contract/index.ts';
import { messages, users } from '../../server/db/schema.ts';
import { activeMember, Client, expectShape, newId, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(0);
});
afterAll(() => server.close());

describe('data export', () => {
  it('gives the member a ZIP of their own data and photos, with nothing of other members beyond their shared chat', async () => {
    const me = await activeMember(server, { name: 'Exporter' });
    const peer = await activeMember(server, { name: 'Chatpeer' });
    const stranger = await activeMember(server, { name: 'Stranger' });
    await me.client.post('/api/message.php', { id: newId(), profile: peer.id, text: 'Hi from me' });
    await peer.client.post('/api/message.php', { id: newId(), profile: me.id, text: 'Hi back' });
    await peer.client.post('/api/message.php', { id: newId(), profile: stranger.id, text: 'A chat that is not mine' });
    await stranger.client.post('/api/like.php', { profile: me.id });
    await me.client.post('/api/block.php', { profile: stranger.id });
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#a4c' } })
      .jpeg()
      .toBuffer();
    form.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'me.jpg');
    expect((await me.client.upload('/api/photos.php', form)).status).toBe(201);

    const res = await fetch(`${server.url}/api/export.php`, { headers: { cookie: me.client.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'account.json',
        'blocks.json',
        'conversations.json',
        'credits.json',
        'likes.json',
        'payments.json',
        'photos.json',
        'photos/1.webp',
        'profile.json',
      ].sort(),
    );
    const read = (name: string) => JSON.parse(strFromU8(files[name]));
    expect(read('account.json')).toMatchObject({ id: me.id, email: me.email });
    expect(read('account.json').password_hash).toBeUndefined();
    expect(read('profile.json').name).toBe('Exporter');
    const conversations = read('conversations.json');
    expect(conversations).toHaveLength(1);
    expect(conversations[0].with).toEqual({ id: peer.id, name: 'Chatpeer' });
    expect(conversations[0].messages.map((m: { from: string; text: string }) => [m.from, m.text])).toEqual([
      ['me', 'Hi from me'],
      ['them', 'Hi back'],
    ]);
    expect(read('likes.json').received).toEqual([{ member: { id: stranger.id, name: 'Stranger' }, at: expect.any(String) }]);
    expect(read('blocks.json')[0].member).toEqual({ id: stranger.id, name: 'Stranger' });
    expect(read('credits.json').length).toBeGreaterThanOrEqual(2); // signup credits, the message
    expect((await sharp(Buffer.from(files['photos/1.webp'])).metadata()).format).toBe('webp');
    const all = Object.values(files)
      .map((f) => Buffer.from(f).toString('latin1'))
      .join('\n');
    for (const secret of [peer.email, stranger.email, 'A chat that is not mine']) expect(all).not.toContain(secret);

    expect((await new Client(server.url).get('/api/export.php')).status).toBe(403);
  });

  it('holds the photos the member sent in chats, referenced by their messages, and never a photo another member sent', async () => {
    const me = await activeMember(server, { name: 'Photographer' });
    const peer = await activeMember(server, { name: 'Photopeer' });
    await server.db.update(users).set({ credits: 200 }).where(eq(users.id, me.id));
    await server.db.update(users).set({ credits: 200, paidUser: true }).where(eq(users.id, peer.id));
    const sendPhoto = async (from: typeof me, to: number, color: string) => {
      const form = new FormData();
      form.append('id', newId());
      form.append('profile', String(to));
      const jpeg = await sharp({ create: { width: 120, height: 160, channels: 3, background: color } })
        .jpeg()
        .toBuffer();
      form.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'chat.jpg');
      return expectShape(SendMessageResponse, await from.client.upload('/api/chat-photo.php', form)).message;
    };
    const mine1 = await sendPhoto(me, peer.id, '#e33');
    const theirs = await sendPhoto(peer, me.id, '#33e');
    await me.client.post('/api/message.php', { id: newId(), profile: peer.id, text: 'Did you like it?' });
    const mine2 = await sendPhoto(me, peer.id, '#3e3');
    const servedOf = async (url: string) => Buffer.from(await (await fetch(server.url + url)).arrayBuffer());

    const res = await fetch(`${server.url}/api/export.php`, { headers: { cookie: me.client.cookie } });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(
      Object.keys(files)
        .filter((f) => f.startsWith('chat-photos/'))
        .sort(),
    ).toEqual(['chat-photos/1.webp', 'chat-photos/2.webp']);
    // The files are the full photos the member sent, in the order sent.
    expect(Buffer.from(files['chat-photos/1.webp']).equals(await servedOf(mine1.photo!.url))).toBe(true);
    expect(Buffer.from(files['chat-photos/2.webp']).equals(await servedOf(mine2.photo!.url))).toBe(true);
    const [conversation] = JSON.parse(strFromU8(files['conversations.json']));
    expect(conversation.messages.map((m: { id: string; from: string; photo: unknown }) => [m.id, m.from, m.photo])).toEqual([
      [mine1.id, 'me', { file: 'chat-photos/1.webp' }],
      [theirs.id, 'them', { file: null }],
      [expect.any(String), 'me', null],
      [mine2.id, 'me', { file: 'chat-photos/2.webp' }],
    ]);
    expect(strFromU8(files['README.txt'])).toContain('chat-photos/');

    // Nothing of the peer's photo: not its bytes (full, thumb or blurred), not its media keys.
    const peerFiles = await Promise.all([theirs.photo!.url, theirs.photo!.thumb_url].map(servedOf));
    const peerKeys = [theirs.photo!.url, theirs.photo!.thumb_url].map((u) =>
      u.slice(u.lastIndexOf('/') + 1).replace(/(-t)?\.webp$/, ''),
    );
    const [{ photoKey, photoBlurKey }] = await server.db.select().from(messages).where(eq(messages.id, theirs.id));
    const all = Object.values(files).map((f) => Buffer.from(f));
    for (const file of all) for (const theirFile of peerFiles) expect(file.equals(theirFile)).toBe(false);
    const text = all.map((f) => f.toString('latin1')).join('\n');
    for (const key of [...peerKeys, photoKey!, photoBlurKey!]) expect(text).not.toContain(key);

    // The peer's own export has the peer's photo and not mine.
    const theirsRes = await fetch(`${server.url}/api/export.php`, { headers: { cookie: peer.client.cookie } });
    const theirZip = unzipSync(new Uint8Array(await theirsRes.arrayBuffer()));
    expect(Object.keys(theirZip).filter((f) => f.startsWith('chat-photos/'))).toEqual(['chat-photos/1.webp']);
    expect(Buffer.from(theirZip['chat-photos/1.webp']).equals(await servedOf(theirs.photo!.url))).toBe(true);
  });

  it('lists the members one blocked, for unblocking', async () => {
    const me = await activeMember(server);
    const a = await activeMember(server);
    const b = await activeMember(server);
    await me.client.post('/api/block.php', { profile: a.id });
    await me.client.post('/api/block.php', { profile: b.id });
    expect(
      expectShape(BlocksResponse, await me.client.get('/api/blocks.php'))
        .profiles.map((p) => p.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    await me.client.del('/api/block.php', { profile: a.id });
    expect(expectShape(BlocksResponse, await me.client.get('/api/blocks.php')).profiles.map((p) => p.id)).toEqual([b.id]);
    expect(expectShape(BlocksResponse, await a.client.get('/api/blocks.php')).profiles).toEqual([]);
    expect((await new Client(server.url).get('/api/blocks.php')).status).toBe(403);
  });
});
