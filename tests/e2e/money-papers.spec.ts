// The papers of a purchase, end to end against the embedded test payment service: the receipt mail, the invoice PDF,
// the refund behind its confirmation, the credit note, premium ending with the full refund, and the refund as the
// provider recorded it.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { pdfText } from '../pdf-text.ts';
import { credits, signup } from './support.ts';

/** The newest dev-mailbox mail to `to` whose subject matches `subject` (polled: mails go out as jobs). */
async function mailTo(request: APIRequestContext, to: string, subject: RegExp) {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const { mails } = (await (await request.get('/api/dev-mailbox.php')).json()) as {
        mails: { to: string; subject: string; text: string }[];
      };
      found = mails.find((m) => m.to === to && subject.test(m.subject));
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

test('a purchase brings a receipt and an invoice PDF; its confirmed refund a credit note, the end of premium and the provider refund', async ({
  page,
}) => {
  const member = await signup(page.request);
  const { user } = (await (await page.request.get('/api/user.php')).json()) as { user: { email: string } };
  expect(member.credits).toBe(50);

  // Buy 100 credits with iDEAL; the new member's time bonus takes 25 % off: €14.99 - €3.75.
  await page.goto('/credits');
  await page.getByRole('link', { name: 'Choose 100 credits' }).click();
  await page.getByRole('link', { name: 'iDEAL' }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('button', { name: 'Pay (authorised)' }).click();
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Get Premium/ })).toHaveCount(0);

  const receipt = await mailTo(page.request, user.email, /^Your receipt INV-/);
  const invoiceNumber = receipt.subject.match(/INV-\d+-\d+/)![0];
  expect(receipt.text).toContain('€11.24');
  const transactionPath = new URL(receipt.text.match(/https?:\/\/\S+\/transactions\/\S+/)![0]).pathname;
  const paymentId = transactionPath.split('/').pop();

  // The receipt's link opens the transaction, whose invoice downloads as a PDF holding its number and total.
  await page.goto(transactionPath);
  await expect(page.getByRole('heading', { name: 'Invoice details' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: `Invoice ${invoiceNumber}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  const pdf = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks));
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdfText(pdf)).toContain(invoiceNumber);
  expect(pdfText(pdf)).toContain('€11.24');

  // The refund asks first, naming the 100 bought credits and the €11.24; only Confirm takes them back.
  await page.getByRole('button', { name: 'Refund my unused credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund unused credits?' });
  await expect(dialog).toContainText('100');
  await expect(dialog).toContainText('€11.24');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await credits(page.request)).toBe(150);
  await page.getByRole('button', { name: 'Refund my unused credits' }).click();
  await dialog.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(page.getByText('100 credits were taken back and €11.24 is on its way back to you.')).toBeVisible();
  expect(await credits(page.request)).toBe(50);

  // The credit note: by mail and as a download beside the invoice.
  const note = await mailTo(page.request, user.email, /^Your refund CN-/);
  const noteNumber = note.subject.match(/CN-\d+-\d+/)![0];
  await expect(page.getByRole('link', { name: `Credit note ${noteNumber}` })).toBeVisible();

  // Every purchase fully refunded: no longer premium, in the API and in the navigation.
  const after = (await (await page.request.get('/api/user.php')).json()) as { user: { paid_user: boolean } };
  expect(after.user.paid_user).toBe(false);
  await page.goto('/credits');
  await expect(page.getByRole('link', { name: /Get Premium/ })).toBeVisible();

  // The provider received the refund of the whole amount.
  await expect
    .poll(async () => {
      const { refunds } = (await (await page.request.get('/dev/psp/refunds')).json()) as {
        refunds: { reference: string; amount: { value: number; currency: string } }[];
      };
      return refunds.filter((r) => r.reference === `refund-${paymentId}`).map((r) => r.amount);
    })
    .toEqual([{ value: 1124, currency: 'EUR' }]);
});
