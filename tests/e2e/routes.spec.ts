// Spec 2's route table in the browser: every path opens a finished screen, never the 404 page, logged out
// and logged in, at 390 and 1280 px wide, without a JavaScript error on the console or a failed request.
import { expect, test, type Page } from '@playwright/test';
import { paths } from './route-paths.ts';
import { findMember, SANNE, sendMessage, signup } from './support.ts';

/** The widths every screen is checked at (px). */
const WIDTHS = [390, 1280] as const;

/** Opens every path on `page` and answers what went wrong: 404 pages, console errors, failed requests. */
async function walk(page: Page, list: string[]): Promise<string[]> {
  const problems: string[] = [];
  let current = '';
  page.on('console', (m) => {
    // A 4xx answer the screen handles (an expired link, a payment of someone else) is logged by Chromium too.
    if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(m.text()))
      problems.push(`${current}: console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${current}: page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    const reason = r.failure()?.errorText ?? '';
    // Requests a navigation cuts short (the live channel, a pending fetch) are not failures of the page.
    if (!/ERR_ABORTED|NS_BINDING_ABORTED/.test(reason)) problems.push(`${current}: request failed: ${r.url()} ${reason}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 500) problems.push(`${current}: ${r.status()} from ${r.url()}`);
  });
  for (const path of list) {
    current = path;
    // Opened at phone width, then looked at again on a desktop-wide window (the same page, laid out anew).
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      if (width === WIDTHS[0]) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
      }
      await expect(page.locator('main').first()).toBeVisible();
      if ((await page.getByText('This page could not be found').count()) > 0) problems.push(`${path} at ${width} px: 404 page`);
      if ((await page.locator('main').first().innerText()).trim().length < 20)
        problems.push(`${path} at ${width} px: empty screen`);
    }
  }
  return problems;
}

test('every route opens a screen for a visitor at 390 and 1280 px', async ({ page, request }) => {
  test.setTimeout(300_000);
  const member = await findMember(request, SANNE.name, SANNE.age);
  expect(await walk(page, paths(member, null))).toEqual([]);
});

test('every route opens a screen for a member at 390 and 1280 px', async ({ page }) => {
  test.setTimeout(300_000);
  await signup(page.request);
  const member = await findMember(page.request, SANNE.name, SANNE.age);
  await sendMessage(page.request, member, 'Hello from the route walk');
  const { v7 } = await import('uuid');
  const started = await page.request.post('/api/payment.php', { data: { id: v7(), bundle: 1, method: 'ideal' } });
  expect(started.ok()).toBe(true);
  const payment = (await started.json()).payment.id as string;
  expect(await walk(page, paths(member, payment))).toEqual([]);
});
