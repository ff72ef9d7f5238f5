// Offline-first in the real browser with the real service worker (issue: offline-first PWA): chats read from
// Dexie with the network cut, messages written across offline/online flaps delivered exactly once and in order,
// and a push delivered through the DevTools protocol making the open page sync and set the app badge.
import { expect, test } from '@playwright/test';
import { credits, findMember, login, LUCAS, SANNE, sendMessage, signup, waitForServiceWorker } from './support.ts';
import { swRegistration } from './sw-support.ts';

test('a reload offline shows the chat list and an opened conversation from Dexie', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const me = await signup(context.request);
  const sanneId = await findMember(context.request, SANNE.name, SANNE.age);
  await sendMessage(context.request, sanneId, 'Hello from before the tunnel');

  const sanne = await browser.newContext();
  await login(sanne.request, SANNE);
  await sendMessage(sanne.request, me.id, 'Welcome! Reply when you can.');
  await sanne.close();

  await page.goto('/chats');
  await waitForServiceWorker(page);
  await expect(page.getByRole('link', { name: /Sanne/ })).toBeVisible();
  await page.getByRole('link', { name: /Sanne/ }).click();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('Welcome! Reply when you can.')).toBeVisible();

  await context.setOffline(true);
  await page.goto('/chats');
  await expect(page.getByRole('link', { name: /Sanne/ })).toBeVisible();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /offline/i })
      .first(),
  ).toBeVisible();
  await page.reload();
  await page.getByRole('link', { name: /Sanne/ }).click();
  await expect(log.getByText('Welcome! Reply when you can.')).toBeVisible();
  await context.close();
});

test('20 messages written across 10 offline/online flaps reach the server once each, in order', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await login(context.request, LUCAS);
  const peer = await findMember(context.request, SANNE.name, SANNE.age);
  const start = await credits(context.request);
  const cost = 10; // the default site's message_credits; NL has no higher minimum (server/seed/site.ts)

  await page.goto(`/chats/${peer}`);
  await waitForServiceWorker(page);
  const box = page.getByRole('textbox', { name: 'Message' });
  const texts: string[] = [];
  for (let flap = 0; flap < 10; flap++) {
    await context.setOffline(true);
    for (let k = 0; k < 2; k++) {
      const text = `flap ${flap} message ${k} ${Date.now()}`;
      texts.push(text);
      await box.fill(text);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(page.getByRole('log', { name: 'Messages' }).getByText(text)).toBeVisible();
    }
    await context.setOffline(false);
    // Sometimes let a delivery start, sometimes cut it at once.
    await page.waitForTimeout(flap % 3 === 0 ? 50 : 400);
  }
  // Every message leaves the pending state once the outbox is drained.
  await expect(page.getByRole('log', { name: 'Messages' }).getByText('Waiting to send')).toHaveCount(0, { timeout: 60_000 });

  const res = await context.request.get('/api/messages.php', { params: { profile: peer, limit: 100 } });
  const stored = ((await res.json()).messages as { text: string }[]).map((m) => m.text).filter((t) => texts.includes(t));
  expect(stored).toEqual(texts);
  expect(await credits(context.request)).toBe(start - texts.length * cost);
  await context.close();
});

test('a push through the DevTools protocol makes the open page sync and set the app badge', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.grantPermissions(['notifications']);
  // setAppBadge does nothing visible headless: record its calls.
  await context.addInitScript(() => {
    const calls: number[] = [];
    (window as unknown as { badgeCalls: number[] }).badgeCalls = calls;
    Object.defineProperty(navigator, 'setAppBadge', {
      value: (n?: number) => {
        calls.push(n ?? 0);
        return Promise.resolve();
      },
      configurable: true,
    });
    Object.defineProperty(navigator, 'clearAppBadge', {
      value: () => {
        calls.push(0);
        return Promise.resolve();
      },
      configurable: true,
    });
  });
  const page = await context.newPage();
  const me = await signup(context.request);
  await page.goto('/chats');
  await waitForServiceWorker(page);
  await expect(page.getByRole('heading', { name: 'No conversations yet' })).toBeVisible();

  const sw = await swRegistration(context, page);

  // The member writes to Sanne (outside this page) and she answers; nothing polls within the next minute, so
  // only the push can bring the answer to the page now.
  const sanneId = await findMember(context.request, SANNE.name, SANNE.age);
  await sendMessage(context.request, sanneId, 'Hi Sanne');
  const sanne = await browser.newContext();
  await login(sanne.request, SANNE);
  await sendMessage(sanne.request, me.id, 'Are you there?');
  await sanne.close();

  await sw.push({ kind: 'message', title: 'Sanne', body: 'Are you there?' });
  await expect(page.getByRole('link', { name: /Sanne/ })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Are you there?')).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { badgeCalls: number[] }).badgeCalls.at(-1))).toBe(1);
  await expect(page).toHaveTitle(/^\(1\) /);
  await context.close();
});

test("a first visit that loses the network before the page's parts have loaded keeps its screen, and loads them when back online", async ({
  page,
  context,
}) => {
  await signup(page.request);
  const sanneId = await findMember(page.request, SANNE.name, SANNE.age);
  // The offers service's chunk, a part every member page loads after hydration: its first request fails as the
  // network goes (before the service worker could precache it); later ones reach the server.
  let hit!: () => void;
  const requested = new Promise<void>((resolve) => (hit = resolve));
  let cut!: () => void;
  const offline = new Promise<void>((resolve) => (cut = resolve));
  let first = true;
  await page.route(/\/assets\/offers-service-[^/]+\.js$/, async (route) => {
    if (!first) return route.continue();
    first = false;
    hit();
    await offline;
    await route.abort('internetdisconnected');
  });
  await page.goto(`/chats/${sanneId}`);
  await requested;
  await context.setOffline(true);
  cut();

  // The screen stays, and works offline: the message waits in the outbox.
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Written in the tunnel');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('Written in the tunnel', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /An error occurred/ })).toHaveCount(0);

  // Back online: the part is loaded again, and the message leaves.
  const loaded = page.waitForResponse((r) => /\/assets\/offers-service-[^/]+\.js$/.test(r.url()) && r.ok());
  const sent = page.waitForResponse((r) => r.url().includes('/api/message.php') && r.ok());
  await context.setOffline(false);
  await loaded;
  await sent;
  await expect(log.getByText('Waiting to send')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /An error occurred/ })).toHaveCount(0);
});
