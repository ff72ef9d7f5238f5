// The member's data export (GDPR Art. 15/20) and blocked list over the real server.
import sharp from 'sharp';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlocksResponse } from '../../contract/index.ts';
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
    const jpeg = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#a4c' } }).jpeg().toBuffer();
    form.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'me.jpg');
    expect((await me.client.upload('/api/photos.php', form)).status).toBe(201);

    const res = await fetch(`${server.url}/api/export.php`, { headers: { cookie: me.client.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(
      ['README.txt', 'account.json', 'blocks.json', 'conversations.json', 'credits.json', 'likes.json', 'payments.json', 'photos.json', 'photos/1.webp', 'profile.json'].sort(),
    );
    const read = (name: string) => JSON.parse(strFromU8(files[name]));
    expect(read('account.json')).toMatchObject({ id: me.id, email: me.email });
    expect(read('account.json').password_hash).toBeUndefined();
    expect(read('profile.json').name).toBe('Exporter');
    const conversations = read('conversations.json');
    expect(conversations).toHaveLength(1);
    expect(conversations[0].with).toEqual({ id: peer.id, name: 'Chatpeer' });
    expect(conversations[0].messages.map((m: { from: string; text: string }) => [m.from, m.text])).toEqual([['me', 'Hi from me'], ['them', 'Hi back']]);
    expect(read('likes.json').received).toEqual([{ member: { id: stranger.id, name: 'Stranger' }, at: expect.any(String) }]);
    expect(read('blocks.json')[0].member).toEqual({ id: stranger.id, name: 'Stranger' });
    expect(read('credits.json').length).toBeGreaterThanOrEqual(2); // signup credits, the message
    expect((await sharp(Buffer.from(files['photos/1.webp'])).metadata()).format).toBe('webp');
    const all = Object.values(files).map((f) => Buffer.from(f).toString('latin1')).join('\n');
    for (const secret of [peer.email, stranger.email, 'A chat that is not mine']) expect(all).not.toContain(secret);

    expect((await new Client(server.url).get('/api/export.php')).status).toBe(403);
  });

  it('lists the members one blocked, for unblocking', async () => {
    const me = await activeMember(server);
    const a = await activeMember(server);
    const b = await activeMember(server);
    await me.client.post('/api/block.php', { profile: a.id });
    await me.client.post('/api/block.php', { profile: b.id });
    expect(expectShape(BlocksResponse, await me.client.get('/api/blocks.php')).profiles.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
    await me.client.del('/api/block.php', { profile: a.id });
    expect(expectShape(BlocksResponse, await me.client.get('/api/blocks.php')).profiles.map((p) => p.id)).toEqual([b.id]);
    expect(expectShape(BlocksResponse, await a.client.get('/api/blocks.php')).profiles).toEqual([]);
    expect((await new Client(server.url).get('/api/blocks.php')).status).toBe(403);
  });
});
