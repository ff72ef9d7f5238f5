// The 404 page (spec 8: "This page could not be found", with a link home) for a path no route knows, a profile id
// that is none and a member who does not exist: status 404 from the server, drawn by the server render, and the same
// page in the app, also in a browser whose service worker serves the precached shell, without console errors.
import { expect, test, type Page } from '@playwright/test';
import { appReady, login, SANNE, waitForServiceWorker } from './support.ts';

const PATHS = ['/no/such/page', '/members/abc', '/members/999999'];

/**
 * Collects the page's console errors and uncaught exceptions, but the browser's own note of a 404 answer (the page's,
 * or the member call of a page the server did not draw): the status the test wants, not a fault of the app.
 */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    const browserNote = /^Failed to load resource: the server responded with a status of 404\b/.test(m.text());
    if (m.type() === 'error' && !browserNote) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** The 404 page: its heading and its way home. */
async function expectNotFoundPage(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
}

test('unknown pages and missing members arrive as 404, drawn as the 404 page with scripts off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block' });
  const page = await context.newPage();
  const res = await page.goto('/no/such/page');
  expect(res!.status()).toBe(404);
  await expectNotFoundPage(page);
  // A visitor's profile pages may redirect to the login (the app decides): a member's are drawn.
  await login(context.request, SANNE);
  for (const path of PATHS) {
    const res = await page.goto(path);
    expect(res!.status(), path).toBe(404);
    await expectNotFoundPage(page);
  }
  await context.close();
});

test('the app shows the 404 page for them, for a visitor and a member, without console errors', async ({ page }) => {
  const errors = consoleErrors(page);
  for (const path of PATHS) {
    const res = await page.goto(path);
    expect(res!.status(), path).toBe(404);
    await appReady(page);
    await expectNotFoundPage(page);
  }
  await login(page.request, SANNE);
  for (const path of [...PATHS, '/likes/m/999999']) {
    const res = await page.goto(path);
    expect(res!.status(), path).toBe(404);
    await appReady(page);
    await expectNotFoundPage(page);
  }
  // Reached inside the app (no server render): the same page, and its link goes home.
  await page.goto('/members');
  await appReady(page);
  await page.evaluate(() => {
    history.pushState(null, '', '/members/abc');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expectNotFoundPage(page);
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/members$/);
  expect(errors).toEqual([]);
});

test('under the service worker (the precached shell, online or offline) the app still draws the 404 page', async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto('/');
  await waitForServiceWorker(page);
  await page.goto('/members/999999');
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await appReady(page);
  await expectNotFoundPage(page);
  expect(errors).toEqual([]);
});
