// Signup in steps 0 to 4 (spec 2): a step indicator, Back and Next, each step checked before the next,
// the form state surviving a reload in the middle, the modal that backdrop and Escape cannot close once a signup is
// under way, and the flow on to /complete-signup and /signup-matches.
import { expect, test } from '@playwright/test';
import { enteredBefore, fillSignupSteps } from './support.ts';

test('the signup steps check each step, survive a reload, and lead to the completion step', async ({ page }) => {
  const stamp = Date.now();
  const email = `st.${stamp % 100_000_000}@example.org`; // short enough to be typed as a username (30)
  const name = `Steps${stamp % 100000}`;
  await page.goto('/signup');
  const current = page.getByRole('list', { name: 'Signup steps' }).locator('[aria-current="step"]');
  await expect(current).toContainText('You');

  await page.getByLabel('I am').selectOption({ label: 'a woman' });
  await page.getByLabel('Looking for').selectOption({ label: 'men' });
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2 refuses to go on without a date of birth (spec 5's prompt), and refuses someone too young.
  await expect(page.getByRole('group', { name: 'Step 2 of 5: Birthday' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Enter your date of birth (minimum age 18)')).toBeVisible();
  await expect(page.getByLabel('Date of birth')).toBeFocused();
  await expect(current).toContainText('Birthday');
  await page.getByLabel('Date of birth').fill(`${new Date().getFullYear() - 10}-01-01`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(current).toContainText('Birthday');
  await page.getByLabel('Date of birth').fill('1990-05-17');
  await page.getByLabel('Country').selectOption('NL');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: an invalid e-mail stays on the step with spec 5's message; Back keeps what was entered.
  await expect(page.getByRole('group', { name: 'Step 3 of 5: E-mail' })).toBeVisible();
  await page.getByLabel('E-mail').fill('not-an-address');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Invalid email')).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Date of birth')).toHaveValue('1990-05-17');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4: the username may not be the e-mail address (spec 5).
  await page.getByLabel('Username').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Username may not be the same as your e-mail address')).toBeVisible();
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('A few words about you (optional)').fill('Hiking and good coffee.');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password').fill('a long enough password');

  // A reload in the middle: the same step, everything entered still there (the password only in this tab's
  // sessionStorage, never in localStorage).
  // The visit now enters from the Netherlands, chosen at step 2: the entry warning greets it first (spec 1).
  await page.reload();
  await page.getByRole('dialog', { name: 'Adults only' }).getByRole('button', { name: 'I am 18 or older, enter' }).click();
  await expect(page.getByRole('group', { name: 'Step 5 of 5: Password' })).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveValue('a long enough password');
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).toContain(email);
  expect(stored).not.toContain('a long enough password');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Username')).toHaveValue(name);
  await expect(page.getByLabel('A few words about you (optional)')).toHaveValue('Hiking and good coffee.');
  await page.getByRole('button', { name: 'Next' }).click();

  const request = page.waitForRequest((r) => r.url().endsWith('/api/signup.php') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Sign up' }).click();
  expect((await request).postDataJSON()).toMatchObject({
    email,
    name,
    date_of_birth: '1990-05-17',
    gender: 'female',
    sexuality: 'hetero',
    country: 'NL',
    signup_message: 'Hiking and good coffee.',
  });
  await expect(page).toHaveURL('/complete-signup');
  // The draft is gone once the account exists.
  expect(
    await page.evaluate(() => localStorage.getItem('signup-draft') ?? sessionStorage.getItem('signup-draft-password')),
  ).toBeNull();
  await page.getByRole('link', { name: 'See who fits you' }).click();
  await expect(page).toHaveURL('/signup-matches');
  const me = (await (await page.request.get('/api/user.php')).json()).user;
  expect(me.email).toBe(email);
});

test('the signup modal closes by Escape before a signup starts, but not by Escape or backdrop once it is under way', async ({
  page,
}) => {
  await page.goto('/');
  const openModal = () => page.getByRole('button', { name: 'Sign up for free' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create your free account' });
  await openModal();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await openModal();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('group', { name: 'Step 2 of 5: Birthday' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5); // the backdrop
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Step 2 of 5: Birthday' })).toBeVisible();

  // The close button still closes it, and reopening resumes the same step.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await openModal();
  await expect(dialog.getByRole('group', { name: 'Step 2 of 5: Birthday' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Back' }).click();
  const stamp = Date.now();
  await fillSignupSteps(dialog, { email: `modal.${stamp}@example.org`, name: `Modal${stamp % 100000}` });
  await expect(page).toHaveURL('/complete-signup');
});

test('a likely e-mail typo stops the first Next with "Did you mean ...?"; a second Next goes on', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Choosing a site country brings the entry warning (spec 1): this visitor entered before.
  await enteredBefore(page);
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Date of birth').fill('1990-05-17');
  await page.getByLabel('Country').selectOption('NL');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('group', { name: 'Step 3 of 5: E-mail' })).toBeVisible();
  await page.getByLabel('E-mail').fill('ann.typo@gmial.com');
  // Next leaves the field and sends the step at once: the suggestion must still be seen.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('button', { name: 'Did you mean ann.typo@gmail.com?' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Step 3 of 5: E-mail' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('group', { name: 'Step 4 of 5: Username' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('E-mail')).toHaveValue('ann.typo@gmial.com');

  // Taken, the suggestion replaces the address, and Next goes on at once.
  await page.getByLabel('E-mail').fill('bob.typo@hotmal.com');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Did you mean bob.typo@hotmail.com?' }).click();
  await expect(page.getByLabel('E-mail')).toHaveValue('bob.typo@hotmail.com');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('group', { name: 'Step 4 of 5: Username' })).toBeVisible();
});
