// Complaints and reports as members and visitors meet them (spec 2: /complaints).
import { expect, test } from '@playwright/test';
import { signup } from './support.ts';

test('a member reports a profile from its Report action and gets a reference', async ({ page }) => {
  await signup(page.request);
  const found = await page.request.get('/api/members.php', {
    params: { gender: 'female', country: 'NL', min_age: 18, max_age: 99, page: 1 },
  });
  const target = ((await found.json()).profiles as { id: number; name: string }[])[0];
  await page.goto(`/members/${target.id}`);
  await page.getByRole('link', { name: `Report ${target.name}` }).click();
  await expect(page).toHaveURL(`/complaints?member=${target.id}`);
  await expect(page.getByText('Your report is about the profile you came from.')).toBeVisible();
  await expect(page.getByLabel('What is it about?')).toHaveValue('fake_profile');
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Please write at least 10 characters.')).toBeVisible();
  await page.getByLabel('Your message').fill('The photos of this profile belong to someone else.');
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you, we received your report.' })).toContainText(
    /Your reference is R-[A-Z2-9]{8}\./,
  );
});

test('a visitor reports with an e-mail address', async ({ page }) => {
  await page.goto('/complaints');
  await page.getByLabel('What is it about?').selectOption('illegal_content');
  await page.getByLabel('Your message').fill('I found content on this site that is illegal in my country.');
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Please enter your e-mail address so we can answer.')).toBeVisible();
  await page.getByLabel('Your e-mail address, for our answer').fill('worried.visitor@example.org');
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you, we received your report.')).toBeVisible();
});

test('on a phone the "Thank you" that replaces the form is scrolled into view and focused', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/complaints');
  await page.getByLabel('What is it about?').selectOption('illegal_content');
  await page.getByLabel('Your message').fill('I found content on this site that is illegal in my country.');
  await page.getByLabel('Your e-mail address, for our answer').fill('worried.visitor@example.org');
  // Sent from the bottom of the page, as a thumb does after the last field.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.getByRole('button', { name: 'Send report' }).click();
  const thanks = page.getByRole('status').filter({ hasText: 'Thank you, we received your report.' });
  await expect(thanks).toBeInViewport();
  await expect(thanks).toBeFocused();
});
