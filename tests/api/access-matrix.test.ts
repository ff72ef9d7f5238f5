// Access matrix: every member resource the API names by id or returns, against its owner, another member,
// a member the owner blocked, and a visitor. Each cell has its expected status; no answer to anyone but the owner
// may carry the owner's private data, and after every foreign call the owner's data is unchanged.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { conversationMembers, messages, photos, pushSubscriptions, storedCards, users } from '../../server/db/schema.ts';
import { activeMember, Client, newId, startServer, type TestServer } from './harness.ts';

type Actor = 'owner' | 'other' | 'blocked' | 'visitor';
const ACTORS: Actor[] = ['owner', 'other', 'blocked', 'visitor'];

let server: TestServer;
let clients: Record<Actor, Client>;
/** The owner's private facts: no answer to another actor may contain any of them. */
let secrets: string[];
let ids: {
  owner: number;
  partner: number;
  conversation: number;
  photo: number;
  photoKey: string;
  endpoint: string;
  payment: string;
  card: number;
};
/** A small PNG: the file of the photo uploads. */
let png: Buffer;

/** The multipart body of a chat photo to member `profile` under a fresh id. */
function chatPhotoTo(profile: number): FormData {
  const form = new FormData();
  form.append('id', newId());
  form.append('profile', String(profile));
  form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'chat.png');
  return form;
}

beforeAll(async () => {
  server = await startServer(0);
  const [owner, partner, other, blocked] = await Promise.all([0, 1, 2, 3].map(() => activeMember(server)));
  clients = { owner: owner.client, other: other.client, blocked: blocked.client, visitor: new Client(server.url) };
  const secretText = `secret-${newId()}`;
  await owner.client.post('/api/message.php', { id: newId(), profile: partner.id, text: secretText });
  await partner.client.post('/api/message.php', { id: newId(), profile: owner.id, text: `reply-${secretText}` });
  await partner.client.post('/api/like.php', { profile: owner.id });
  await owner.client.post('/api/block.php', { profile: blocked.id });
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  // The photo the owner sent the partner in full: only the owner (and a premium partner) may get its URL.
  const chatPhoto = (await owner.client.upload('/api/chat-photo.php', chatPhotoTo(partner.id))).body.message.photo as {
    url: string;
    locked: boolean;
  };
  expect(chatPhoto.locked).toBe(false);
  // Enough credits for every paid cell of the other actors (a message, a gift and a photo).
  for (const m of [other, blocked]) await server.db.update(users).set({ credits: 500 }).where(eq(users.id, m.id));
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  const uploaded = (await owner.client.upload('/api/photos.php', form)).body.photos[0];
  const [{ conversationId }] = await server.db.select().from(conversationMembers).where(eq(conversationMembers.userId, owner.id));
  // A closed local port: the pushes the "write to the owner" cell causes fail at once, without leaving the machine.
  const endpoint = `http://127.0.0.1:9/push/${newId()}`;
  await server.db.insert(pushSubscriptions).values({ userId: owner.id, endpoint, p256dh: 'BOwnerKey', auth: 'owner-auth' });
  const photoKey = new URL(uploaded.url, server.url).pathname;
  // A pending payment of the owner's: its id is a secret too (it names the checkout).
  const payment = newId();
  expect((await owner.client.post('/api/payment.php', { id: payment, bundle: 1, method: 'visa' })).status).toBe(200);
  // The owner's exact position: stored snapped to the grid, so no answer (not even the owner's) may carry it.
  const own = (await owner.client.get('/api/profile.php')).body as { profile: Record<string, unknown> };
  const { id: _id, region_name: _rn, located: _l, ...fields } = own.profile;
  expect((await owner.client.put('/api/profile.php', { ...fields, location: { lat: 52.3731234, lon: 4.8923456 } })).status).toBe(
    200,
  );
  // A card the owner stored: its token never leaves the server, its id names it for removal.
  const cardToken = `TK-${newId()}`;
  const [card] = await server.db
    .insert(storedCards)
    .values({ userId: owner.id, token: cardToken, method: 'visa', last4: '1111', expiryMonth: 3, expiryYear: 2030 })
    .returning();
  ids = {
    owner: owner.id,
    partner: partner.id,
    conversation: conversationId,
    photo: uploaded.id,
    photoKey,
    endpoint,
    payment,
    card: card.id,
  };
  // The main photo is public on the profile (spec 1), so its URL is not among the secrets.
  secrets = [
    secretText,
    `reply-${secretText}`,
    owner.email,
    endpoint,
    payment,
    cardToken,
    '52.373123',
    '4.892345',
    chatPhoto.url.replace(/\.webp$/, ''),
  ];
}, 120_000);
afterAll(() => server.close());

/** One resource call, and the status each actor gets. `null`: the actor's own (empty) view, checked for leaks. */
interface Cell {
  name: string;
  call: (c: Client) => Promise<{ status: number; body: unknown }>;
  expect: Record<Actor, number>;
}

const cells = (): Cell[] => [
  {
    name: 'conversation list',
    call: (c) => c.get('/api/chats.php'),
    expect: { owner: 200, other: 200, blocked: 200, visitor: 403 },
  },
  {
    name: 'messages with the partner',
    call: (c) => c.get(`/api/messages.php?profile=${ids.partner}`),
    expect: { owner: 200, other: 200, blocked: 200, visitor: 403 },
  },
  { name: 'sync snapshot', call: (c) => c.get('/api/sync.php'), expect: { owner: 200, other: 200, blocked: 200, visitor: 403 } },
  {
    name: 'mark the conversation read',
    call: (c) => c.post('/api/chat-read.php', { conversation: { id: ids.conversation } }),
    expect: { owner: 200, other: 404, blocked: 404, visitor: 403 },
  },
  {
    name: 'reading mark on the conversation',
    call: (c) => c.post('/api/reading.php', { conversation_id: ids.conversation }),
    expect: { owner: 200, other: 404, blocked: 404, visitor: 403 },
  },
  { name: 'own photos', call: (c) => c.get('/api/photos.php'), expect: { owner: 200, other: 200, blocked: 200, visitor: 403 } },
  {
    name: "reorder the owner's photo",
    call: (c) => c.put('/api/photos.php', { order: [ids.photo] }),
    expect: { owner: 200, other: 400, blocked: 400, visitor: 403 },
  },
  { name: 'likes', call: (c) => c.get('/api/likes.php'), expect: { owner: 200, other: 200, blocked: 200, visitor: 403 } },
  {
    name: 'swipe deck',
    call: (c) => c.get('/api/swipe-deck.php'),
    expect: { owner: 200, other: 200, blocked: 200, visitor: 403 },
  },
  {
    name: 'match finder',
    call: (c) => c.get('/api/match-finder.php?gender=male&min_age=18&max_age=99&distance=any'),
    expect: { owner: 200, other: 200, blocked: 200, visitor: 403 },
  },
  {
    name: 'blocked members',
    call: (c) => c.get('/api/blocks.php'),
    expect: { owner: 200, other: 200, blocked: 200, visitor: 403 },
  },
  {
    name: 'notification settings',
    call: (c) => c.get('/api/notifications.php'),
    expect: { owner: 200, other: 200, blocked: 200, visitor: 403 },
  },
  { name: 'own profile', call: (c) => c.get('/api/profile.php'), expect: { owner: 200, other: 200, blocked: 200, visitor: 403 } },
  { name: 'the user call', call: (c) => c.get('/api/user.php'), expect: { owner: 200, other: 200, blocked: 200, visitor: 200 } },
  {
    name: "the owner's profile",
    call: (c) => c.get(`/api/member.php?id=${ids.owner}`),
    expect: { owner: 200, other: 200, blocked: 403, visitor: 200 },
  },
  {
    name: 'members similar to the owner',
    call: (c) => c.get(`/api/similar.php?id=${ids.owner}`),
    expect: { owner: 200, other: 200, blocked: 403, visitor: 200 },
  },
  {
    name: 'send the owner a gift',
    call: (c) => c.post('/api/gift.php', { id: newId(), profile: ids.owner, gift: 'rose' }),
    expect: { owner: 404, other: 200, blocked: 403, visitor: 403 },
  },
  {
    name: 'send the owner a photo',
    call: (c) => c.upload('/api/chat-photo.php', chatPhotoTo(ids.owner)),
    expect: { owner: 404, other: 200, blocked: 403, visitor: 403 },
  },
  {
    name: 'write to the owner',
    call: (c) => c.post('/api/message.php', { id: newId(), profile: ids.owner, text: 'hello' }),
    expect: { owner: 404, other: 200, blocked: 403, visitor: 403 },
  },
  {
    name: "the owner's payment",
    call: (c) => c.get(`/api/payment.php?id=${ids.payment}`),
    expect: { owner: 200, other: 404, blocked: 404, visitor: 403 },
  },
  {
    name: 'transactions',
    call: (c) => c.get('/api/transactions.php'),
    expect: { owner: 200, other: 200, blocked: 200, visitor: 403 },
  },
  {
    name: "pay under the owner's payment id",
    call: (c) => c.post('/api/payment.php', { id: ids.payment, bundle: 1, method: 'visa' }),
    expect: { owner: 200, other: 409, blocked: 409, visitor: 403 },
  },
  { name: 'data export', call: (c) => exportOf(c), expect: { owner: 200, other: 200, blocked: 200, visitor: 403 } },
  {
    name: 'stored cards',
    call: (c) => c.get('/api/stored-cards.php'),
    expect: { owner: 200, other: 200, blocked: 200, visitor: 403 },
  },
  // Destructive calls last: for the foreign actors they must change nothing.
  {
    name: "delete the owner's photo",
    call: (c) => c.del('/api/photos.php', { id: ids.photo }),
    expect: { owner: 0, other: 404, blocked: 404, visitor: 403 },
  },
  {
    name: 'delete the conversation',
    call: (c) => c.del('/api/chat.php', { conversation: { id: ids.conversation } }),
    expect: { owner: 0, other: 404, blocked: 404, visitor: 403 },
  },
  {
    name: "remove the owner's stored card",
    call: (c) => c.post('/api/stored-card-remove.php', { id: ids.card }),
    expect: { owner: 0, other: 404, blocked: 404, visitor: 403 },
  },
  {
    name: "remove the owner's push subscription",
    call: (c) => c.del('/api/user.php?push=1', { endpoint: ids.endpoint }),
    expect: { owner: 0, other: 200, blocked: 200, visitor: 403 },
  },
];

/** The export as text: the JSON files of the zip joined (a leak check reads them all). */
async function exportOf(c: Client): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${server.url}/api/export.php`, { headers: c.cookie ? { cookie: c.cookie } : {} });
  if (res.headers.get('content-type') !== 'application/zip') return { status: res.status, body: await res.json() };
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  return {
    status: res.status,
    body: Object.entries(files)
      .filter(([n]) => n.endsWith('.json'))
      .map(([, b]) => strFromU8(b))
      .join('\n'),
  };
}

describe('access matrix', () => {
  it("answers each actor as expected and never shows the owner's private data to anyone else", async () => {
    const table: string[] = [];
    const leaks: string[] = [];
    for (const cell of cells()) {
      const row: string[] = [];
      for (const actor of ACTORS) {
        // 0: the owner's own destructive call is not part of the matrix (it would remove the data under test).
        if (cell.expect[actor] === 0) {
          row.push(`${actor} -`);
          continue;
        }
        const { status, body } = await cell.call(clients[actor]);
        row.push(`${actor} ${status}`);
        expect(status, `${cell.name} as ${actor}: ${JSON.stringify(body).slice(0, 200)}`).toBe(cell.expect[actor]);
        if (actor !== 'owner') {
          const text = typeof body === 'string' ? body : JSON.stringify(body);
          for (const s of secrets) if (text.includes(s)) leaks.push(`${cell.name} as ${actor} shows ${s}`);
        }
      }
      table.push(`${cell.name}: ${row.join(', ')}`);
    }
    console.log(`access matrix:\n  ${table.join('\n  ')}`);
    expect(leaks).toEqual([]);

    // The owner's data is all still there.
    expect(await server.db.select().from(photos).where(eq(photos.id, ids.photo))).toHaveLength(1);
    expect(await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, ids.endpoint))).toHaveLength(1);
    expect(await server.db.select().from(storedCards).where(eq(storedCards.id, ids.card))).toHaveLength(1);
    const texts = (await server.db.select().from(messages).where(eq(messages.conversationId, ids.conversation))).map(
      (m) => m.text,
    );
    expect(texts.some((t) => t.startsWith('secret-'))).toBe(true);
    const own = (await clients.owner.get('/api/chats.php')).body as { chats: { profile: { id: number } }[] };
    expect(own.chats.map((c) => c.profile.id)).toContain(ids.partner);
    // The owner's own view does show the data (the leak check can fail).
    expect(JSON.stringify((await clients.owner.get(`/api/messages.php?profile=${ids.partner}`)).body)).toContain(secrets[0]);
    expect(JSON.stringify((await clients.owner.get('/api/photos.php')).body)).toContain(ids.photoKey);
    expect((await clients.owner.get('/api/stored-cards.php')).body).toMatchObject({ cards: [{ id: ids.card, last4: '1111' }] });
  });
});
