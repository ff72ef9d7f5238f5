// Account screens as a visitor meets them: the activation result says what truly happened.
import { expect, test } from '@playwright/test';
import { mailedPath, SANNE, signup } from './support.ts';

test('/activate/done says "activated" only after a working link', async ({ page }) => {
  await page.goto('/activate/done');
  await expect(page.getByRole('heading', { name: 'Activate your account' })).toBeVisible();
  await expect(page.getByText('Your account is activated')).toHaveCount(0);

  const email = `e2e.activate.${Date.now()}@example.org`;
  const res = await page.request.post('/api/signup.php', {
    data: {
      email,
      name: `Act${Date.now() % 1e6}`,
      password: 'a long enough password',
      date_of_birth: '1990-02-03',
      gender: 'female',
      sexuality: 'hetero',
      country: 'DE',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await page.request.get('/api/logout.php');
  await page.goto(await mailedPath(page.request, email));
  await expect(page).toHaveURL(/\/activate\/done$/);
  await expect(page.getByRole('heading', { name: 'Your account is activated' })).toBeVisible();
  // The flag is read once: a reload by a logged-out visitor no longer claims it.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Activate your account' })).toBeVisible();
});

test('after signup the search starts from what the member looks for, not "Everyone"', async ({ page }) => {
  // support.signup: a hetero man in NL, logged in and activated.
  await signup(page.request);
  await page.goto('/members');
  const search = page.getByRole('form', { name: 'Search filters' });
  await expect(search.getByLabel('Gender')).toHaveValue('female');
  await expect(search.getByLabel('Country')).toHaveValue('NL');
});

test('a visitor who likes is offered signup beside the member; after logging in the like is real', async ({ page }) => {
  const res = await page.request.get('/api/members.php', {
    params: { gender: 'male', country: 'DE', min_age: 18, max_age: 99, page: 1 },
  });
  const target = ((await res.json()).profiles as { id: number; name: string }[])[0];
  await page.goto(`/members/${target.id}`);
  await page.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(page).toHaveURL(`/members/${target.id}/signup`);
  await page.goto(`/login?next=${encodeURIComponent(`/members/${target.id}`)}`);
  await page.getByLabel('E-mail').fill(SANNE.email);
  await page.getByLabel('Password').fill(SANNE.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(`/members/${target.id}`);
  await page.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Liked' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Liked' })).toBeVisible();
});

test('a member who forgot the password resets it through the mailed link, once', async ({ page, browser }) => {
  const other = await browser.newContext();
  const user = await signup(other.request);
  const email = ((await (await other.request.get('/api/user.php')).json()).user as { email: string }).email;
  expect(user.id).toBeGreaterThan(0);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText(`We sent a link to ${email}.`)).toBeVisible();

  const path = await mailedPath(page.request, email, /https?:\/\/\S+\/reset-password\/do\S*/);
  await page.goto(path);
  await page.getByLabel('New password', { exact: true }).fill('my new secret words');
  await page.getByLabel('Repeat the new password').fill('my new secret word');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('The entered passwords are not the same.')).toBeVisible();
  await page.getByLabel('Repeat the new password').fill('my new secret words');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL('/members');
  // The other device's session ended with the reset.
  expect((await (await other.request.get('/api/user.php')).json()).user).toBeNull();
  await other.close();

  // The link works once.
  await page.goto(path);
  await page.getByLabel('New password', { exact: true }).fill('another new password');
  await page.getByLabel('Repeat the new password').fill('another new password');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Link expired or invalid, request a new e-mail.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new e-mail' })).toBeVisible();
});

test('settings: the password change checks the repeat and the old password', async ({ page }) => {
  await signup(page.request);
  await page.goto('/members');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Password' });
  await form.getByLabel('Current password').fill('wrong password');
  await form.getByLabel('New password', { exact: true }).fill('a changed password');
  await form.getByLabel('Repeat the new password').fill('a changed password');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Please check your old password.')).toBeVisible();
  await form.getByLabel('Current password').fill('a long enough password');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
});

test('settings: the e-mail address changes once the new address confirms it', async ({ page }) => {
  await signup(page.request);
  const next = `e2e.moved.${Date.now()}@example.org`;
  await page.goto('/settings');
  await page.getByLabel('New e-mail address').fill('not an address');
  await page.getByRole('form', { name: 'E-mail address' }).getByLabel('Current password').fill('a long enough password');
  await page.getByRole('button', { name: 'Change e-mail address' }).click();
  await expect(page.getByText('New email adress is invalid')).toBeVisible();
  await page.getByLabel('New e-mail address').fill(next);
  await page.getByRole('button', { name: 'Change e-mail address' }).click();
  await expect(page.getByText(`We sent a confirmation link to ${next}.`)).toBeVisible();
  await page.goto(await mailedPath(page.request, next, /https?:\/\/\S+\/mail-change\/do\?token=\S+/));
  await expect(page.getByText(`Your account now uses ${next}.`)).toBeVisible();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByText(`Your account uses ${next}.`)).toBeVisible();
});

test('settings: a likely typo in the new e-mail address is offered on the first tap of Change; the sent notice shows', async ({
  page,
}) => {
  await signup(page.request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'E-mail address' });
  const stamp = Date.now();
  await form.getByLabel('New e-mail address').fill(`moved.${stamp}@gmial.com`);
  await form.getByLabel('Current password').fill('a long enough password');
  await form.getByRole('button', { name: 'Change e-mail address' }).click();
  await form.getByRole('button', { name: `Did you mean moved.${stamp}@gmail.com?` }).click();
  await expect(form.getByLabel('New e-mail address')).toHaveValue(`moved.${stamp}@gmail.com`);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await form.getByRole('button', { name: 'Change e-mail address' }).click();
  const sent = page.getByRole('status').filter({ hasText: `We sent a confirmation link to moved.${stamp}@gmail.com.` });
  await expect(sent).toBeInViewport();
  await expect(sent).toBeFocused();
});

test('a deleted account is gone at once, refused at login, and restored by the mailed link', async ({ page }) => {
  await signup(page.request);
  const email = ((await (await page.request.get('/api/user.php')).json()).user as { email: string }).email;
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Current password').fill('a long enough password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL('/account-deleted');
  await expect(page.getByRole('heading', { name: 'Your account has been deleted' })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(
    page.getByText('Account pending deletion (reactivate via emailed link or contact customer service)'),
  ).toBeVisible();

  await page.goto(await mailedPath(page.request, email, /https?:\/\/\S+\/login\?reactivate=\S+/));
  await expect(page.getByText('Your account is restored. Log in to continue.')).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/members');
});

test('settings: the blocked list unblocks, and "Download my data" saves the ZIP', async ({ page }) => {
  await signup(page.request);
  const found = await page.request.get('/api/members.php', {
    params: { gender: 'female', country: 'NL', min_age: 18, max_age: 99, page: 1 },
  });
  const target = ((await found.json()).profiles as { id: number; name: string }[])[0];
  expect((await page.request.post('/api/block.php', { data: { profile: target.id } })).ok()).toBe(true);
  await page.goto('/settings');
  const blocked = page.getByRole('region', { name: 'Blocked members' });
  await blocked.getByRole('button', { name: `Unblock ${target.name}` }).click();
  await expect(blocked.getByText('You have not blocked anyone.')).toBeVisible();
  expect(((await (await page.request.get('/api/blocks.php')).json()).profiles as unknown[]).length).toBe(0);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const { unzipSync } = await import('fflate');
  const { readFile } = await import('node:fs/promises');
  const names = Object.keys(unzipSync(new Uint8Array(await readFile((await file.path())!))));
  expect(names).toContain('profile.json');
});

test('a new member is reminded to activate (and can get the link again), then to add a photo until dismissed', async ({
  page,
}) => {
  const email = `e2e.remind.${Date.now()}@example.org`;
  const res = await page.request.post('/api/signup.php', {
    data: {
      email,
      name: `Rem${Date.now() % 1e6}`,
      password: 'a long enough password',
      date_of_birth: '1991-07-08',
      gender: 'male',
      sexuality: 'hetero',
      country: 'NL',
    },
  });
  expect(res.ok()).toBe(true);
  await page.goto('/members');
  const reminder = page.getByRole('region', { name: 'Please confirm your e-mail address' });
  await expect(reminder).toContainText(`We sent a link to ${email}.`);
  await reminder.getByRole('button', { name: 'Send the link again' }).click();
  await expect(reminder.getByText('We sent you a new link.')).toBeVisible();
  await page.goto('/notifications');
  await expect(reminder).toHaveCount(0);

  await page.goto('/members');
  const photo = page.getByRole('status').filter({ hasText: 'Members with a photo get many more replies.' });
  // One prompt at a time (src/app/prompts.ts): the photo alert has its turn once the reminder is closed.
  await expect(reminder).toBeVisible();
  await expect(photo).toHaveCount(0);
  await reminder.getByRole('button', { name: 'Close' }).click();
  await expect(photo.getByRole('link', { name: 'Add a photo' })).toHaveAttribute('href', '/profile');
  await photo.getByRole('button', { name: 'Hide this tip' }).click();
  await expect(photo).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Please confirm your e-mail address' })).toBeVisible();
  await expect(page.getByText('Members with a photo get many more replies.')).toHaveCount(0);
});

test('an unconfirmed member is told the other party cannot reply, and the message waits until the address is confirmed', async ({
  page,
  browser,
}) => {
  const email = `e2e.unconf.${Date.now()}@example.org`;
  const text = `Hi Lucas, nice profile! (${email})`;
  const res = await page.request.post('/api/signup.php', {
    data: {
      email,
      name: `Unc${Date.now() % 1e6}`,
      password: 'a long enough password',
      date_of_birth: '1985-03-04',
      gender: 'female',
      sexuality: 'hetero',
      country: 'NL',
    },
  });
  expect(res.ok()).toBe(true);
  const lucas = await browser.newContext();
  const lucasUser = await (await import('./support.ts')).login(lucas.request, (await import('./support.ts')).LUCAS);
  await page.goto(`/members/${lucasUser.id}/chat`);
  await expect(page.getByText('Unconfirmed e-mail: the other party cannot reply.', { exact: false })).toBeVisible();
  await page.getByLabel('Message', { exact: true }).fill(text);
  // The bubble shows from the outbox at once; leaving the page before the send's answer would leave the message for
  // the outbox's next run, after the activation page has loaded.
  const sent = page.waitForResponse((r) => r.url().includes('/api/message.php') && r.ok());
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText(text)).toBeVisible();
  await sent;
  const lucasChats = async () =>
    ((await (await lucas.request.get('/api/chats.php')).json()).chats as { last_message: { text: string } | null }[]).map(
      (c) => c.last_message?.text,
    );
  expect(await lucasChats()).not.toContain(text);

  await page.goto(await mailedPath(page.request, email, /https?:\/\/\S+\/api\/activate\.php\?token=\S+/));
  await expect(page.getByRole('heading', { name: 'Your account is activated' })).toBeVisible();
  expect(await lucasChats()).toContain(text);
  await lucas.close();
});

test('settings: invisible mode takes the member out of search, and back', async ({ page, request }) => {
  const me = await signup(page.request);
  // Every page of a visitor's search that would show the member (support.signup: a man of 38 in NL).
  const inSearch = async () => {
    for (let page1 = 1; page1 <= 20; page1++) {
      const res = await request.get('/api/members.php', {
        params: { gender: 'male', country: 'NL', min_age: 38, max_age: 38, page: page1 },
      });
      const { profiles, numResults } = (await res.json()) as { profiles: { id: number }[]; numResults: number };
      if (profiles.some((p) => p.id === me.id)) return true;
      if (page1 * 20 >= numResults) return false;
    }
    return false;
  };
  expect(await inSearch()).toBe(true);
  await page.goto('/settings');
  const toggle = page.getByRole('switch', { name: 'Invisible mode' });
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(toggle).toBeChecked();
  expect(await inSearch()).toBe(false);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Invisible mode' })).toBeChecked();
  await page.getByRole('switch', { name: 'Invisible mode' }).uncheck();
  await expect.poll(inSearch).toBe(true);
});
