// Bank transfer on a phone-sized screen: no checkout and no endless spinner; the payment's page shows what to
// transfer where (from the test payment service), and completes once the test service's bank has the money.
import { expect, test } from '@playwright/test';
import { credits, signup } from './support.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('a bank transfer shows the instructions with copy buttons, and the credits come when the money arrives', async ({
  page,
}) => {
  await signup(page.request);
  await page.goto('/credits');
  await page.getByRole('link', { name: 'Choose 600 credits' }).click();
  await page.getByRole('link', { name: 'Bank transfer' }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/credits\/3\/banktransfer\?payment=/);
  const id = new URL(page.url()).searchParams.get('payment')!;

  await expect(page.getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Processing your payment' })).toHaveCount(0);
  const details = page.getByRole('definition');
  await expect(details.filter({ hasText: 'NL13 TEST 0123 4567 89' })).toBeVisible();
  await expect(details.filter({ hasText: 'TESTNL2A' })).toBeVisible();
  await expect(details.filter({ hasText: 'Heartline Test Merchant' })).toBeVisible();
  await expect(details.filter({ hasText: /^TR-/ })).toBeVisible();
  await expect(details.filter({ hasText: /^€\d+\.\d\d/ })).toBeVisible();
  await expect(page.getByText('Your credits arrive as soon as the bank transfer is received')).toBeVisible();

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy IBAN' }).click();
  await expect(page.getByRole('button', { name: 'Copy IBAN' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('NL13TEST0123456789');

  // The test service's bank receives the transfer: the page moves on by itself.
  expect((await page.request.post(`/dev/psp/transfers/${id}/received`, { maxRedirects: 0 })).status()).toBe(303);
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible({ timeout: 15_000 });
  expect(await credits(page.request)).toBe(650);
});
