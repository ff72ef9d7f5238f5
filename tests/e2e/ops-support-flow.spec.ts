// Support in the back office's console (docs/operations.md "Support"): a member buys credits with the test payment
// service; support finds them, refunds the payment and gives 25 goodwill credits; the member's transactions show both,
// and both are in the audit log. Screenshots of the search, the member page and the dashboard at 1280 and 390 px.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signup } from './support.ts';
import { addStaff, signInOps, totpNow } from './ops-support.ts';

const SHOTS = '/tmp/shots-ops';

/** Screenshots of `page` at 1280 and 390 px wide as support-<name>-<width>.png. */
async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/support-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('support refunds a payment and gives goodwill credits in the console; the member sees both; both are audited', async ({
  page,
  browser,
}) => {
  // The member buys 100 credits with iDEAL on the test provider's hosted checkout.
  const member = await signup(page.request);
  const { email } = (await (await page.request.get('/api/user.php')).json()).user as { email: string };
  await page.goto('/credits');
  await page.getByRole('link', { name: 'Choose 100 credits' }).click();
  await page.getByRole('link', { name: 'iDEAL' }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/dev\/psp\/checkout\//);
  await page.getByRole('button', { name: 'Pay (authorised)' }).click();
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();

  // Support signs in to the console in a browser of their own and finds the member by address.
  const ops = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const staff = await addStaff('support');
  await signInOps(ops, staff);
  await ops.goto('/ops/support');
  await ops.getByLabel('E-mail address, member id or profile name').fill(email);
  await ops.getByRole('button', { name: 'Search' }).click();
  const hit = ops.getByRole('link', { name: email });
  await expect(hit).toBeVisible();
  await shots(ops, 'search');
  await hit.click();
  await expect(ops.getByRole('heading', { name: new RegExp(`#${member.id}`) })).toBeVisible();

  // The refund: the dialog says what comes back, as the member's own one does.
  await ops.getByRole('tab', { name: /Payments/ }).click();
  await ops.getByRole('button', { name: 'Refund…' }).click();
  const refund = ops.getByRole('dialog', { name: /Refund this payment of/ });
  await expect(refund).toContainText(/100 credits are taken back from the member's balance and €\d+\.\d\d is returned/);
  await refund.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(refund).toBeHidden();
  await expect(ops.getByRole('status')).toContainText('Refund taken');

  // 25 goodwill credits with a reason.
  await ops.getByRole('button', { name: 'Give goodwill credits' }).click();
  const goodwill = ops.getByRole('dialog', { name: /Give goodwill credits to/ });
  await goodwill.getByLabel(/Credits/).fill('25');
  await goodwill.getByLabel(/Reason/).fill('Sorry for the trouble with the payment');
  await goodwill.getByRole('button', { name: 'Give credits' }).click();
  await expect(goodwill).toBeHidden();
  await expect(ops.getByRole('status')).toContainText('25 goodwill credits given');
  await ops.getByRole('tab', { name: 'Credits ledger' }).click();
  await expect(ops.getByRole('cell', { name: 'goodwill', exact: true })).toBeVisible();
  await ops.getByRole('tab', { name: 'Overview' }).click();
  await shots(ops, 'member');

  // The dashboard, the console's start page.
  await ops.goto('/ops');
  await expect(ops.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await shots(ops, 'dashboard');

  // The member's transactions show the refund and the goodwill credits.
  await page.goto('/transactions');
  await expect(page.getByRole('row', { name: /Goodwill credits from support \+25/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Refund -100/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /100 credits · .* Refunded/ })).toBeVisible();

  // Both actions are in the audit log, as an admin reads it.
  const admin = await browser.newPage();
  const boss = await addStaff('admin');
  const login = await admin.request.post('/api/ops/login', {
    data: { email: boss.email, password: boss.password, code: totpNow(boss.secret) },
  });
  expect(login.ok(), await login.text()).toBe(true);
  for (const action of ['support.refund', 'support.goodwill']) {
    const res = await admin.request.get(`/api/ops/audit?action=${action}`);
    expect(res.ok()).toBe(true);
    const { rows } = (await res.json()) as { rows: { staff_id: number; role: string }[] };
    expect(rows, action).toHaveLength(1);
    expect(rows[0].role).toBe('support');
  }
  await admin.close();
  await ops.close();
});
