// Shared steps of the browser tests: accounts through the real API (cookies land in the browser context),
// finding members, and waiting for the service worker to control a page.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

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
  await expect.poll(async () => {
    const { mails } = (await (await request.get('/api/dev-mailbox.php')).json()) as { mails: { to: string; text: string }[] };
    found = mails.find((m) => m.to === to && pattern.test(m.text))?.text.match(pattern)?.[0] ?? '';
    return found;
  }).not.toBe('');
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
      email, name: `Tester${stamp.slice(-6)}`, password: 'a long enough password',
      date_of_birth: '1988-04-12', gender: 'male', sexuality: 'hetero', country: 'NL',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const activated = await request.get(await mailedPath(request, email), { maxRedirects: 0 });
  expect(activated.headers().location).toBe('/activate/done');
  return (await res.json()).user as { id: number; credits: number };
}

/** The id of member `name` aged `age` in the NL search. */
export async function findMember(request: APIRequestContext, name: string, age: number): Promise<number> {
  const res = await request.get('/api/members.php', { params: { gender: 'female', country: 'NL', min_age: age, max_age: age, page: 1 } });
  const found = ((await res.json()).profiles as { id: number; name: string }[]).find((p) => p.name === name);
  if (!found) throw new Error(`no member ${name}`);
  return found.id;
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
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 10_000 }).catch(() => page.reload());
  }
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}
