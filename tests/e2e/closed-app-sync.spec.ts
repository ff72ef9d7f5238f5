// The service worker syncing while the app is closed (docs/pwa.md, "Sync while the app is closed"): a message
// written offline leaves on Background Sync with no page open and reaches the other member once, and Periodic
// Background Sync fills Dexie and the badge so the app reopened offline shows what arrived meanwhile; a like sent by
// the worker that makes a match is shown by the page that opens next. The events are fired through the DevTools
// protocol from a blank tab, which keeps the session while no app page is open.
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { appReady, findMember, login, LUCAS, SANNE, sendMessage, signup, waitForServiceWorker } from './support.ts';
import { serviceWorker, spyOnWorkerBadge, swRegistration } from './sw-support.ts';

/** The messages between the caller and member `profile` with text `text`, as the server stores them. */
async function storedWith(request: APIRequestContext, profile: number, text: string): Promise<number> {
  const res = await request.get('/api/messages.php', { params: { profile, limit: 100 } });
  expect(res.ok()).toBe(true);
  return ((await res.json()).messages as { text: string }[]).filter((m) => m.text === text).length;
}

/** Lucas logged in on a phone-sized context, a blank tab for the DevTools session, and Sanne's id. */
async function phoneOfLucas(context: BrowserContext): Promise<{ me: number; sanne: number; blank: Page; app: Page }> {
  const me = (await login(context.request, LUCAS)).id;
  const sanne = await findMember(context.request, SANNE.name, SANNE.age);
  const blank = await context.newPage();
  const app = await context.newPage();
  return { me, sanne, blank, app };
}

/** The windows of the app the service worker sees (0 once every app page is closed). */
async function appWindows(context: BrowserContext): Promise<number> {
  const worker = await serviceWorker(context);
  return worker.evaluate(async () => {
    const scope = self as unknown as { clients: { matchAll(o: { type: string }): Promise<unknown[]> } };
    return (await scope.clients.matchAll({ type: 'window' })).length;
  });
}

test('a message written offline leaves on Background Sync with every page closed, and arrives once', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const { me, sanne, blank, app } = await phoneOfLucas(context);
  await app.goto(`/chats/${sanne}`);
  await waitForServiceWorker(app);
  const sw = await swRegistration(context, blank);

  await context.setOffline(true);
  const text = `written in the tunnel ${Date.now()}`;
  await app.getByRole('textbox', { name: 'Message' }).fill(text);
  await app.getByRole('button', { name: 'Send', exact: true }).click();
  const log = app.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(text)).toBeVisible();
  await expect(log.getByText('Waiting to send')).toBeVisible();
  await app.close();
  await expect.poll(() => appWindows(context)).toBe(0);

  await context.setOffline(false);
  await sw.backgroundSync('outbox');
  const sanneSide = await browser.newContext();
  await login(sanneSide.request, SANNE);
  await expect.poll(() => storedWith(sanneSide.request, me, text), { timeout: 30_000 }).toBe(1);

  // The app opened afterwards shows it sent, and its own sync sends nothing again.
  const reopened = await context.newPage();
  await reopened.goto(`/chats/${sanne}`);
  await expect(reopened.getByRole('log', { name: 'Messages' }).getByText(text)).toBeVisible();
  await expect(reopened.getByRole('log', { name: 'Messages' }).getByText('Waiting to send')).toHaveCount(0);
  expect(await storedWith(context.request, sanne, text)).toBe(1);
  expect(await storedWith(sanneSide.request, me, text)).toBe(1);
  await sanneSide.close();
  await context.close();
});

test('Periodic Background Sync with the app closed fills Dexie and the badge: the app reopened offline shows it', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const { me, sanne, blank, app } = await phoneOfLucas(context);
  await app.goto(`/chats/${sanne}`);
  await waitForServiceWorker(app);
  await expect(app.getByRole('log', { name: 'Messages' })).toBeVisible();
  const sw = await swRegistration(context, blank);
  await app.close();
  await expect.poll(() => appWindows(context)).toBe(0);

  const sanneSide = await browser.newContext();
  await login(sanneSide.request, SANNE);
  const text = `sent while the app was closed ${Date.now()}`;
  await sendMessage(sanneSide.request, me, text);
  await sanneSide.close();

  const badgeCalls = await spyOnWorkerBadge(await serviceWorker(context));
  await sw.periodicSync('refresh');
  await expect.poll(async () => (await badgeCalls()).some((n) => n > 0), { timeout: 30_000 }).toBe(true);

  // Offline, the reopened app can only show what the worker stored.
  await context.setOffline(true);
  const reopened = await context.newPage();
  await reopened.goto(`/chats/${sanne}`);
  await expect(reopened.getByRole('log', { name: 'Messages' }).getByText(text)).toBeVisible();
  await context.close();
});

test('a like sent on Background Sync with every page closed that makes a match shows the match when the app opens', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const me = await signup(context.request);
  // The other member liked this one first: the like this one writes offline makes the match.
  const other = await browser.newContext();
  const them = await signup(other.request);
  expect((await other.request.post('/api/like.php', { data: { profile: me.id } })).ok()).toBe(true);
  await other.close();
  // The site's welcome like (spec 2) would bring a modal of its own.
  await context.route('**/api/auto-like.php', (route) => route.fulfill({ json: { profile: null } }));
  const blank = await context.newPage();
  const app = await context.newPage();
  await app.goto(`/members/${them.id}`);
  await waitForServiceWorker(app);
  await appReady(app);
  const sw = await swRegistration(context, blank);

  await context.setOffline(true);
  await app.getByRole('button', { name: 'Like', exact: true }).click();
  // Queued in the outbox (shown liked at once, spec 4); the sync event below is fired by hand, tag or not.
  await expect(app.getByRole('button', { name: 'Liked' })).toBeVisible();
  await app.close();
  await expect.poll(() => appWindows(context)).toBe(0);

  await context.setOffline(false);
  await sw.backgroundSync('outbox');
  await expect
    .poll(
      async () => ((await (await context.request.get('/api/likes.php')).json()).profiles as { id: number }[]).map((p) => p.id),
      {
        timeout: 30_000,
      },
    )
    .toContain(them.id);

  // The page that opens next shows the match the worker's like made, once.
  const reopened = await context.newPage();
  await reopened.goto('/members');
  const match = reopened.getByRole('dialog', { name: "It's a match!" });
  await expect(match).toBeVisible();
  await match.getByRole('button', { name: 'Keep browsing' }).click();
  await expect(match).toBeHidden();
  await reopened.reload();
  await appReady(reopened);
  await expect(reopened.getByRole('dialog', { name: "It's a match!" })).toHaveCount(0);
  await context.close();
});
