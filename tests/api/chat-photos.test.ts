// Photos in the chat over the real server (spec 3 photo_credits, spec 1 and 6 photo rules): a photo is a message with
// `photo` set, sent exactly once under retries (one ledger debit of photo_credits), re-encoded with no EXIF, seen in
// full by the sender and premium members and only blurred, locked, by a free recipient; bad uploads refused.
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatsResponse, ErrorBody, MessagesResponse, SendMessageResponse, SyncResponse } from '../../contract/index.ts';
import { creditLedger, users } from '../../server/db/schema.ts';
import { recordChanges } from '../../server/domain/sync/changes.ts';
import { activeMember, Client, expectShape, newId, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(0);
});
afterAll(() => server.close());

const setUser = (id: number, values: { credits?: number; paidUser?: boolean }) =>
  server.db.update(users).set(values).where(eq(users.id, id));
const debitsOf = (id: string) =>
  server.db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.idempotencyKey, `message:${id}`));

/** A phone photo: camera make and a GPS position in its EXIF. */
const phonePhoto = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 0/1' },
    })
    .toBuffer();

/** The multipart body of POST /api/chat-photo.php: the text fields, then the file. */
function photoForm(fields: Record<string, string>, bytes: Buffer | null, name = 'holiday.jpg'): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (bytes) f.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  return f;
}

const served = async (url: string) => Buffer.from(await (await fetch(server.url + url)).arrayBuffer());

describe('a photo in the chat', () => {
  it('costs photo_credits (20) once, is re-encoded without EXIF, and a free recipient sees it only blurred and locked', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server, { gender: 'female' });
    await setUser(a.id, { credits: 100 });
    const id = newId();
    const sent = expectShape(
      SendMessageResponse,
      await a.client.upload('/api/chat-photo.php', photoForm({ id, profile: String(b.id) }, await phonePhoto())),
    );
    expect(sent).toMatchObject({
      cost: 20,
      credits: 80,
      message: { id, text: '', gift: null, sender_id: a.id, photo: { locked: false } },
    });
    expect(await debitsOf(id)).toMatchObject([{ delta: -20, balanceAfter: 80, reason: 'message' }]);
    const own = sent.message.photo!;
    for (const url of [own.url, own.thumb_url]) {
      const file = await served(url);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.exif, meta.xmp, meta.iptc]).toEqual([undefined, undefined, undefined]);
      expect(file.toString('latin1')).not.toContain('TestCam');
    }

    // The free recipient: the blurred copy's URLs, which share nothing with the full photo's.
    const page = await b.client.get(`/api/messages.php?profile=${a.id}`);
    const [forB] = expectShape(MessagesResponse, page).messages;
    expect(forB.photo).toMatchObject({ locked: true });
    const fullKey = own.url.split('/').pop()!.replace('.webp', '');
    expect(JSON.stringify(page.body)).not.toContain(fullKey);
    expect(JSON.stringify((await b.client.get('/api/sync.php')).body)).not.toContain(fullKey);
    const chatsOfB = await b.client.get('/api/chats.php');
    expect(JSON.stringify(chatsOfB.body)).not.toContain(fullKey);
    expect(expectShape(ChatsResponse, chatsOfB).chats[0].last_message?.photo).toEqual(forB.photo);
    // The sender's own chat list shows it in full.
    expect(expectShape(ChatsResponse, await a.client.get('/api/chats.php')).chats[0].last_message?.photo).toEqual(own);
    expect((await served(forB.photo!.url)).equals(await served(own.url))).toBe(false);

    // Premium, as a completed payment makes it (the paid status and a 'user' change in one transaction): the same
    // message in full, in the chat list at once too (its cache goes with the change).
    await server.db.transaction(async (tx) => {
      await tx.update(users).set({ paidUser: true }).where(eq(users.id, b.id));
      await recordChanges(tx, [{ userId: b.id, kind: 'user', entityId: b.id }]);
    });
    expect(expectShape(ChatsResponse, await b.client.get('/api/chats.php')).chats[0].last_message?.photo).toEqual(own);
    const snapshot = expectShape(SyncResponse, await b.client.get('/api/sync.php'));
    expect(snapshot.messages.find((m) => m.id === id)?.photo).toEqual({ url: own.url, thumb_url: own.thumb_url, locked: false });
  });

  it('is one photo, one debit and the same answer when the same id is sent again, one after the other or at once', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server);
    await setUser(a.id, { credits: 200 });
    const bytes = await phonePhoto();
    const fields = { id: newId(), profile: String(b.id) };
    const first = await a.client.upload('/api/chat-photo.php', photoForm(fields, bytes));
    expect(first.status).toBe(200);
    const again = await a.client.upload('/api/chat-photo.php', photoForm(fields, bytes));
    expect(again.body).toEqual(first.body);

    const raced = { id: newId(), profile: String(b.id) };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => a.client.upload('/api/chat-photo.php', photoForm(raced, bytes))),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(5).fill(200));
    for (const r of answers) expect(r.body).toEqual(answers[0].body);

    expect(await debitsOf(fields.id)).toHaveLength(1);
    expect(await debitsOf(raced.id)).toHaveLength(1);
    const [me] = await server.db.select({ credits: users.credits }).from(users).where(eq(users.id, a.id));
    expect(me.credits).toBe(160);
    // The id of a photo message is not a text message's: the same id as text is a conflict.
    expect((await a.client.post('/api/message.php', { id: fields.id, profile: b.id, text: 'hi' })).status).toBe(409);
  });

  it('refuses a bad file, missing or bad fields, JSON, visitors and too few credits with the error shape, debiting nothing', async () => {
    const a = await activeMember(server);
    const b = await activeMember(server);
    const id = newId();
    const profile = String(b.id);
    for (const [res, field] of [
      [
        await a.client.upload(
          '/api/chat-photo.php',
          photoForm({ id, profile }, Buffer.from('%PDF-1.4 not an image at all'), 'photo.jpg'),
        ),
        null,
      ],
      [await a.client.upload('/api/chat-photo.php', photoForm({ id, profile }, null)), 'photo'],
      [await a.client.upload('/api/chat-photo.php', photoForm({ id: 'not-a-uuid', profile }, await phonePhoto())), 'id'],
      [await a.client.upload('/api/chat-photo.php', photoForm({ id }, await phonePhoto())), 'profile'],
    ] as const) {
      expect(res.status).toBe(400);
      expect(expectShape(ErrorBody, res).error.code).toBe('bad_request');
      if (field) expect(Object.keys(res.body.error.fields ?? {})).toContain(field);
    }
    expect((await a.client.post('/api/chat-photo.php', { id, profile: b.id })).status).toBe(415);
    const visitor = await new Client(server.url).upload('/api/chat-photo.php', photoForm({ id, profile }, await phonePhoto()));
    expect(visitor.status).toBe(403);
    expect(visitor.body.error.code).toBe('authentication_required');
    await setUser(a.id, { credits: 5 });
    const poor = await a.client.upload('/api/chat-photo.php', photoForm({ id, profile }, await phonePhoto()));
    expect(poor.status).toBe(402);
    expect(expectShape(ErrorBody, poor).error.code).toBe('not_enough_credits');
    expect(await debitsOf(id)).toEqual([]);
  });
});
