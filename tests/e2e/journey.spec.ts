// The core journey in a real browser against the real server and demo data (issue: core journey):
// A signs up, activates through the dev mailbox, searches, opens B's profile, likes and writes;
// B logs in, sees the unread badge and replies; A sees the reply and credits lowered by the cost.
import { expect, test, type Page } from '@playwright/test';
import { fillSignupSteps, mailedPath } from './support.ts';

const B = { email: 'sanne@demo.test', password: 'demo-password', name: 'Sanne', age: 34 };

async function credits(page: Page): Promise<number> {
  const res = await page.request.get('/api/user.php');
  return (await res.json()).user.credits;
}

test('sign up, activate, search, like, chat with credits; the other member answers', async ({ browser }) => {
  const a = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const stamp = Date.now();
  const email = `alex.${stamp}@example.org`;

  // A signs up through the UI.
  await a.goto('/signup');
  await fillSignupSteps(a, {
    email,
    name: `Alex${stamp % 10000}`,
    iAm: 'a man',
    lookingFor: 'women',
    date_of_birth: '1988-04-12',
    country: 'NL',
  });
  // The completion step, then the members who fit a man looking for women.
  await expect(a).toHaveURL('/complete-signup');
  await a.getByRole('link', { name: 'See who fits you' }).click();
  await expect(a.getByRole('heading', { name: 'Members who fit you' })).toBeVisible();
  const start = await credits(a);
  expect(start).toBe(50);

  // A activates through the dev mailbox (the mail is a job: it is there once the API lists it).
  await mailedPath(a.request, email);
  await a.goto('/dev/mailbox');
  await a
    .getByRole('link', { name: /\/api\/activate\.php\?token=/ })
    .first()
    .click();
  await expect(a).toHaveURL(/\/activate\/done/);

  // A searches and opens B's profile.
  await a.goto('/members');
  await a.getByLabel('Gender').selectOption({ label: 'Women' });
  await a.getByLabel('Country').selectOption('NL');
  await a.getByLabel('Minimum age').fill(String(B.age));
  await a.getByLabel('Maximum age').fill(String(B.age));
  await a.getByRole('button', { name: 'Search' }).click();
  await a.getByRole('link', { name: new RegExp(`^${B.name}, ${B.age}`) }).click();
  await expect(a.getByRole('heading', { level: 1, name: new RegExp(B.name) })).toBeVisible();

  // A likes B and writes.
  await a.getByRole('button', { name: 'Like' }).click();
  await expect(a.getByRole('button', { name: 'Liked' })).toBeVisible();
  await a.getByRole('link', { name: 'Send message' }).click();
  await expect(a).toHaveURL(/\/members\/\d+\/chat/);
  await a.getByRole('textbox', { name: 'Message' }).fill('Hoi Sanne! How is your week going?');
  await a.getByRole('button', { name: 'Send', exact: true }).click();
  const aLog = a.getByRole('log', { name: 'Messages' });
  await expect(aLog.getByText('Hoi Sanne! How is your week going?')).toBeVisible();
  await expect.poll(() => credits(a)).toBe(start - 10);

  // B logs in, sees the unread badge and replies.
  const b = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await b.goto('/login');
  await b.getByLabel('E-mail').fill(B.email);
  await b.getByLabel('Password').fill(B.password);
  await b.getByRole('button', { name: 'Log in' }).click();
  await expect(b).toHaveURL(/\/members/);
  const messagesLink = b.getByRole('link', { name: /Messages/ });
  // At least A's message is unread (other tests may have written to the demo account before).
  await expect(messagesLink).toContainText(/[1-9]\d* unread message/);
  await expect(b).toHaveTitle(/^\(\d+\) /);
  await messagesLink.click();
  await b.getByRole('link', { name: new RegExp(`Alex${stamp % 10000}`) }).click();
  const bLog = b.getByRole('log', { name: 'Messages' });
  await expect(bLog.getByText('Hoi Sanne! How is your week going?')).toBeVisible();
  await b.getByRole('textbox', { name: 'Message' }).fill('Hi Alex, lovely to hear from you!');
  await b.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(bLog.getByText('Hi Alex, lovely to hear from you!')).toBeVisible();

  // A sees the reply without reloading, and has paid exactly one message.
  await expect(aLog.getByText('Hi Alex, lovely to hear from you!')).toBeVisible({ timeout: 20_000 });
  expect(await credits(a)).toBe(start - 10);
});
