// The auto-like and the match / new-like modal in a real browser (spec 2: match / new-like modal; spec 4: auto-like):
// the welcome like of a new member, a like that arrives by the live channel, and a match.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { AUTO_LIKE_DELAY_MS } from '../../src/features/likes/auto-like.ts';
import { signup } from './support.ts';

/** A new member (signup helper: a hetero man in NL, activated) logged in on a page of its own. */
async function member(browser: Browser, viewport = { width: 390, height: 844 }) {
  const page = await (await browser.newContext({ viewport })).newPage();
  const { id } = await signup(page.request);
  const { user } = (await (await page.request.get('/api/user.php')).json()) as { user: { profile: { name: string } } };
  return { page, id, name: user.profile.name };
}

/** Opens /members and waits until the first sync (a snapshot) is in and the live channel is open. */
async function openMembers(page: Page) {
  const synced = page.waitForResponse((r) => r.url().includes('/api/sync.php') && r.ok());
  const live = page.waitForRequest((r) => r.url().includes('/api/events.php'));
  await page.goto('/members');
  await Promise.all([synced, live]);
}

test('a new member gets the welcome like: modal, View profile, and the liker in the likes', async ({ browser }) => {
  const a = await member(browser);
  await a.page.clock.install();
  await openMembers(a.page);

  const answer = a.page.waitForResponse((r) => r.url().endsWith('/api/auto-like.php'));
  const dialog = a.page.getByRole('dialog');
  // The timer starts once the page has settled in the members area: move the clock on until it has run.
  await expect(async () => {
    await a.page.clock.fastForward(AUTO_LIKE_DELAY_MS);
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const { profile } = (await (await answer).json()) as {
    profile: { id: number; card: { name: string; fictional: boolean }; main_image: { match: string } };
  };
  expect(profile.card.fictional).toBe(true);

  await expect(a.page.getByRole('dialog', { name: `${profile.card.name} likes you` })).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Fictional profile' })).toBeVisible();
  await expect(dialog.locator(`img[src="${profile.main_image.match}"]`)).toBeVisible();
  await dialog.getByRole('link', { name: 'View profile' }).click();
  await expect(dialog).toBeHidden();
  await expect(a.page).toHaveURL(`/likes/m/${profile.id}`);
  await expect(a.page.getByRole('heading', { level: 1, name: new RegExp(profile.card.name) })).toBeVisible();

  // The likes reloaded about 500 ms after the answer: /likes lists the liker, with no second modal.
  await a.page.getByRole('link', { name: /Back to likes/ }).click();
  await expect(
    a.page.getByRole('list', { name: 'Liked me' }).getByRole('link', { name: new RegExp(profile.card.name) }),
  ).toBeVisible();
  await a.page.clock.fastForward(AUTO_LIKE_DELAY_MS);
  await expect(dialog).toBeHidden();
});

test('a like made while the member has /members open shows the new-like modal at once (live channel)', async ({ browser }) => {
  const a = await member(browser, { width: 1280, height: 800 });
  const b = await member(browser);
  await openMembers(a.page);

  const like = await b.page.request.post('/api/like.php', { data: { profile: a.id } });
  expect(await like.json()).toEqual({ liked: true, match: false });

  const dialog = a.page.getByRole('dialog', { name: `${b.name} likes you` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Later' }).click();
  await expect(dialog).toBeHidden();
  await expect(a.page).toHaveURL('/members');
});

test('a like back of a member the user liked shows "It\'s a match!"', async ({ browser }) => {
  const a = await member(browser);
  const b = await member(browser);
  expect((await a.page.request.post('/api/like.php', { data: { profile: b.id } })).ok()).toBe(true);
  await openMembers(a.page);

  expect(await (await b.page.request.post('/api/like.php', { data: { profile: a.id } })).json()).toEqual({
    liked: true,
    match: true,
  });

  const dialog = a.page.getByRole('dialog', { name: "It's a match!" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(b.name);
  await dialog.getByRole('link', { name: 'Send message' }).click();
  await expect(a.page).toHaveURL(`/members/${b.id}/chat`);
});
