// Accessibility gate: axe-core (WCAG 2.1 A and AA rules) on every screen a visitor and a member reach,
// once its content has loaded. Any violation fails, listed with the elements it names.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { appReady, sendMessage, signup } from './support.ts';

async function violations(page: Page): Promise<string[]> {
  // Colours are measured as painted: a modal still fading in blends its text with the page behind (a contrast of 4.3
  // where the finished modal has 4.5 or more). So axe looks once every finite animation and transition has ended.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const { violations: found } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return found.map(
    (v) =>
      `${v.id}: ${v.help} -> ${v.nodes
        .map((n) => `${n.target.join(' ')} (${n.any[0]?.message ?? ''})`)
        .slice(0, 5)
        .join(' | ')}`,
  );
}

/** Opens `path`, waits for its content (its main heading, or `ready`: not the splash), and runs axe. */
async function check(page: Page, path: string, ready = page.locator('main h1, main h2').first()): Promise<void> {
  await page.goto(path);
  await expect(ready).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violations(page), path).toEqual([]);
}

test('visitor screens have no axe violations', async ({ page }) => {
  for (const path of ['/', '/login', '/signup', '/reset-password', '/complaints', '/members', '/pricing', '/lang-config'])
    await check(page, path);
});

test('static pages have no axe violations', async ({ page }) => {
  for (const path of [
    '/pages/terms',
    '/pages/privacy',
    '/pages/cookies',
    '/pages/ban',
    '/pages/return-policy',
    '/pages/faq',
    '/pages/service',
    '/2257',
    '/no-such-page',
  ])
    await check(page, path);
});

test('landers and member landings have no axe violations', async ({ page }) => {
  const landers = [
    'tinderswipe',
    'alonetonight/amsterdam',
    'collagelanding',
    'gallery',
    'iconslanding',
    'maplanding',
    'socialnetwork',
    'transitionsvideolanding',
    'video',
  ];
  // The landers' photos must have loaded before axe looks (colour contrast over a photo, alt texts). A photo is named
  // by its alt ("Name, 34") or, beside a caption that names the member, has an empty one.
  for (const lander of landers)
    await check(page, `/landers/${lander}`, page.locator('main img[alt*=", "], main img[alt=""]').first());
  const res = await page.request.get('/api/lander.php');
  const { id } = (await res.json()).members[0] as { id: number };
  for (const path of ['landing', 'landing2', 'landing3', 'signup']) await check(page, `/members/${id}/${path}`);
});

test('member screens have no axe violations', async ({ page }) => {
  // Fifteen screens, each loaded and analysed: more than the default 90 s on a busy machine.
  test.slow();
  // A new member writing to a fictional one: the demo accounts other tests count on stay untouched.
  await signup(page.request);
  const { profiles } = (await (await page.request.get('/api/members.php')).json()) as { profiles: { id: number }[] };
  const other = profiles[0].id;
  await sendMessage(page.request, other, 'Hello from the accessibility test');
  for (const path of [
    '/members',
    `/members/${other}`,
    '/chats',
    '/likes',
    '/profile',
    '/settings',
    '/notifications',
    '/credits',
    '/credits/3',
    '/credits/3/ideal',
    '/premium',
    '/transactions',
    '/directdebit?bundle=1',
    '/dev/sms',
    '/complete-signup',
    '/signup-matches',
    '/lang-config',
  ])
    await check(page, path);
  await check(page, `/members/${other}/chat`, page.getByText('Hello from the accessibility test'));
});

test('discovery screens and modals have no axe violations', async ({ page }) => {
  test.setTimeout(150_000);
  await signup(page.request);
  await check(page, '/swipe-game', page.getByTestId('swipe-card'));
  await check(page, '/likes/matches');
  // The match finder's results, with their reasons.
  await page.goto('/match-finder');
  await appReady(page);
  await page.getByRole('checkbox', { name: 'Music' }).check({ force: true });
  await page.getByRole('button', { name: 'Find my matches' }).click();
  await expect(page.getByRole('heading', { name: 'Your best matches' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violations(page), 'match finder results').toEqual([]);

  // The icebreaker modal of an empty conversation.
  const { profiles } = (await (await page.request.get('/api/swipe-deck.php')).json()) as { profiles: { id: number }[] };
  await page.goto(`/members/${profiles[0].id}/chat`);
  await page.getByRole('button', { name: 'Icebreakers' }).click();
  await expect(page.getByRole('dialog', { name: 'Break the ice' })).toBeVisible();
  expect(await violations(page), 'icebreaker').toEqual([]);

  // The like modal (t=0: at once).
  await page.goto('/members?t=0');
  await expect(page.getByRole('dialog', { name: 'Someone you might like' })).toBeVisible();
  expect(await violations(page), 'like modal').toEqual([]);

  // The swipe game with no likes left today.
  for (const p of profiles.slice(0, 4))
    expect((await page.request.post('/api/like.php', { data: { profile: p.id, source: 'swipe' } })).ok()).toBe(true);
  await check(page, '/swipe-game', page.getByText("You've used today's likes"));
});
