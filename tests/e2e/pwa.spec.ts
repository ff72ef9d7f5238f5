// The PWA against the production build (docs/pwa.md): the service worker installs and precaches every chunk,
// Chromium finds the site installable, pages open offline while data calls do not come from the SW, the update
// prompt reloads once into a new version, push and Background Sync reach the pages, and the back button shows
// only in installed-app mode.
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { shownNotifications, swRegistration } from './sw-support.ts';

const DIST = path.resolve(process.env.E2E_DIST ?? 'dist');
const LUCAS = { email: 'lucas@demo.test', password: 'demo-password' };

interface ManifestChunk {
  file: string;
  css?: string[];
  assets?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

/** Every file of the build the precache must hold: JS chunks, CSS and woff2 fonts (dist/.vite/manifest.json). */
function builtFiles(): { entry: string; files: string[]; routeChunks: string[] } {
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    if (/\.(js|css|woff2)$/.test(chunk.file)) files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const asset of chunk.assets ?? []) if (asset.endsWith('.woff2')) files.add(asset);
  }
  const entry = manifest['index.html'].file;
  const routeChunks = Object.values(manifest)
    .filter((c) => c.isDynamicEntry)
    .map((c) => c.file);
  return { entry, files: [...files].map((f) => `/${f}`), routeChunks: routeChunks.map((f) => `/${f}`) };
}

/** Waits until the service worker controls the page (the first install claims it: sw/sw.ts clientsClaim). */
async function waitForController(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}

/** Paths (without the revision parameter) in Workbox's precache. */
async function precachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache'));
    if (!name) return [];
    const requests = await (await caches.open(name)).keys();
    return requests.map((r) => new URL(r.url).pathname);
  });
}

async function logIn(context: BrowserContext): Promise<void> {
  const res = await context.request.post('/api/user.php', { data: LUCAS });
  expect(res.ok()).toBe(true);
}

test('the service worker installs, controls the page and precaches the shell and every chunk', async ({ page }) => {
  const sw = await page.request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-type']).toContain('javascript');

  await page.goto('/');
  await waitForController(page);

  const { entry, files, routeChunks } = builtFiles();
  expect(routeChunks.length).toBeGreaterThan(10);
  const cached = await precachedPaths(page);
  expect(cached).toContain('/index.html');
  expect(cached).toContain(`/${entry}`);
  for (const file of files) expect(cached, `${file} is precached`).toContain(file);
  for (const icon of ['/icons/icon-192.png', '/icons/maskable-512.png', '/icons/apple-touch-icon.png'])
    expect(cached).toContain(icon);
  // Screenshots are for the install dialog only, and woff (not woff2) is never fetched by a SW-capable browser.
  expect(cached.filter((p) => p.startsWith('/screenshots/') || p.endsWith('.woff'))).toEqual([]);
});

test('Chromium finds the site installable; the manifest has the icons, shortcuts and screenshots', async ({
  playwright,
  baseURL,
}) => {
  // An installability check needs a normal profile: Playwright's default contexts count as incognito.
  const profile = mkdtempSync(path.join(tmpdir(), 'pwa-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...test.info().project.use.launchOptions,
    baseURL,
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const manifestWarnings: string[] = [];
    page.on('console', (m) => {
      if (/manifest/i.test(m.text()) && m.type() !== 'info') manifestWarnings.push(m.text());
    });
    await page.goto('/');
    await waitForController(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);

    // beforeinstallprompt was kept for our own button (src/pwa/install.ts).
    await expect(page.getByRole('button', { name: 'Install app' })).toBeVisible();
    expect(manifestWarnings).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the manifest says what an installed app needs, and its images are what it says', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await res.json();
  expect(manifest).toMatchObject({ id: '/', scope: '/', display: 'standalone', name: 'Heartline', short_name: 'Heartline' });
  expect(manifest.start_url).toMatch(/^\//);
  expect(manifest.theme_color).toBe('#14213d');
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);

  const icons = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`);
  expect(icons).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']));
  expect(manifest.shortcuts.map((s: { name: string; url: string }) => [s.name, s.url])).toEqual([
    ['Messages', '/chats'],
    ['Likes', '/likes'],
    ['Search', '/members'],
  ]);
  // The description and shortcut names in every other site language (manifest localization).
  expect(manifest.description).toBe('Heartline is the dating site for adults: search members near you, like, match and chat.');
  expect(Object.keys(manifest.description_localized).sort()).toEqual([
    'da',
    'de',
    'es',
    'fi',
    'fr',
    'it',
    'nb',
    'nl',
    'pl',
    'sv',
  ]);
  expect(manifest.description_localized.de).toMatch(/^Heartline ist die Dating-Seite/);
  expect(manifest.shortcuts[0].name_localized).toMatchObject({ de: 'Nachrichten', pl: 'Wiadomości', fi: expect.any(String) });
  expect(manifest.screenshots.map((s: { form_factor: string }) => s.form_factor).sort()).toEqual(['narrow', 'wide']);

  // Every image exists, is a PNG of the declared size, and screenshots stay small.
  const images: { src: string; sizes: string }[] = [
    ...manifest.icons,
    ...manifest.shortcuts.flatMap((s: { icons: { src: string; sizes: string }[] }) => s.icons),
    ...manifest.screenshots,
  ];
  for (const image of images) {
    const file = await request.get(image.src);
    expect(file.status(), image.src).toBe(200);
    const body = await file.body();
    const meta = await sharp(body).metadata();
    expect(`${meta.width}x${meta.height}`, image.src).toBe(image.sizes);
    if (image.src.startsWith('/screenshots/')) expect(body.length, image.src).toBeLessThan(150 * 1024);
  }
});

test('offline: a screen never visited opens from the precache; data calls are not answered by the SW', async ({
  context,
  page,
}) => {
  await logIn(context);
  await page.goto('/chats');
  await waitForController(page);
  // The footer's company info is a content block (stale-while-revalidate): once fetched through the SW (from
  // the second page load on: the first one ran before the SW took control), it is there offline too.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByText('Heartline Media B.V.')).toBeVisible();

  await context.setOffline(true);
  await page.goto('/members');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  // Still logged in: the session comes from the device (src/data/session-cache.ts), not from the network.
  await expect(nav.getByRole('link', { name: /Messages/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline. Showing saved data.' })).toBeVisible();
  await expect(page.getByText('Heartline Media B.V.')).toBeVisible();

  const calls = await page.evaluate(async () => {
    const outcome = (url: string) =>
      fetch(url).then(
        (r) => `status ${r.status}`,
        () => 'failed',
      );
    return { settings: await outcome('/api/settings.php'), chats: await outcome('/api/chats.php') };
  });
  expect(calls).toEqual({ settings: 'failed', chats: 'failed' });

  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toHaveCount(0);
});

test('a new version waits for the prompt, then the page reloads into it exactly once', async ({ page }) => {
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto('/');
  await waitForController(page);
  const first = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);

  // A new version of the worker: the same script under another URL is a new worker for the registration.
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?version=2', { scope: '/' }));
  const prompt = page.getByRole('alert').filter({ hasText: 'A new version is available.' });
  await expect(prompt).toBeVisible();
  // Waiting: the old worker still controls the page until the user says so.
  expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(first);

  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
  await waitForController(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toMatch(/\/sw\.js\?version=2$/);
  expect(loads).toBe(2);

  // The reloaded page registers /sw.js again, which is another new version for this registration: it waits and
  // prompts, and nothing reloads without the user (no reload loop).
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Later' }).click();
  await expect(prompt).toHaveCount(0);
  expect(loads).toBe(2);
});

test('a push always shows a notification and wakes the pages; Background Sync wakes them too', async ({ context, page }) => {
  await context.grantPermissions(['notifications']);
  await page.goto('/');
  await waitForController(page);
  expect(await page.evaluate(() => Notification.permission), 'the grant reached the page').toBe('granted');
  await page.evaluate(() => {
    const w = window as unknown as { swMessages: unknown[] };
    w.swMessages = [];
    navigator.serviceWorker.addEventListener('message', (e) => w.swMessages.push(e.data));
  });
  const sw = await swRegistration(context, page);
  const notifications = async () => (await shownNotifications(page)).map(({ title, body, tag }) => ({ title, body, tag }));
  const messages = () => page.evaluate(() => (window as unknown as { swMessages: unknown[] }).swMessages);

  await sw.push({ title: 'Sanne', body: 'Hoi!', conversation_id: 7 });
  await expect.poll(notifications).toEqual([{ title: 'Sanne', body: 'Hoi!', tag: 'conversation-7' }]);
  await expect.poll(messages).toEqual([{ type: 'sync', reason: 'push' }]);

  // Not JSON: still a notification (never a silent push), with the generic text of locales/en/pwa.json.
  await sw.push('ping');
  await expect.poll(notifications).toContainEqual({
    title: 'Something new for you',
    body: 'Open the app to see your new messages and likes.',
    tag: 'activity',
  });

  await sw.backgroundSync('outbox');
  await expect.poll(messages).toContainEqual({ type: 'sync', reason: 'background-sync' });
});

test('the back button shows only in installed-app mode, on the screens spec 2 names', async ({ browser }) => {
  const viewport = { width: 390, height: 844 };
  const installed = await browser.newContext({ viewport });
  // iOS's home-screen flag: what src/pwa/standalone.ts reads besides display-mode.
  await installed.addInitScript(() => Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true }));
  const browserTab = await browser.newContext({ viewport });
  try {
    for (const context of [installed, browserTab]) await logIn(context);
    const app = await installed.newPage();
    await app.goto('/chats');
    await expect(app.getByRole('heading', { name: 'Messages' })).toBeVisible();
    await expect(app.getByRole('button', { name: 'Back' })).toHaveCount(0);

    await app.getByRole('link', { name: /Likes/ }).first().click();
    await expect(app).toHaveURL(/\/likes$/);
    const back = app.getByRole('button', { name: 'Back' });
    await expect(back).toBeVisible();
    await back.click();
    await expect(app).toHaveURL(/\/chats$/);

    const tab = await browserTab.newPage();
    await tab.goto('/likes');
    await expect(tab.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(tab.getByRole('button', { name: 'Back' })).toHaveCount(0);
  } finally {
    await installed.close();
    await browserTab.close();
  }
});
