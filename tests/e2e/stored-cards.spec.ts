// Stored cards in the settings, on a phone-sized screen: a card stored at a Visa checkout is listed with its last 4
// digits and expiry, and Remove (behind a confirmation) deletes it at the test payment service and here.
import { expect, test } from '@playwright/test';
import { signup } from './support.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('a card stored at checkout is listed in the settings and removed after a confirmation', async ({ page }) => {
  await signup(page.request);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Stored cards' })).toBeVisible();
  await expect(page.getByText('You have no stored cards.')).toBeVisible();

  await page.goto('/credits');
  await page.getByRole('link', { name: 'Choose 100 credits' }).click();
  await page.getByRole('link', { name: 'Visa' }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/dev\/psp\/checkout\//);
  await page.getByLabel('Store the card for next time').check();
  await page.getByRole('button', { name: 'Pay (authorised)' }).click();
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();

  // The card arrives with the webhook, which may come after the member.
  await expect.poll(async () => (await (await page.request.get('/api/stored-cards.php')).json()).cards.length).toBe(1);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Stored cards' });
  await expect(section.getByText('Visa ending in 1111')).toBeVisible();
  await expect(section.getByText('Expires 03/2030')).toBeVisible();

  await section.getByRole('button', { name: 'Remove Visa ending in 1111' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this card?' });
  await expect(dialog).toContainText('Visa ending in 1111 is deleted at the payment provider');
  // Cancel keeps it.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(section.getByText('Visa ending in 1111')).toBeVisible();

  await section.getByRole('button', { name: 'Remove Visa ending in 1111' }).click();
  await page.getByRole('dialog', { name: 'Remove this card?' }).getByRole('button', { name: 'Remove card' }).click();
  await expect(section.getByText('You have no stored cards.')).toBeVisible();
  expect((await (await page.request.get('/api/stored-cards.php')).json()).cards).toEqual([]);
  // Buying again now goes through the checkout: no stored card to charge.
  expect((await (await page.request.get('/api/repeat-order.php')).json()).card).toBeNull();
});
