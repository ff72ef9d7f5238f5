// Shell rules of spec 1, 2, 8, 9 in the browser: the entry warning's rules, the navigation progress bar's timing
// (page.clock) and the error page's texts.
import { expect, test, type Page } from '@playwright/test';
import { appReady, login, SANNE, serveSettings, visitorFrom } from './support.ts';

const WARNING = 'Adults only';

/** Opens `path` as a visitor from `country` (the X-Country header a CDN would pass: visitorFrom). */
async function visit(page: Page, path: string, country: string) {
  await visitorFrom(page, country);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // The warning is the app's (after hydration): a check for its absence means nothing before.
  await appReady(page);
}

test.describe('the entry warning (spec 1)', () => {
  test('shows to a visitor from a site country and is remembered once accepted', async ({ page }) => {
    await visit(page, '/login', 'BE');
    const dialog = page.getByRole('dialog', { name: WARNING });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'I am 18 or older, enter' }).click();
    await expect(dialog).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('dialog', { name: WARNING })).toHaveCount(0);
  });

  test('arrives drawn with the first HTML, hydrates without a difference, and is not drawn once accepted', async ({
    browser,
    page,
  }) => {
    // Scripts off: the server drew it (a first visit's largest paint on a phone: docs/perf.md).
    const plain = await (await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block' })).newPage();
    await visitorFrom(plain, 'BE');
    await plain.goto('/login');
    const drawn = plain.getByRole('dialog', { name: WARNING });
    await expect(drawn.getByRole('button', { name: 'I am 18 or older, enter' })).toBeVisible();
    await expect(drawn.getByRole('link', { name: 'Leave' })).toBeVisible();

    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
    });
    // The modal's own chunk comes late (a slow phone): the drawn warning stays over the hydrated page until it has.
    let release!: () => void;
    const chunkHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/entry-warning-modal-[^/]+\.js$/, async (route) => {
      await chunkHeld;
      await route.continue();
    });
    await visit(page, '/login', 'BE');
    // The device's parts are drawn (the toast stack, App.tsx): the render that follows hydration is done.
    await expect(page.locator('.toast-stack')).toBeAttached();
    const dialog = page.getByRole('dialog', { name: WARNING });
    await expect(dialog.getByRole('button', { name: 'I am 18 or older, enter' })).toBeVisible();
    release();
    // The live modal (react-bootstrap's, which marks the body) takes over, and the acceptance is its.
    await expect(page.locator('body')).toHaveClass(/modal-open/);
    await dialog.getByRole('button', { name: 'I am 18 or older, enter' }).click();
    // React's production build reports a hydration difference by its number (server-render.spec.ts).
    expect(warnings.filter((w) => /hydrat|#418|#423|#425/i.test(w))).toEqual([]);

    // The acceptance is a cookie the server reads: the next page arrives without it, scripts or not, the same page too
    // (the server keeps a visitor's page for a minute: the cookie is part of its key).
    await plain.context().addCookies(await page.context().cookies());
    await plain.goto('/login');
    await expect(plain.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(plain.getByRole('dialog', { name: WARNING })).toHaveCount(0);
    await plain.context().close();
  });

  test("is skipped outside the site's countries, for members, when the site turns it off, and in the installed app", async ({
    page,
    browser,
  }) => {
    // The German brand's countries are DE, AT and CH: a visitor from the Netherlands is outside them.
    const port = new URL(test.info().project.use.baseURL!).port;
    await visit(page, `http://de.localhost:${port}/login`, 'NL');
    await expect(page.getByRole('dialog', { name: WARNING })).toHaveCount(0);

    await login(page.request, SANNE);
    await visit(page, '/members', 'NL');
    await expect(page.getByRole('dialog', { name: WARNING })).toHaveCount(0);

    const off = await browser.newPage();
    await serveSettings(off, { enable_site_entry_popup: false });
    await visit(off, '/login', 'NL');
    await expect(off.getByRole('dialog', { name: WARNING })).toHaveCount(0);
    await off.close();

    const installed = await browser.newPage();
    await installed.addInitScript(() => {
      const real = window.matchMedia.bind(window);
      window.matchMedia = (q: string) =>
        q.includes('display-mode: standalone') ? ({ ...real(q), matches: true, media: q } as MediaQueryList) : real(q);
    });
    await visit(installed, '/login', 'NL');
    await expect(installed.getByRole('dialog', { name: WARNING })).toHaveCount(0);
    await installed.close();
  });
});

test('the progress bar shows after 200 ms of loading, fills when the screen is there and hides 500 ms later (spec 9)', async ({
  browser,
}) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.clock.install();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: /log in/i }).first()).toBeVisible();
  await appReady(page);
  const bar = page.getByRole('progressbar', { name: 'Loading' });
  // From here the page's clock moves only when the test moves it.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await expect(bar).toHaveCount(0);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/pricing-screen-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('link', { name: 'Pricing' }).first().click();
  await page.clock.runFor(150);
  await expect(bar).toHaveCount(0);
  await page.clock.runFor(100);
  await expect(bar).toBeVisible();
  await page.clock.runFor(2500);
  expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(40);
  release();
  await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await page.clock.runFor(450);
  await expect(bar).toBeVisible();
  await page.clock.runFor(100);
  await expect(bar).toHaveCount(0);
  await context.close();
});

test('the error page: 404 text and the way home (spec 8)', async ({ page }) => {
  await page.goto('/no/such/page/here');
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL('/');
});
