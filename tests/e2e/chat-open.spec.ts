// Opening a chat from the chat list (spec 2: /chats/:id reads Dexie): the first one after a load opens as fast as the
// next ones, and "Load earlier messages" shows only when there are earlier messages.
import { expect, test } from '@playwright/test';
import { appReady, sendMessage, signup } from './support.ts';

test('the first chat opened after a load needs no file it could have had before, and shows what Dexie holds', async ({
  page,
}) => {
  await signup(page.request);
  const { profiles } = (await (await page.request.get('/api/members.php')).json()) as { profiles: { id: number }[] };
  const other = profiles[0].id;
  for (const text of ['First words', 'Second words', 'Third words']) await sendMessage(page.request, other, text);
  await page.setViewportSize({ width: 390, height: 844 });
  const synced = page.waitForResponse((r) => r.url().includes('/api/sync.php') && r.ok());
  await page.goto('/chats');
  await appReady(page);
  await synced;
  // The list fetches the chat screen's files and texts when the browser is idle.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const names = performance.getEntriesByType('resource').map((e) => e.name);
        return ['chat-screen-', '/discovery-', '/pages-'].every((part) => names.some((n) => n.includes(part)));
      }),
    )
    .toBe(true);

  const fetched: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/assets/')) fetched.push(r.url());
  });
  // The newest page from the server is held back: what shows comes from Dexie.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/messages.php*', async (route) => {
    await held;
    await route.continue();
  });
  await page.locator(`a[href="/chats/${other}"]`).click();
  await expect(page.getByText('Third words', { exact: true })).toBeVisible();
  expect(fetched).toEqual([]);
  // Three messages are the whole conversation: nothing earlier to load, before the server's page and after it.
  await expect(page.getByRole('button', { name: 'Load earlier messages' })).toHaveCount(0);
  const answered = page.waitForResponse((r) => r.url().includes('/api/messages.php'));
  release();
  await answered;
  await expect(page.getByRole('button', { name: 'Load earlier messages' })).toHaveCount(0);
});

test('a new chat written offline and sent when back online offers no "Load earlier messages"', async ({ page, context }) => {
  await signup(page.request);
  const { profiles } = (await (await page.request.get('/api/members.php')).json()) as { profiles: { id: number }[] };
  const other = profiles[1].id;
  await page.goto(`/chats/${other}`);
  await appReady(page);
  const box = page.getByRole('textbox', { name: 'Message' });
  await expect(box).toBeVisible();
  await context.setOffline(true);
  for (const text of ['Offline one', 'Offline two', 'Offline three']) {
    await box.fill(text);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('log', { name: 'Messages' }).getByText(text, { exact: true })).toBeVisible();
  }
  const sent = page.waitForResponse((r) => r.url().includes('/api/message.php') && r.ok());
  // The send's guess that older messages might wait is settled by the conversation's newest page.
  const newestPage = page.waitForResponse((r) => r.url().includes('/api/messages.php'));
  await context.setOffline(false);
  await sent;
  await expect(page.getByRole('log', { name: 'Messages' }).getByText('Waiting to send')).toHaveCount(0);
  await newestPage;
  await expect(page.getByRole('button', { name: 'Load earlier messages' })).toHaveCount(0);
});
