// The time bonus and discounts in the browser (spec 2, 4, 9): the banner's countdown from about 04:00:00,
// the same in two tabs and on a device whose clock is wrong, the 40 s popup at 0 credits and its dismissal, the
// discounted price charged, and no bonus once the member paid.
import { expect, test, type Page } from '@playwright/test';
import { credits, findMember, SANNE, sendMessage, signup } from './support.ts';

const BANNER = 'Your time bonus: 25% off';

/** Seconds left on the time-bonus banner of `page` ("… for 03:59:12"). */
async function bannerSeconds(page: Page): Promise<number> {
  const text = await page.getByRole('region', { name: BANNER }).innerText();
  const [h, m, s] = text
    .match(/(\d\d):(\d\d):(\d\d)/)!
    .slice(1)
    .map(Number);
  return h * 3600 + m * 60 + s;
}

/** When the banner of `page` says the bonus ends, by the test's clock (ms): now + the seconds it shows. */
async function bannerEnd(page: Page): Promise<number> {
  const seconds = await bannerSeconds(page);
  return Date.now() + seconds * 1000;
}

/** A new member who spent the 50 signup credits on 5 messages to Sanne (0 credits). */
async function brokeMember(page: Page): Promise<void> {
  await signup(page.request);
  const sanne = await findMember(page.request, SANNE.name, SANNE.age);
  for (let i = 0; i < 5; i++) await sendMessage(page.request, sanne, `Hello ${i + 1}`);
  expect(await credits(page.request)).toBe(0);
}

test("a new member's time bonus counts down from 04:00:00, the same in two tabs and on a device whose clock is 10 minutes fast", async ({
  page,
  browser,
}) => {
  await signup(page.request);
  await page.goto('/members');
  const first = await bannerSeconds(page);
  expect(first).toBeGreaterThan(14400 - 120);
  expect(first).toBeLessThanOrEqual(14400);
  await expect(page.getByRole('region', { name: BANNER })).toContainText(/Time bonus: 25% off your credits for 0[34]:\d\d:\d\d/);

  const second = await page.context().newPage();
  await second.goto('/chats');
  const skewed = await browser.newContext({ storageState: await page.context().storageState() });
  const fast = await skewed.newPage();
  await fast.clock.install({ time: Date.now() + 600_000 });
  await fast.goto('/likes');
  // Each tab shows the same end within the second it ticks and the time a read takes; the fast clock is corrected.
  const [a, b, c] = [await bannerEnd(page), await bannerEnd(second), await bannerEnd(fast)];
  expect(Math.abs(a - b)).toBeLessThanOrEqual(3000);
  expect(Math.abs(a - c)).toBeLessThanOrEqual(3000);
  // It ticks once a second.
  const before = await bannerSeconds(page);
  await expect.poll(() => bannerSeconds(page), { timeout: 5000 }).toBeLessThan(before);
  await skewed.close();
});

test('at 0 credits the popup opens 40 s into the members area, is cancelled by leaving it, and stays closed once closed', async ({
  page,
}) => {
  await brokeMember(page);
  // The site's welcome like (auto-like, 15 s into the members area) opens its own modal: not this test's subject.
  await page.route('**/api/auto-like.php', (route) => route.fulfill({ json: { profile: null } }));
  await page.clock.install();
  await page.goto('/members');
  await expect(page.getByRole('region', { name: BANNER })).toBeVisible();
  const popup = page.getByRole('dialog', { name: BANNER });

  // Left after 30 s: no popup; back in the area the 40 s start again.
  await page.clock.runFor(30_000);
  await page.getByRole('region', { name: BANNER }).getByRole('link', { name: 'Get 25% off' }).click();
  await expect(page).toHaveURL('/credits');
  await page.clock.runFor(15_000);
  await page.getByRole('link', { name: 'Search members' }).first().click();
  await expect(page).toHaveURL('/members');
  await page.clock.runFor(30_000);
  await expect(popup).toHaveCount(0);
  await page.clock.runFor(11_000);
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('Act fast: for the first 4 hours after you joined, every credit bundle costs 25% less.');
  await expect(popup.getByRole('link', { name: 'Buy credits with 25% off' })).toHaveAttribute('href', '/credits');

  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toHaveCount(0);
  expect(Number(await page.evaluate(() => localStorage.getItem('hide-time-bonus-modal')))).toBeGreaterThan(0);
  await page.reload();
  await expect(page.getByRole('region', { name: BANNER })).toBeVisible();
  await page.clock.runFor(60_000);
  await expect(popup).toHaveCount(0);
});

test('the price on /credits is 25 percent lower, the charged amount matches, and after paying the bonus is gone', async ({
  page,
}) => {
  await signup(page.request);
  await page.goto('/credits');
  await expect(page.getByRole('status').filter({ hasText: /TIMEBONUS25: 25% off, ends in 0[34]:/ })).toBeVisible();
  const bundle = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '100 credits' }) });
  await expect(bundle).toContainText('Was €14.99');
  await expect(bundle).toContainText('Now €11.24');

  await page.getByRole('textbox', { name: 'Discount code' }).fill('NOPE123');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Code not found')).toBeVisible();

  await bundle.getByRole('link', { name: 'Choose 100 credits' }).click();
  await page.getByRole('link', { name: 'iDEAL' }).click();
  await expect(page.getByText('Discount TIMEBONUS25 (25%)')).toBeVisible();
  await page.getByRole('button', { name: 'Pay €11.24' }).click();
  await expect(page.getByRole('heading', { name: /Pay €11\.24/ })).toBeVisible();
  await page.getByRole('button', { name: 'Pay (authorised)' }).click();
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  expect(await credits(page.request)).toBe(150);

  await page.goto('/members');
  await expect(page.getByRole('heading', { name: 'Search members' })).toBeVisible();
  await expect(page.getByRole('region', { name: BANNER })).toHaveCount(0);
  await page.goto('/credits');
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '100 credits' }) })).not.toContainText(
    'Was',
  );
  expect((await (await page.request.get('/api/discountcode.php')).json()).discount_code).toBeNull();
});
