// The visitor's country on screen (docs/i18n.md "How the country is decided"): the server places a visitor by the
// GeoIP database (the e2e server trusts the loopback browser as its proxy, so X-Forwarded-For is the client address),
// and the country picker on /pricing, in the footer and in signup's country step changes it, remembered in a cookie.
import { expect, test, type Page } from '@playwright/test';
import { appReady, enteredBefore, login, SANNE } from './support.ts';

/** Addresses the embedded database maps to these countries (as in tests/api/geoip.test.ts). */
const ADDRESS = { PL: '212.77.98.9', DE: '194.25.0.68', FI: '193.166.3.1' } as const;

/** Opens `path` as a visitor at `address`, the entry warning accepted before unless `warning`. */
async function visitFrom(page: Page, address: string, path: string, { warning = false } = {}) {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  if (!warning) await enteredBefore(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await appReady(page);
}

test('a visitor from a German address gets the entry warning, with no X-Country header', async ({ page }) => {
  await visitFrom(page, ADDRESS.DE, '/login', { warning: true });
  await expect(page.getByRole('dialog', { name: 'Adults only' })).toBeVisible();
});

test('a visitor from Poland sees Polish prices and may choose another country, kept over a reload', async ({ page }) => {
  await visitFrom(page, ADDRESS.PL, '/pricing');
  const main = page.locator('main');
  const picker = main.getByLabel('Where you live');
  await expect(picker).toHaveValue('PL');
  await expect(main.getByText('Prices for Poland, including VAT')).toBeVisible();
  await expect(main.locator('.pricing-table tbody')).toContainText('PLN');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('pricing-pl.png'), fullPage: true });

  await picker.selectOption('CH');
  await expect(main.getByText('Prices for Switzerland, including VAT')).toBeVisible();
  await expect(main.locator('.pricing-table tbody')).toContainText('CHF');
  await expect(page.locator('footer').getByLabel('Where you live')).toHaveValue('CH');

  await page.reload();
  await appReady(page);
  await expect(main.getByLabel('Where you live')).toHaveValue('CH');
  await expect(main.locator('.pricing-table tbody')).toContainText('CHF');

  // The footer's picker: the United States bring the 2257 statement (spec 1) to an English reader.
  const footer = page.locator('footer');
  await expect(footer.getByRole('link', { name: /2257/ })).toHaveCount(0);
  await footer.getByLabel('Where you live').selectOption('US');
  await expect(footer.getByRole('link', { name: /2257/ })).toBeVisible();
  await expect(main.locator('.pricing-table tbody')).toContainText('$');
  await footer.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('footer-us.png') });
});

test("signup starts in the visitor's country, and a member's own country wins over a choice", async ({ page }) => {
  await visitFrom(page, ADDRESS.FI, '/signup');
  const footerPicker = page.locator('footer').getByLabel('Where you live');
  await expect(footerPicker).toHaveValue('FI');
  await page.locator('main').getByRole('button', { name: 'Next' }).click();
  const country = page.locator('main').getByLabel('Country', { exact: true });
  await expect(country).toHaveValue('FI');
  // Signup's country step is a picker too: the country chosen there is the visitor's country.
  await country.selectOption('PL');
  await expect(footerPicker).toHaveValue('PL');

  await login(page.request, SANNE);
  await page.goto('/pricing');
  await appReady(page);
  // A member: no picker; the prices are those of their profile's country (the server's choice).
  await expect(page.getByLabel('Where you live')).toHaveCount(0);
});

test('a country chosen during a visit brings the entry warning on the next page load, never over the form', async ({ page }) => {
  // A visitor of no known country (the e2e server's LOCAL_COUNTRY=none): no warning at entry.
  await page.goto('/signup');
  await appReady(page);
  await page.locator('main').getByRole('button', { name: 'Next' }).click();
  await page.locator('main').getByLabel('Country', { exact: true }).selectOption('NL');
  await expect(page.locator('footer').getByLabel('Where you live')).toHaveValue('NL');
  await expect(page.locator('main').getByLabel('Date of birth')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Adults only' })).toHaveCount(0);
  // The next visit enters from the Netherlands: the warning greets it.
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Adults only' })).toBeVisible();
});
