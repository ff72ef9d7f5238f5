// Shared steps of the browser tests: accounts through the real API (cookies land in the browser context),
// finding members, and waiting for the service worker to control a page.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { scriptJson } from '../../server/page-shell.ts';
import { ENTRY_WARNING_COOKIE } from '../../src/app/entry-warning-rules.ts';

/** The real demo accounts of the seed (server/seed/members.ts). */
export const SANNE = { email: 'sanne@demo.test', password: 'demo-password', name: 'Sanne', age: 34 };
export const LUCAS = { email: 'lucas@demo.test', password: 'demo-password', name: 'Lucas' };

/** Logs in through POST /api/user.php; the session cookie is stored in `request`'s context. Answers the user. */
export async function login(request: APIRequestContext, account: { email: string; password: string }) {
  const res = await request.post('/api/user.php', { data: { email: account.email, password: account.password } });
  expect(res.ok()).toBe(true);
  return (await res.json()).user as { id: number; credits: number };
}

/**
 * The first match of `pattern` (a link) in the newest dev-mailbox mail to `to`, as a path with its query. Mails are
 * sent by a job shortly after the answer that caused them, so the mailbox is polled until the mail is there.
 */
export async function mailedPath(request: APIRequestContext, to: string, pattern: RegExp = /https?:\/\/\S+/): Promise<string> {
  let found = '';
  await expect
    .poll(async () => {
      const { mails } = (await (await request.get('/api/dev-mailbox.php')).json()) as { mails: { to: string; text: string }[] };
      found = mails.find((m) => m.to === to && pattern.test(m.text))?.text.match(pattern)?.[0] ?? '';
      return found;
    })
    .not.toBe('');
  const url = new URL(found);
  return url.pathname + url.search;
}

let counter = 0;
/**
 * Signs a new member up through POST /api/signup.php (logged in afterwards) and activates the account with the
 * link from the dev mailbox, so other members can reach the profile. Answers the user.
 */
export async function signup(request: APIRequestContext) {
  counter++;
  const stamp = `${Date.now()}${counter}`;
  const email = `e2e.${stamp}@example.org`;
  const res = await request.post('/api/signup.php', {
    data: {
      email,
      name: `Tester${stamp.slice(-6)}`,
      password: 'a long enough password',
      date_of_birth: '1988-04-12',
      gender: 'male',
      sexuality: 'hetero',
      country: 'NL',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const activated = await request.get(await mailedPath(request, email), { maxRedirects: 0 });
  expect(activated.headers().location).toBe('/activate/done');
  return (await res.json()).user as { id: number; credits: number };
}

/** What a visitor enters in the signup steps (the form's defaults where left out: a man looking for women). */
export interface SignupInput {
  email: string;
  name: string;
  password?: string;
  date_of_birth?: string;
  country?: string;
  iAm?: 'a man' | 'a woman';
  lookingFor?: 'men' | 'women' | 'men and women';
  message?: string;
}

/**
 * Walks the signup steps 0 to 4 (spec 2) in `scope` (the page, the signup modal, ...) with Next, checking the step
 * indicator on the way, and presses "Sign up" on the last step. The caller waits for where it leads.
 */
export async function fillSignupSteps(scope: Page | Locator, input: SignupInput): Promise<void> {
  const step = async (n: number, title: string) => {
    await expect(scope.getByRole('group', { name: `Step ${n} of 5: ${title}` })).toBeVisible();
    await expect(scope.getByRole('list', { name: 'Signup steps' }).locator('[aria-current="step"]')).toContainText(title);
  };
  await step(1, 'You');
  if (input.iAm) await scope.getByLabel('I am').selectOption({ label: input.iAm });
  if (input.lookingFor) await scope.getByLabel('Looking for').selectOption({ label: input.lookingFor });
  await scope.getByRole('button', { name: 'Next' }).click();
  await step(2, 'Birthday');
  await scope.getByLabel('Date of birth').fill(input.date_of_birth ?? '1988-04-12');
  await scope.getByLabel('Country').selectOption(input.country ?? 'NL');
  await scope.getByRole('button', { name: 'Next' }).click();
  await step(3, 'E-mail');
  await scope.getByLabel('E-mail').fill(input.email);
  await scope.getByRole('button', { name: 'Next' }).click();
  await step(4, 'Username');
  await scope.getByLabel('Username').fill(input.name);
  if (input.message) await scope.getByLabel('A few words about you (optional)').fill(input.message);
  await scope.getByRole('button', { name: 'Next' }).click();
  await step(5, 'Password');
  await scope.getByLabel('Password').fill(input.password ?? 'a long enough password');
  await scope.getByRole('button', { name: 'Sign up' }).click();
}

/** The id of member `name` aged `age` in the NL search. */
export async function findMember(request: APIRequestContext, name: string, age: number): Promise<number> {
  const res = await request.get('/api/members.php', {
    params: { gender: 'female', country: 'NL', min_age: age, max_age: age, page: 1 },
  });
  const found = ((await res.json()).profiles as { id: number; name: string }[]).find((p) => p.name === name);
  if (!found) throw new Error(`no member ${name}`);
  return found.id;
}

/** A fictional woman of the NL search (a new member's default search) a member may write to: her id and name. */
export async function fictionalProfile(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const res = await request.get('/api/members.php', { params: { gender: 'female', country: 'NL', page: 1 } });
  const found = ((await res.json()).profiles as { id: number; name: string; fictional: boolean }[]).find((p) => p.fictional);
  if (!found) throw new Error('no fictional profile in the NL search');
  return found;
}

/** Sends a message through POST /api/message.php with a fresh UUIDv7. */
export async function sendMessage(request: APIRequestContext, profile: number, text: string) {
  const { v7 } = await import('uuid');
  const res = await request.post('/api/message.php', { data: { id: v7(), profile, text } });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** The caller's balance from GET /api/user.php. */
export async function credits(request: APIRequestContext): Promise<number> {
  return (await (await request.get('/api/user.php')).json()).user.credits;
}

/** Waits until the service worker is active and controls `page` (reloading once if the first load was not controlled). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) {
    await page
      .waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 10_000 })
      .catch(() => page.reload());
  }
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

/**
 * Waits until the app runs the page: a server-rendered page shows at once but stays locked (`inert`, in a disabled
 * fieldset) until it has hydrated (docs/perf.md, "Server rendering"). For steps that bypass the browser's own wait
 * for enabled controls (`force`) or that time the app's own timers.
 */
export async function appReady(page: Page): Promise<void> {
  await expect(page.locator('#ssr-lock')).toHaveCount(0);
}

/**
 * Makes `page` a visitor the site places in `country` as a CDN in front would: the e2e server trusts the loopback
 * browser as its proxy (playwright.config.ts), which passes the country in X-Country beside the client's address (a
 * documentation address, RFC 5737, that the GeoIP database maps to no country).
 */
export async function visitorFrom(page: Page, country: string): Promise<void> {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.7', 'x-country': country });
}

/** Makes `page`'s visitor one who accepted the entry warning (spec 1) before: its cookie, as the server reads it too. */
export async function enteredBefore(page: Page): Promise<void> {
  const url = test.info().project.use.baseURL!;
  await page.context().addCookies([{ name: ENTRY_WARNING_COOKIE, value: String(Date.now()), url }]);
}

/**
 * Serves the site's settings with `patch` applied, to the settings call and to a server-rendered page's boot JSON
 * (the settings the page starts with), for tests of rules that read a setting the demo site has otherwise.
 */
export async function serveSettings(page: Page, patch: Record<string, unknown>): Promise<void> {
  await page.route('**/api/settings.php*', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { settings: Record<string, unknown> };
    await route.fulfill({ response: res, json: { settings: { ...body.settings, ...patch } } });
  });
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const res = await route.fetch();
    const html = (await res.text()).replace(
      /(<script type="application\/json" id="ssr-boot"[^>]*>)(.*?)(<\/script>)/s,
      (_m, open: string, json: string, close: string) => {
        const boot = JSON.parse(json) as { settings: Record<string, unknown> };
        return open + scriptJson({ ...boot, settings: { ...boot.settings, ...patch } }) + close;
      },
    );
    await route.fulfill({ response: res, body: html });
  });
}
