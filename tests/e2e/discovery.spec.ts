// The swipe game, the like modal and the icebreaker in a real browser (spec 2: /swipe-game, like modal, icebreaker
// modal; spec 9: 4 likes per day).
import { expect, test, type Page } from '@playwright/test';
import { appReady, signup } from './support.ts';

/** Waits for the outbox to deliver the next swipe like and answers its status. */
const swipeLikeSent = (page: Page) =>
  page
    .waitForResponse(
      (r) =>
        r.url().endsWith('/api/like.php') && r.request().method() === 'POST' && r.request().postDataJSON()?.source === 'swipe',
    )
    .then((r) => r.status());

test('the swipe game: likes by button, arrow key and swipe; the 4th like and the refusal of the 5th', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signup(page.request);
  await page.goto('/swipe-game');
  await expect(page.getByRole('heading', { level: 1, name: 'Swipe game' })).toBeVisible();
  await expect(page.getByTestId('likes-left')).toHaveText('4 of 4 likes left today');
  const deck = page.getByRole('region', { name: 'Members to like or pass' });
  const likeButton = deck.getByRole('button', { name: /^Like / });
  const liked: string[] = [];
  const nameOnTop = async () => (await likeButton.getAttribute('aria-label'))!.replace(/^Like /, '');

  // 1: the button.
  liked.push(await nameOnTop());
  let sent = swipeLikeSent(page);
  await likeButton.click();
  expect(await sent).toBe(200);
  await expect(page.getByTestId('likes-left')).toHaveText('3 of 4 likes left today');

  // A pass by the left arrow: the next member, no like.
  const passed = await nameOnTop();
  await page.keyboard.press('ArrowLeft');
  await expect(likeButton).not.toHaveAttribute('aria-label', `Like ${passed}`);
  await expect(page.getByTestId('likes-left')).toHaveText('3 of 4 likes left today');

  // 2: the right arrow.
  liked.push(await nameOnTop());
  sent = swipeLikeSent(page);
  await page.keyboard.press('ArrowRight');
  expect(await sent).toBe(200);

  // 3: a swipe to the right (pointer drag past the threshold).
  liked.push(await nameOnTop());
  // The card in view first: a banner that came in above it (the push opt-in) may have let the last click scroll the
  // buttons into view and the card's middle out of it, where a drag would start on nothing.
  const card = page.getByTestId('swipe-card');
  await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await card.boundingBox())!;
  sent = swipeLikeSent(page);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 160, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  expect(await sent).toBe(200);
  await expect(page.getByTestId('likes-left')).toHaveText('1 of 4 likes left today');

  // 4: the last like of the day.
  liked.push(await nameOnTop());
  sent = swipeLikeSent(page);
  await likeButton.click();
  expect(await sent).toBe(200);
  await expect(page.getByTestId('likes-left')).toHaveText('0 of 4 likes left today');
  await expect(page.getByRole('status').filter({ hasText: "You've used today's likes" })).toContainText('Come back tomorrow');
  await expect(likeButton).toBeDisabled();

  // The 5th: the page offers none (arrow key ignored), and the server refuses one sent anyway.
  let extra = false;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/like.php')) extra = true;
  });
  await page.keyboard.press('ArrowRight');
  const top = await nameOnTop();
  const refused = await page.request.post('/api/like.php', {
    data: {
      profile: Number((await deck.getByRole('link', { name: 'View profile' }).getAttribute('href'))!.split('/').pop()),
      source: 'swipe',
    },
  });
  expect(refused.status()).toBe(429);
  expect((await refused.json()).error.code).toBe('swipe_limit');
  expect(extra).toBe(false);
  expect(await nameOnTop()).toBe(top);

  // The likes are ordinary likes: all four under My likes.
  await page.goto('/likes/my-likes');
  const list = page.getByRole('list', { name: 'My likes' });
  await expect(list.getByRole('listitem')).toHaveCount(4);
  for (const name of liked) await expect(list.getByRole('link', { name: new RegExp(`^${name},`) })).toBeVisible();
});

test('the like modal appears after ?t=60 seconds and the parameter leaves the URL', async ({ page }) => {
  await signup(page.request);
  // The fake clock runs freely while the app boots (a paused clock stalls it), so the test measures how much of
  // the delay the boot used, pauses, and steps over the deadline: the delay counts from the page's start (t0).
  // The minute also passes the site's welcome like (15 s) and the offers popup (40 s): their own modals, not under test.
  await page.route('**/api/auto-like.php', (route) => route.fulfill({ json: { profile: null } }));
  await page.clock.install();
  await page.addInitScript(() => {
    (window as unknown as { t0: number }).t0 = Date.now();
    for (const key of ['hide-time-bonus-modal', 'hide-welcome-bonus-modal']) localStorage.setItem(key, String(Date.now()));
  });
  await page.goto('/members?t=60');
  await expect(page.getByRole('heading', { level: 1, name: 'Search members' })).toBeVisible();
  await appReady(page);
  // The modal's timer lives in the layout's hosts, a chunk loaded after hydration: a paused clock fires no timer set
  // after its last step. The photo tip (a member without a photo) is drawn by the same chunk: once it shows, the
  // timer is set.
  await expect(page.getByRole('link', { name: 'Add a photo' })).toBeVisible();
  const { t0, now } = await page.evaluate(() => ({ t0: (window as unknown as { t0: number }).t0, now: Date.now() }));
  await page.clock.pauseAt(now + 5_000); // a margin: the clock runs on while this call travels
  const booted = now + 5_000 - t0;
  const dialog = page.getByRole('dialog', { name: 'Someone you might like' });
  await page.clock.runFor(59_500 - booted);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/[?&]t=60/);
  await page.clock.runFor(booted + 1_000);
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/members$/);
  const href = await dialog.getByRole('link', { name: 'View profile' }).getAttribute('href');
  expect(href).toMatch(/^\/members\/\d+$/);
  await dialog.getByRole('link', { name: 'View profile' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(href!);
});

test("the icebreaker offers opening lines from the member's interests for an empty conversation", async ({ page }) => {
  await signup(page.request);
  const { profiles } = (await (await page.request.get('/api/swipe-deck.php')).json()) as {
    profiles: { id: number; name: string; interests: string[] }[];
  };
  const member = profiles.find((p) => p.interests.length > 0)!;
  await page.goto(`/members/${member.id}/chat`);
  await page.getByRole('button', { name: 'Icebreakers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Break the ice' });
  const lines = dialog.getByRole('listitem');
  await expect(lines).toHaveCount(Math.min(3, member.interests.length) + 2);
  const first = (await lines.first().textContent())!.trim();
  expect(first.startsWith('I saw ')).toBe(true);
  await lines.first().getByRole('button').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(first);
});
