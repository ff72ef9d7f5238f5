// Buying credits in the browser against the embedded test payment service (Adyen's protocol on this server): the
// hosted checkout, the return page's states, premium and the balance after a purchase.
import { expect, test, type Page } from '@playwright/test';
import { credits, findMember, SANNE, sendMessage, signup } from './support.ts';

/** A new member (NL) who spent the 50 signup credits on 5 messages to Sanne; answers Sanne's id. */
async function brokeMember(page: Page): Promise<number> {
  await signup(page.request);
  const sanne = await findMember(page.request, SANNE.name, SANNE.age);
  for (let i = 0; i < 5; i++) await sendMessage(page.request, sanne, `Message ${i + 1}`);
  expect(await credits(page.request)).toBe(0);
  return sanne;
}

/** Picks bundle `credits` and `method` on /credits and presses Pay: the browser is then on the hosted checkout. */
async function checkout(page: Page, bundleCredits: number, method: string) {
  await page.getByRole('link', { name: `Choose ${bundleCredits} credits` }).click();
  await page.getByRole('link', { name: method }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/dev\/psp\/checkout\//);
}

test('a free member at 0 credits buys credits from the chat with iDEAL, is premium, and the message goes out', async ({
  page,
}) => {
  const sanne = await brokeMember(page);
  await page.goto(`/chats/${sanne}`);
  await page.getByRole('textbox', { name: 'Message' }).fill('Now with credits?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('You do not have enough credits to send this message.')).toBeVisible();
  await page.getByRole('link', { name: 'Buy credits' }).click();
  await expect(page).toHaveURL('/credits');
  await expect(page.getByRole('heading', { name: 'Buy credits' })).toBeVisible();
  // At the price paid now: the time bonus's 25 % off (money-decisions.spec.ts).
  await expect(page.getByText('1 message = 10 credits ≈ €1.12')).toBeVisible();

  // A new member's time bonus (TIMEBONUS25) takes 25 percent off: 14.99 - 3.75.
  await checkout(page, 100, 'iDEAL');
  await expect(page.getByRole('heading', { name: /Pay €11\.24/ })).toBeVisible();
  await page.getByRole('button', { name: 'Pay (authorised)' }).click();
  await expect(page).toHaveURL(/\/credits\/1\/ideal\?payment=/);
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await expect(page.getByText('100 credits were added. You now have 100 credits and you are a premium member.')).toBeVisible();
  // The navigation now shows the credits link of a paid member instead of Get Premium.
  await expect(page.getByRole('link', { name: /Get Premium/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Credits/ })).toBeVisible();

  // The refused message waits in the composer (money-decisions.spec.ts).
  await page.goto(`/chats/${sanne}`);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Now with credits?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('You do not have enough credits to send this message.')).toHaveCount(0);
  await expect.poll(() => credits(page.request)).toBe(90);

  await page.goto('/transactions');
  const item = page.getByRole('link', { name: /100 credits · €11\.24 Completed/ });
  await expect(item).toContainText('iDEAL');
  await item.click();
  await expect(page.getByRole('heading', { name: 'Invoice details' })).toBeVisible();

  // Within refund_days the unused credits (90 of the 100) can be refunded, at their share of the price.
  await page.getByRole('button', { name: 'Refund my unused credits' }).click();
  await page.getByRole('dialog', { name: 'Refund unused credits?' }).getByRole('button', { name: 'Confirm refund' }).click();
  await expect(page.getByText('90 credits were taken back and €10.11 is on its way back to you.')).toBeVisible();
  expect(await credits(page.request)).toBe(0);
});

for (const [outcome, button] of [
  ['refused', 'Refuse the payment'],
  ['cancelled', 'Cancel and go back'],
] as const) {
  test(`a ${outcome} payment says so and offers the other methods`, async ({ page }) => {
    await signup(page.request);
    await page.goto('/credits');
    await checkout(page, 250, 'iDEAL');
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Payment failed or has been cancelled.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Bank transfer' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'iDEAL' })).toHaveCount(0);
    expect(await credits(page.request)).toBe(50);
  });
}

test('a pending payment shows "Processing your payment" and completes when the checkout is paid in another tab', async ({
  page,
  context,
}) => {
  await signup(page.request);
  await page.goto('/credits');
  await checkout(page, 600, 'iDEAL');
  const checkoutUrl = page.url();
  await page.getByRole('button', { name: 'Leave it pending at the bank' }).click();
  await expect(page.getByRole('heading', { name: 'Processing your payment' })).toBeVisible();

  const bank = await context.newPage();
  await bank.goto(checkoutUrl);
  await bank.getByRole('button', { name: 'Pay (authorised)' }).click();
  await expect(bank.getByText('The pending payment is now completed.')).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible({ timeout: 15_000 });
  expect(await credits(page.request)).toBe(650);
});

test('direct debit: the mandate form, the SMS code from the dev SMS outbox, then the bank settles it', async ({ page }) => {
  await signup(page.request);
  await page.goto('/credits');
  await page.getByRole('link', { name: 'Choose 100 credits' }).click();
  await page.getByRole('link', { name: 'SEPA direct debit' }).click();
  await expect(page).toHaveURL('/directdebit?bundle=1');
  await page.getByRole('button', { name: 'Send me the code' }).click();
  await expect(page.getByText('Please authorise the debit.')).toBeVisible();
  await expect(page.getByLabel('IBAN')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Account holder').fill('Jan de Vries');
  await page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 01');
  await page.getByLabel('Street').fill('Keizersgracht');
  await page.getByLabel('House number').fill('12');
  await page.getByLabel('Postal code').fill('1015 CJ');
  await page.getByLabel('City').fill('Amsterdam');
  // A Dutch mobile number of its own each run (06-1…); the code goes to it in E.164.
  const phone = `+31 6 1${String(Date.now()).slice(-7)}`;
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByLabel(/I authorise/).check();
  await page.getByRole('button', { name: 'Send me the code' }).click();
  await expect(page.getByText('This is not a valid IBAN.')).toBeVisible();
  await page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00');
  await page.getByRole('button', { name: 'Send me the code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();

  let code = '';
  await expect
    .poll(async () => {
      const { messages } = (await (await page.request.get('/api/dev-sms.php')).json()) as {
        messages: { to: string; text: string }[];
      };
      code = messages.find((m) => m.to === phone.replaceAll(' ', ''))?.text.match(/\b\d{6}\b/)?.[0] ?? '';
      return code;
    })
    .not.toBe('');
  await page.getByRole('textbox', { name: 'Code' }).fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm the direct debit' }).click();
  await expect(page.getByText('Code invalid')).toBeVisible();
  await page.getByRole('textbox', { name: 'Code' }).fill(code);
  await page.getByRole('button', { name: 'Confirm the direct debit' }).click();
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible({ timeout: 15_000 });
  expect(await credits(page.request)).toBe(150);
});

for (const [store, ending] of [
  ['Store the card for next time', 'completes'],
  ['Store the card; its later charges are declined (test)', 'fails'],
] as const) {
  test(`repeat order with the stored card in one step: a charge that ${ending}`, async ({ page }) => {
    await signup(page.request);
    await page.goto('/credits');
    await checkout(page, 100, 'Visa');
    await page.getByLabel(store).check();
    await page.getByRole('button', { name: 'Pay (authorised)' }).click();
    await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
    await page.getByRole('link', { name: 'Credits', exact: false }).first().click();
    await page.getByRole('link', { name: 'Buy your last bundle again' }).click();
    await expect(page).toHaveURL('/credits/repeat-order');
    await page.getByRole('button', { name: 'Buy 100 credits again for €14.99 with your Visa ending in 1111' }).click();
    if (ending === 'completes') {
      await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
      await expect.poll(() => credits(page.request)).toBe(250);
    } else {
      await expect(page.getByRole('alert').filter({ hasText: 'Credit card payment failed on the stored card' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Pay with PayPal instead' })).toHaveAttribute('href', '/credits/1/paypal');
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByRole('button', { name: /^Buy 100 credits again/ })).toBeVisible();
      expect(await credits(page.request)).toBe(150);
    }
  });
}
