// In the real browser: a Web Push is stored in Dexie by the service worker, badges from that count, always
// shows a notification and wakes the open page; a notification click takes the open window to the conversation;
// and the live channel brings a message into an open chat within a second, with no polling.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { findMember, login, SANNE, sendMessage, signup, waitForServiceWorker } from './support.ts';
import { serviceWorker, shownNotifications, spyOnWorkerBadge, swRegistration } from './sw-support.ts';

interface Chat {
  conversation: { id: number };
  profile: { id: number; name: string; photo: { thumb_url: string } | null };
  last_message: { seq: number; text: string } | null;
}

/** The push payload (contract/push.ts) the server sends `me` for the newest message of their chat with `peerId`. */
async function messagePayload(request: APIRequestContext, meId: number, peerId: number) {
  const chats = (await (await request.get('/api/sync.php')).json()).chats as Chat[];
  const chat = chats.find((c) => c.profile.id === peerId)!;
  const messages = (await (await request.get('/api/messages.php', { params: { profile: peerId } })).json()).messages as {
    seq: number;
  }[];
  const last = chat.last_message!;
  return {
    kind: 'message',
    recipient_id: meId,
    conversation_id: chat.conversation.id,
    sender: { id: peerId, name: chat.profile.name, thumb_url: chat.profile.photo?.thumb_url ?? null },
    title: chat.profile.name,
    body: last.text,
    url: `/chats/${peerId}`,
    totals: { unread: 1, new_likes: 0 },
    chat,
    previous_seq: messages.filter((m) => m.seq < last.seq).at(-1)?.seq ?? null,
  };
}

test('a push is stored in Dexie by the service worker, badges from it and notifies; a click opens the conversation', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.grantPermissions(['notifications']);
  const me = await signup(context.request);
  const sanneId = await findMember(context.request, SANNE.name, SANNE.age);
  await sendMessage(context.request, sanneId, 'Hi Sanne');
  const page = await context.newPage();
  await page.goto('/chats');
  await waitForServiceWorker(page);
  await expect(page.getByRole('link', { name: /Sanne/ })).toBeVisible();
  const sw = await swRegistration(context, page);
  const badgeCalls = await spyOnWorkerBadge(await serviceWorker(context));

  const sanne = await browser.newContext();
  await login(sanne.request, SANNE);
  await sendMessage(sanne.request, me.id, 'Free tonight?');
  await sanne.close();
  const payload = await messagePayload(context.request, me.id, sanneId);
  expect(payload.previous_seq).not.toBeNull();

  // Offline: the page cannot sync, so what shows now is what the service worker wrote into Dexie.
  await context.setOffline(true);
  await sw.push(payload);
  await expect(page.getByRole('link', { name: /Sanne/ })).toContainText('Free tonight?');
  await expect.poll(badgeCalls).toEqual([1]);
  await expect(page).toHaveTitle(/^\(1\) /);
  const [shown, ...others] = await shownNotifications(page);
  expect(others).toEqual([]);
  expect(shown).toMatchObject({
    title: 'Sanne',
    body: 'Free tonight?',
    tag: `conversation-${payload.conversation_id}`,
    data: { url: `/chats/${sanneId}` },
  });
  if (payload.sender.thumb_url) expect(shown.icon).toContain(payload.sender.thumb_url);

  // Online again, a push wakes the open page's sync.
  await context.setOffline(false);
  const synced = page.waitForRequest((r) => r.url().includes('/api/sync.php'));
  await sw.push(payload);
  await synced;
  // The same conversation's notification was replaced, not stacked (tag per conversation).
  expect(await shownNotifications(page)).toHaveLength(1);

  // A click (dispatched in the worker: headless Chromium cannot click a notification) focuses this window and
  // navigates it to the conversation, which shows the message.
  const worker = await serviceWorker(context);
  await worker.evaluate(async () => {
    // Worker globals, typed here because this file compiles with the DOM library.
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [n] = await scope.registration.getNotifications();
    self.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: n }));
  });
  await expect(page).toHaveURL(new RegExp(`/chats/${sanneId}$`));
  await expect(page.getByRole('log', { name: 'Messages' }).getByText('Free tonight?')).toBeVisible();
  expect(context.pages()).toHaveLength(1);
  await expect.poll(() => shownNotifications(page)).toEqual([]);
  await context.close();
});

test('a push for another member than the one logged in shows only the generic notification and stores nothing', async ({
  browser,
}) => {
  const context = await browser.newContext();
  await context.grantPermissions(['notifications']);
  const me = await signup(context.request);
  const page = await context.newPage();
  await page.goto('/chats');
  await waitForServiceWorker(page);
  await expect(page.getByRole('heading', { name: 'No conversations yet' })).toBeVisible();
  const sw = await swRegistration(context, page);
  const chat = {
    conversation: { id: 999_999, last_message_at: '2026-11-21T10:00:00.000Z' },
    profile: {
      id: 5,
      name: 'Someone',
      age: 30,
      gender: 'female',
      country: 'NL',
      region: '',
      city: '',
      fictional: false,
      online: false,
      photo: null,
    },
    num_unread_messages: 1,
    peer_read_seq: 0,
    last_message: {
      id: '0190b3a0-0000-7000-8000-000000000001',
      conversation_id: 999_999,
      sender_id: 5,
      text: 'Private words',
      created_at: '2026-11-21T10:00:00.000Z',
      seq: 1,
      read: false,
    },
  };
  await sw.push({
    kind: 'message',
    recipient_id: me.id + 1,
    conversation_id: 999_999,
    sender: { id: 5, name: 'Someone', thumb_url: null },
    title: 'Someone',
    body: 'Private words',
    url: '/chats/5',
    totals: { unread: 1, new_likes: 0 },
    chat,
    previous_seq: null,
  });
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      expect.objectContaining({ title: 'Something new for you', body: 'Open the app to see your new messages and likes.' }),
    ]);
  await expect(page.getByRole('heading', { name: 'No conversations yet' })).toBeVisible();
  await expect(page.getByText('Private words')).toHaveCount(0);
  await context.close();
});

test("the live channel shows a message in the other member's open chat within a second, with no polling", async ({ browser }) => {
  const meContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const me = await signup(meContext.request);
  const sanneId = await findMember(meContext.request, SANNE.name, SANNE.age);
  await sendMessage(meContext.request, sanneId, 'Hello from the live test');
  const mine = await meContext.newPage();
  const sanneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await login(sanneContext.request, SANNE);
  const hers = await sanneContext.newPage();
  try {
    const streams: string[] = [];
    mine.on('request', (r) => {
      if (r.url().includes('/api/events.php')) streams.push(r.url());
    });
    await mine.goto(`/chats/${sanneId}`);
    await expect(mine.getByRole('log', { name: 'Messages' }).getByText('Hello from the live test')).toBeVisible();
    await hers.goto(`/chats/${me.id}`);
    await expect(hers.getByRole('log', { name: 'Messages' }).getByText('Hello from the live test')).toBeVisible();
    // The chat arrives drawn by the server: the message shows before the app has started and opened its channel.
    await expect.poll(() => streams.length).toBeGreaterThan(0);

    // Past the start-up syncs, nothing polls: six quiet seconds without one sync call.
    await mine.waitForTimeout(7_000);
    const polls: number[] = [];
    mine.on('request', (r) => {
      if (r.url().includes('/api/sync.php')) polls.push(Date.now());
    });
    await mine.waitForTimeout(6_000);
    expect(polls).toEqual([]);

    const text = `Live ${Date.now()}`;
    await mine.evaluate((wanted) => {
      const w = window as unknown as { seenAt?: number };
      const observer = new MutationObserver(() => {
        if (document.querySelector('[role="log"]')?.textContent?.includes(wanted)) {
          w.seenAt = Date.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    }, text);
    await hers.getByRole('textbox', { name: 'Message' }).fill(text);
    const sentAt = Date.now();
    await hers.getByRole('button', { name: 'Send', exact: true }).click();
    const seenAt = await (
      await mine.waitForFunction(() => (window as unknown as { seenAt?: number }).seenAt, undefined, { timeout: 10_000 })
    ).jsonValue();
    expect(seenAt! - sentAt).toBeLessThan(1_000);
  } finally {
    await meContext.close();
    await sanneContext.close();
  }
});

test('a like that comes by push while the page is open still gets the new-like modal', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['notifications']);
  const me = await signup(context.request);
  const page = await context.newPage();
  // No live channel: only the push can tell this page of the like.
  await page.route('**/api/events.php*', (route) => route.abort());
  const synced = page.waitForResponse((r) => r.url().includes('/api/sync.php') && r.ok());
  await page.goto('/members');
  await synced;
  await waitForServiceWorker(page);
  const sw = await swRegistration(context, page);

  const liker = await browser.newContext();
  await signup(liker.request);
  expect((await (await liker.request.post('/api/like.php', { data: { profile: me.id } })).json()).match).toBe(false);
  await liker.close();
  const [likedBy] = (await (await context.request.get('/api/likes.php')).json()).liked_by as {
    id: number;
    name: string;
    photo: { thumb_url: string } | null;
  }[];
  await sw.push({
    kind: 'like',
    recipient_id: me.id,
    profile_id: likedBy.id,
    sender: { id: likedBy.id, name: likedBy.name, thumb_url: likedBy.photo?.thumb_url ?? null },
    title: `${likedBy.name} likes you`,
    body: 'Like them back to start chatting.',
    url: '/likes',
    totals: { unread: 0, new_likes: 1 },
    liked_by: likedBy,
  });
  // The worker stored the like before the page synced, so the sync finds nothing new: the worker's message names it.
  await expect(page.getByRole('dialog', { name: `${likedBy.name} likes you` })).toBeVisible();
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([expect.objectContaining({ title: `${likedBy.name} likes you`, tag: 'likes' })]);
  await context.close();
});
