// The static pages of spec 2 in the real browser: each /pages/* opens with its heading, the footer's links and
// company block (spec 2, 9), the US-only footer (spec 1), the {token} route and its 404, and a page read once
// opening offline from the service worker's content-block cache.
import { expect, test } from '@playwright/test';
import { enteredBefore, visitorFrom, waitForServiceWorker } from './support.ts';

const PAGES: [path: string, heading: string][] = [
  ['/pages/terms', 'Terms and conditions'],
  ['/pages/privacy', 'Privacy policy'],
  ['/pages/cookies', 'Cookie policy'],
  ['/pages/ban', 'Access ban'],
  ['/pages/return-policy', 'Return policy'],
  ['/pages/faq', 'Frequently asked questions'],
  ['/pages/service', 'Customer service'],
];

test('each static page opens with its heading, and the legal ones with their version date', async ({ page }) => {
  for (const [path, heading] of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText('This page could not be found')).toHaveCount(0);
    await expect(page).toHaveTitle(new RegExp(`^${heading} - `));
  }
  await page.goto('/pages/terms');
  // Spec 9: the company was added on 2024-03-01 (server/seed/site.ts), after 2023-12-01T12:00:00Z.
  await expect(page.getByText(/^Version of/)).toHaveText('Version of March 1, 2024');
  await expect(page.locator('time')).toHaveAttribute('datetime', '2024-03-01T12:00:00.000Z');
  // A long text has a table of contents whose links reach its sections.
  const toc = page.getByRole('navigation', { name: 'On this page' });
  await toc.getByRole('link', { name: '5. Credits and payments' }).click();
  await expect(page).toHaveURL(/#5-credits-and-payments$/);
  await expect(page.getByRole('heading', { level: 2, name: '5. Credits and payments' })).toBeInViewport();
});

test('the footer links every page of spec 2 and shows the company, and a link inside a text navigates in the app', async ({
  page,
}) => {
  await page.goto('/pages/service');
  const footer = page.getByRole('navigation', { name: 'Legal and help' });
  for (const name of [
    'Terms and conditions',
    'Privacy policy',
    'Cookie policy',
    'Access ban',
    'Pricing',
    'Complaints',
    'Return policy',
    'FAQ',
    'Customer service',
  ]) {
    await expect(footer.getByRole('link', { name })).toBeVisible();
  }
  const company = page.locator('address.footer-company');
  await expect(company).toContainText('Heartline Media B.V.');
  await expect(company).toContainText('Keizersgracht 123, 1015 CJ Amsterdam, Netherlands');
  await expect(company).toContainText('NL864512379B01');
  // Spec 9: the support phone is cleaned of dashes and spaces for the call link.
  await expect(company.getByRole('link', { name: '+31 20 123 45 67' })).toHaveAttribute('href', 'tel:+31201234567');

  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await footer.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/pages\/faq$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'return policy' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Return policy' })).toBeVisible();
  // Client-side navigation: the page was never reloaded.
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  // Every footer link opens a real screen (none is the 404 page).
  for (const href of await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
    await page.goto(href!);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('This page could not be found'), href!).toHaveCount(0);
  }
});

test("the footer names the company's country in the reader's language", async ({ page, context, baseURL }) => {
  const host = new URL(baseURL!).hostname;
  for (const [lng, country] of [
    ['de', 'Niederlande'],
    ['fr', 'Pays-Bas'],
    ['pl', 'Holandia'],
    ['fi', 'Alankomaat'],
    ['nl', 'Nederland'],
  ]) {
    await context.addCookies([{ name: 'lang', value: lng, domain: host, path: '/' }]);
    await page.goto('/pages/service');
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    await expect(page.locator('address.footer-company')).toContainText(`Keizersgracht 123, 1015 CJ Amsterdam, ${country}`);
  }
});

test('the US-only footer shows for English in the US and opens the 2257 statement by its token', async ({ page }) => {
  // A visitor from a site country is shown the entry warning first (spec 1): this one entered before.
  await enteredBefore(page);
  await page.goto('/pages/terms');
  await expect(page.getByRole('link', { name: /2257/ })).toHaveCount(0);
  // A visitor the site places in the US (a proxy's x-country header, docs/i18n.md).
  await visitorFrom(page, 'US');
  await page.reload();
  await page.getByRole('link', { name: '18 U.S.C. 2257 Record-Keeping Requirements Compliance Statement' }).click();
  await expect(page).toHaveURL(/\/2257$/);
  await expect(page.getByRole('heading', { level: 1, name: /18 U\.S\.C\. 2257/ })).toBeVisible();
});

test('an unknown {token} shows the 404 page', async ({ page }) => {
  for (const path of ['/no-such-page', '/pages/no-such-page', '/Not_A_Token']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
  }
});

test('a page read once opens offline', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/pages/privacy');
  await waitForServiceWorker(page);
  // Read once while the worker controls the page, so its answer goes through the content-block cache.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Your rights and how to use them' })).toBeVisible();
  await context.close();
});
