// What a member sees before a money decision (docs/payments.md "What the member sees before paying"): each method's
// price, a retry of the same method, the refund named in a confirmation, the credits an account deletion loses, the
// message refused for want of credits kept through the purchase, and the country's real message cost on /pricing.
import { expect, test, type Page } from '@playwright/test';
import { credits, findMember, SANNE, sendMessage, serveSettings, signup } from './support.ts';

/** Picks bundle `bundleCredits` and `method` on /credits and presses Pay: the browser is then on the hosted checkout. */
async function checkout(page: Page, bundleCredits: number, method: string) {
  await page.getByRole('link', { name: `Choose ${bundleCredits} credits` }).click();
  await page.getByRole('link', { name: method }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/dev\/psp\/checkout\//);
}

test('a message refused for want of credits waits in the composer through the purchase and is sent from there', async ({
  page,
}) => {
  await signup(page.request);
  const sanne = await findMember(page.request, SANNE.name, SANNE.age);
  for (let i = 0; i < 5; i++) await sendMessage(page.request, sanne, `Message ${i + 1}`);
  expect(await credits(page.request)).toBe(0);

  await page.goto(`/chats/${sanne}`);
  await page.getByRole('textbox', { name: 'Message' }).fill('Kept for after the purchase');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('You do not have enough credits to send this message.')).toBeVisible();
  await page.getByRole('link', { name: 'Buy credits' }).click();
  await expect(page).toHaveURL('/credits');

  await checkout(page, 100, 'iDEAL');
  await page.getByRole('button', { name: 'Pay (authorised)' }).click();
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to your conversation' }).click();
  await expect(page).toHaveURL(`/chats/${sanne}`);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Kept for after the purchase');
  await expect(page.getByRole('status').filter({ hasText: 'Your message was not sent.' })).toBeVisible();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expect.poll(() => credits(page.request)).toBe(90);
  await expect(page.getByText('Kept for after the purchase')).toHaveCount(1);

  // Sent: the draft is gone, a later visit starts empty.
  await page.reload();
  await expect(page.getByText('Kept for after the purchase')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
});

test('each method shows its price; a cancelled payment is retried with the same method; the refund asks first', async ({
  page,
}) => {
  await signup(page.request);
  await page.goto('/credits');
  // The time bonus (TIMEBONUS25) is on: one message is priced at 14.99 - 3.75 = 11.24 for 100 credits.
  await expect(page.getByText('1 message = 10 credits ≈ €1.12')).toBeVisible();
  await page.getByRole('link', { name: 'Choose 100 credits' }).click();
  await expect(page.getByRole('link', { name: /iDEAL.*€11\.24/ })).toBeVisible();
  // PayPal's 3 % on what is left after the discount: 11.24 + 0.34.
  await expect(page.getByRole('link', { name: /PayPal.*€11\.58/ })).toBeVisible();
  await page.getByRole('link', { name: /iDEAL/ }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('button', { name: 'Cancel and go back' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Payment failed or has been cancelled.' })).toBeVisible();

  await page.getByRole('button', { name: 'Try iDEAL again' }).click();
  await expect(page).toHaveURL(/\/dev\/psp\/checkout\//);
  await page.getByRole('button', { name: 'Pay (authorised)' }).click();
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to your conversation' })).toHaveCount(0);
  expect(await credits(page.request)).toBe(150);

  // Deleting the account would lose 150 credits, 100 of them bought: the refund is offered first.
  await page.goto('/settings');
  await expect(page.getByText('You still have 150 credits. They are lost when you delete your account.')).toBeVisible();
  await expect(page.getByText('100 of them you bought and have not used')).toBeVisible();
  await page.getByRole('link', { name: 'Refund my unused credits first' }).click();
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]+$/);

  // The refund names what it takes back and returns; Cancel does nothing, Confirm refunds.
  await page.getByRole('button', { name: 'Refund my unused credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund unused credits?' });
  await expect(dialog).toContainText('100 credits are taken back from your balance and €11.24 is returned to you.');
  await dialog.getByRole('button', { name: 'Cancel' }).first().click();
  await expect(dialog).toBeHidden();
  expect(await credits(page.request)).toBe(150);
  await page.getByRole('button', { name: 'Refund my unused credits' }).click();
  await page.getByRole('dialog', { name: 'Refund unused credits?' }).getByRole('button', { name: 'Confirm refund' }).click();
  await expect(page.getByText('100 credits were taken back and €11.24 is on its way back to you.')).toBeVisible();
  expect(await credits(page.request)).toBe(50);
});

test('/pricing shows a visitor from Switzerland the message cost charged there (12 credits, not 10)', async ({ page }) => {
  await serveSettings(page, { geoip_country: 'CH', geoip_selected_country: null });
  await page.goto('/pricing');
  await expect(page.getByText('One message costs 12 credits.')).toBeVisible();
  await expect(page.getByText('Prices for Switzerland, including VAT')).toBeVisible();
});
