// In each of the 11 languages the members screen, a chat, /credits and the signup modal speak that language
// (no English UI word from a small list) and, 390 px wide, no text overflows its button or badge and nothing
// scrolls sideways; the signup stepper's labels fit or wrap between words; region names are the language's own.
// Screenshots of each go to the test's attachments.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { findMember, SANNE, signup } from './support.ts';

const LANGUAGES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'] as const;
type Lng = (typeof LANGUAGES)[number];

/** English UI words that no translation keeps (checked as whole, case-sensitive words). */
const ENGLISH = [
  'Search',
  'Send',
  'Settings',
  'Password',
  'Buy',
  'Cancel',
  'Save',
  'Next',
  'Close',
  'Message',
  'Messages',
  'Your',
  'your',
  'the',
  'and',
  'you',
  'with',
  'for',
  'Log in',
  'Sign up',
  'Free',
];

/** Words of that list that are also words of the language itself (Danish "Send besked", Italian "Password", ...). */
const ALSO_NATIVE: Partial<Record<Lng, string[]>> = {
  da: ['Send', 'for'],
  nb: ['Send', 'for'],
  it: ['Password'],
  nl: ['Log in'],
  fr: ['Message', 'Messages'],
};

/**
 * The English words of the list in the page's interface text: the visible text of the document, without what
 * members wrote themselves (marked translate="no": names, profile texts, messages).
 */
async function englishWords(page: Page, lng: Lng): Promise<string[]> {
  const text = await page.evaluate(() => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest('[translate="no"], script, style, [hidden], [aria-hidden="true"]')) continue;
      if (!el.checkVisibility()) continue;
      parts.push(node.textContent ?? '');
    }
    for (const el of document.querySelectorAll<HTMLElement>('[aria-label], [placeholder], [title]')) {
      if (el.closest('[translate="no"]') || !el.checkVisibility()) continue;
      parts.push(el.getAttribute('aria-label') ?? '', el.getAttribute('placeholder') ?? '', el.getAttribute('title') ?? '');
    }
    return parts.join('\n');
  });
  const allowed = new Set(ALSO_NATIVE[lng] ?? []);
  return ENGLISH.filter((w) => !allowed.has(w) && new RegExp(`(^|[^\\p{L}])${w}($|[^\\p{L}])`, 'u').test(text));
}

/** Texts that overflow their button, badge, tab or link at the current width, and whether the page scrolls sideways. */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1)
      found.push(`page is ${document.documentElement.scrollWidth}px wide`);
    for (const el of document.querySelectorAll<HTMLElement>(
      'button, .btn, .badge, .nav-link, .dropdown-item, .form-label, .form-check-label',
    )) {
      if (!el.checkVisibility() || el.closest('[translate="no"]')) continue;
      // A count badge pinned over an icon's corner sticks out by design (layout.scss), not a text overflow.
      const pinned = [...el.querySelectorAll('.count-badge')].some((b) => getComputedStyle(b).position === 'absolute');
      if (pinned) continue;
      if (el.scrollWidth > el.clientWidth + 1)
        found.push(`"${el.textContent?.trim()}" is ${el.scrollWidth}px in ${el.clientWidth}px`);
    }
    return found;
  });
}

/** Checks the screen at 390 px: no English word of the list (except in English), no overflow; attaches a screenshot. */
async function check(page: Page, lng: Lng, screen: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForLoadState('networkidle');
  await test
    .info()
    .attach(`${lng}-${screen}.png`, { body: await page.screenshot({ fullPage: false }), contentType: 'image/png' });
  if (lng !== 'en') expect(await englishWords(page, lng), `${lng} ${screen}: English words`).toEqual([]);
  expect(await overflows(page), `${lng} ${screen}: overflowing texts`).toEqual([]);
}

for (const lng of LANGUAGES) {
  test(`${lng}: members, a chat, /credits and the signup modal are in the language and fit 390 px`, async ({
    page,
    context,
    baseURL,
  }) => {
    const url = new URL(baseURL!);
    await context.addCookies([{ name: 'lang', value: lng, domain: url.hostname, path: '/' }]);
    await signup(page.request);
    const sanne = await findMember(page.request, SANNE.name, SANNE.age);

    await page.goto('/members');
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('main a[href^="/members/"]').first()).toBeVisible();
    await check(page, lng, 'members');

    await page.goto(`/members/${sanne}/chat`);
    await expect(page.getByRole('textbox').last()).toBeVisible();
    await check(page, lng, 'chat');

    await page.goto('/credits');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await check(page, lng, 'credits');

    // The visitor's signup modal, from the top bar's signup link (shown from 576 px on).
    await context.clearCookies();
    await context.addCookies([{ name: 'lang', value: lng, domain: url.hostname, path: '/' }]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await page.locator('nav a[href="/signup"]').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check(page, lng, 'signup');
  });
}

/** A text of locales/<lng>/<ns>.json by its dotted key, with `{{name}}`-style values filled in. */
function localeText(lng: Lng, ns: string, key: string, values: Record<string, string | number> = {}): string {
  const tree = JSON.parse(readFileSync(`locales/${lng}/${ns}.json`, 'utf8')) as Record<string, unknown>;
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
  return String(found).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const lng of LANGUAGES) {
  test(`${lng}: the search, a profile and the likes each have their own title, in the tab and as served`, async ({
    page,
    context,
    baseURL,
  }) => {
    const url = new URL(baseURL!);
    await context.addCookies([{ name: 'lang', value: lng, domain: url.hostname, path: '/' }]);
    await signup(page.request);
    const sanne = await findMember(page.request, SANNE.name, SANNE.age);
    const titles: Record<string, string> = {
      '/members': localeText(lng, 'members', 'title'),
      [`/members/${sanne}`]: localeText(lng, 'pages', 'titles.member', { name: SANNE.name, age: SANNE.age }),
      '/likes': localeText(lng, 'likes', 'title'),
    };
    for (const [path, title] of Object.entries(titles)) {
      const expected = `${title} - Heartline`;
      // The server render writes the screen's title; the page keeps it, with the count of new things before it.
      const served = await (await page.request.get(path)).text();
      expect(served, `${lng} ${path}: served title`).toContain(`<title>${expected}</title>`);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      await expect(page).toHaveTitle(new RegExp(`^(\\(\\d+\\) )?${escapeRegExp(expected)}$`));
    }
  });
}

test('Polish names German Länder "Kraj związkowy" and US states "Stan" in the search', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'lang', value: 'pl', domain: new URL(baseURL!).hostname, path: '/' }]);
  await signup(page.request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/members');
  const form = page.getByRole('form', { name: localeText('pl', 'members', 'search.formLabel') });
  const country = form.getByLabel(localeText('pl', 'members', 'search.country'), { exact: true });
  await country.selectOption('DE');
  await expect(form.getByLabel('Kraj związkowy', { exact: true })).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('pl-search-de.png') });
  await country.selectOption('US');
  await expect(form.getByLabel('Stan', { exact: true })).toBeEnabled();
});

/** A region's name in locales/<lng>/regions.json (country -> region code -> name; English's are the server's names). */
function regionText(lng: Lng, country: string, code: string): string {
  const table = JSON.parse(readFileSync(`locales/${lng}/regions.json`, 'utf8')) as Record<string, Record<string, string>>;
  return table[country][code];
}

test("region names are in the reader's language in all 11: the search's region menu, a profile's place and a lander's, also as served", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const host = new URL(baseURL!).hostname;
  const visitor = await browser.newContext({ baseURL });
  await signup(page.request);
  const sanne = await findMember(page.request, SANNE.name, SANNE.age);
  // Sanne lives in North Holland (server/seed/members.ts).
  expect(regionText('en', 'NL', 'NH')).toBe('North Holland');
  for (const lng of LANGUAGES) {
    await context.addCookies([{ name: 'lang', value: lng, domain: host, path: '/' }]);
    const place = `Amsterdam, ${regionText(lng, 'NL', 'NH')}, `;
    if (lng !== 'en') expect(place).not.toContain('North Holland');
    const served = await (await page.request.get(`/members/${sanne}`)).text();
    expect(served, `${lng}: served profile`).toContain(place);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/members/${sanne}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    await expect(page.locator('main'), `${lng}: profile`).toContainText(place);

    // A lander's place that is a region, put as a region ("en région Hollande-Septentrionale", not "à"): a visitor's page.
    await visitor.addCookies([{ name: 'lang', value: lng, domain: host, path: '/' }]);
    const lander = await (await visitor.request.get('/landers/gallery/north-holland')).text();
    const where = localeText(lng, 'landers', 'whereIn_region', { place: regionText(lng, 'NL', 'NH') });
    expect(lander, `${lng}: served lander`).toContain(where);

    await page.goto('/members');
    const form = page.getByRole('form', { name: localeText(lng, 'members', 'search.formLabel') });
    await form.getByLabel(localeText(lng, 'members', 'search.country'), { exact: true }).selectOption('DE');
    const region = form.getByLabel(localeText(lng, 'members', 'search.regionKind.land'), { exact: true });
    // The option names Bavaria in the reader's language ("Bayern", "Bavière", "Bawaria"); its value stays the code.
    await expect(region.locator('option[value="BY"]'), `${lng}: region menu`).toHaveText(regionText(lng, 'DE', 'BY'));
    if (lng === 'de' || lng === 'pl') {
      await region.selectOption('BY');
      await page.screenshot({ path: test.info().outputPath(`${lng}-search-regions.png`) });
    }
  }
  await visitor.close();
});

/**
 * Problems of the signup stepper's labels as laid out now: a word split over two lines (its Range has rects on more
 * than one line), a word sticking out of its step, or the row wider than the form. Each step is measured as the
 * current one too (its label is bold, so wider).
 */
async function stepperProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const list = [...document.querySelectorAll<HTMLElement>('.signup-progress')].find((el) => el.checkVisibility());
    if (!list) return ['no stepper'];
    const steps = [...list.querySelectorAll('li')];
    const current = steps.find((li) => li.classList.contains('is-current'));
    for (const bold of steps) {
      for (const li of steps) li.classList.toggle('is-current', li === bold);
      if (list.scrollWidth > list.clientWidth + 1) found.push(`row is ${list.scrollWidth}px in ${list.clientWidth}px`);
      for (const li of steps) {
        const title = li.querySelector('.signup-progress-title');
        const box = li.getBoundingClientRect();
        if (!title) continue;
        const walker = document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const m of (node.textContent ?? '').matchAll(/\S+/gu)) {
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (lines.size > 1) found.push(`"${m[0]}" is split over ${lines.size} lines`);
            const r = range.getBoundingClientRect();
            if (r.left < box.left - 1 || r.right > box.right + 1) found.push(`"${m[0]}" sticks out of its step`);
          }
        }
      }
    }
    for (const li of steps) li.classList.toggle('is-current', li === current);
    return [...new Set(found)];
  });
}

/** Checks the stepper on the screen at 390 px (see stepperProblems) and attaches a screenshot. */
async function checkStepper(page: Page, lng: Lng, screen: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('.signup-progress').first()).toBeVisible();
  await test
    .info()
    .attach(`${lng}-${screen}-stepper.png`, { body: await page.screenshot({ fullPage: false }), contentType: 'image/png' });
  expect(await stepperProblems(page), `${lng} ${screen}: stepper labels`).toEqual([]);
  expect(await overflows(page), `${lng} ${screen}: overflowing texts`).toEqual([]);
}

test('the signup stepper fits 390 px in every language: labels wrap between words, never inside one', async ({
  page,
  context,
  baseURL,
}) => {
  const url = new URL(baseURL!);
  const sanne = await findMember(page.request, SANNE.name, SANNE.age);
  for (const lng of LANGUAGES) {
    await context.clearCookies();
    await context.addCookies([{ name: 'lang', value: lng, domain: url.hostname, path: '/' }]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/signup');
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    await checkStepper(page, lng, 'signup-page');

    await page.goto(`/members/${sanne}/signup`);
    await checkStepper(page, lng, 'member-signup');

    // The modal opens from the top bar's signup link (shown from 576 px on), then the window narrows to 390 px.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await page.locator('nav a[href="/signup"]').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await checkStepper(page, lng, 'signup-modal');
  }
});

test("a member's language follows them to a new device (spec 9: saved with PUT /api/user.php)", async ({ browser, baseURL }) => {
  const first = await browser.newContext({ baseURL });
  await signup(first.request);
  const saved = await first.request.put('/api/user.php', { data: { language: 'pl' } });
  expect(saved.ok()).toBe(true);
  // The new device has no lang cookie: only the session says who this is.
  const device = await browser.newContext({
    baseURL,
    storageState: { cookies: (await first.storageState()).cookies.filter((c) => c.name !== 'lang'), origins: [] },
  });
  const page = await device.newPage();
  await page.goto('/members');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Szukaj/);
  await first.close();
  await device.close();
});

test("words agree with what they describe: Polish details with the member's gender, the French first of the month", async ({
  page,
  context,
  baseURL,
}) => {
  const host = new URL(baseURL!).hostname;
  await context.addCookies([{ name: 'lang', value: 'pl', domain: host, path: '/' }]);
  // Both demo accounts are single: "Wolna" on Sanne's profile, "Wolny" on Lucas's (36, NL), never "Wolny/wolna".
  const men = await page.request.get('/api/members.php', {
    params: { gender: 'male', country: 'NL', min_age: 36, max_age: 36, page: 1 },
  });
  const lucas = ((await men.json()).profiles as { id: number; name: string }[]).find((p) => p.name === 'Lucas')!.id;
  for (const [id, single] of [
    [await findMember(page.request, SANNE.name, SANNE.age), 'Wolna'],
    [lucas, 'Wolny'],
  ] as const) {
    await page.goto(`/members/${id}`);
    await expect(page.locator('.profile-facts')).toContainText(single);
    await expect(page.locator('.profile-facts')).not.toContainText('/');
  }
  // The legal texts date from the company's start, 1 March 2024: "1er mars" in French.
  await context.addCookies([{ name: 'lang', value: 'fr', domain: host, path: '/' }]);
  await page.goto('/pages/terms');
  await expect(page.locator('time').first()).toHaveText('1er mars 2024');
});

test("on a phone, choosing a language in the hamburger's language menu closes the menu", async ({ page }) => {
  await signup(page.request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/members');
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.click();
  await page.getByRole('button', { name: /^Language: / }).click();
  await page.getByRole('menuitemradio', { name: 'Nederlands' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByRole('menuitemradio', { name: 'Nederlands' })).toBeHidden();
  await expect(page.locator('#top-nav-menu')).toBeHidden();
});
