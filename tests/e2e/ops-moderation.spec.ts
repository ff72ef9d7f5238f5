// Moderation in the console (docs/operations.md "Moderation", "Photo review"): a member files a complaint, a moderator
// suspends the reported member for 7 days, who then cannot log in and reads why; the decision is in the audit log.
// Screenshots of the queue, a complaint and photo review at 1280 and 390 px go to /tmp/shots-ops/.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { v7 } from 'uuid';
import { mailedPath } from './support.ts';
import { addStaff, signInOps, totpNow } from './ops-support.ts';

const SHOTS = '/tmp/shots-ops';
const PASSWORD = 'a long enough password';

let counter = 0;
/** Signs a member up in `request` (logged in there) and activates them: id, address and name. */
async function member(request: APIRequestContext, name: string) {
  const stamp = `${Date.now()}${++counter}`;
  const email = `mod.${stamp}@example.org`;
  const res = await request.post('/api/signup.php', {
    data: { email, name, password: PASSWORD, date_of_birth: '1987-03-09', gender: 'male', sexuality: 'hetero', country: 'NL' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await request.get(await mailedPath(request, email), { maxRedirects: 0 });
  return { id: ((await res.json()).user as { id: number }).id, email, name };
}

/** Screenshots of `page` at 1280 and 390 px wide as /tmp/shots-ops/mod-<name>-<width>.png. */
async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/mod-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a complaint leads to a 7-day suspension: the member cannot log in and reads why; the audit log has it', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  // The reported member writes to the complainant and uploads a photo (waiting for review).
  const rudeRequest = await playwright.request.newContext({ baseURL });
  const rude = await member(rudeRequest, `Rude${Date.now() % 100000}`);
  const me = await member(page.request, 'Complainant');
  const sent = await rudeRequest.post('/api/message.php', {
    data: { id: v7(), profile: me.id, text: 'You are ugly, pay me or else.' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const jpeg = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#8a5' } })
    .jpeg()
    .toBuffer();
  const upload = await rudeRequest.post('/api/photos.php', {
    multipart: { photo: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
  });
  expect(upload.status()).toBe(201);

  // The complainant reports them through the form.
  await page.goto(`/complaints?member=${rude.id}`);
  await page.getByLabel('What is it about?').selectOption('harassment');
  await page.getByLabel('Your message').fill('This member insults me and asks me for money.');
  await page.getByRole('button', { name: 'Send report' }).click();
  const thanks = page.getByRole('status').filter({ hasText: 'Thank you, we received your report.' });
  await expect(thanks).toBeVisible();
  const reference = (await thanks.textContent())!.match(/R-[A-Z2-9]{8}/)![0];

  // A moderator finds it in the queue and suspends the member for 7 days.
  const moderator = await addStaff('moderator');
  const ops = await (await browser.newContext({ baseURL })).newPage();
  await ops.setViewportSize({ width: 1280, height: 900 });
  await signInOps(ops, moderator);
  await ops.goto('/ops/moderation');
  await expect(ops.getByRole('link', { name: reference })).toBeVisible();
  await shoot(ops, 'queue');
  await ops.getByRole('link', { name: reference }).click();
  await expect(ops.getByRole('heading', { name: new RegExp(`Complaint ${reference}`) })).toBeVisible();
  await expect(ops.getByText('You are ugly, pay me or else.')).toBeVisible();
  await shoot(ops, 'detail');
  await ops.getByRole('button', { name: 'Suspend' }).click();
  const dialog = ops.getByRole('dialog', { name: `Suspend ${rude.name}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Ground (terms clause)').selectOption('terms:harassment');
  await dialog.getByLabel('Days').fill('7');
  await shoot(ops, 'dialog');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(dialog).toBeHidden();
  await expect(ops.getByText(`Suspend ${rude.name}: done.`)).toBeVisible();
  await expect(ops.getByRole('cell', { name: 'suspension' })).toBeVisible();

  // Photo review lists the new photo.
  await ops.getByRole('link', { name: 'Photo review' }).click();
  await expect(ops.getByRole('img', { name: new RegExp(`of ${rude.name}$`) })).toBeVisible();
  await shoot(ops, 'photos');
  await ops.getByRole('button', { name: new RegExp(`Approve photo \\d+ of ${rude.name}`) }).click();
  await expect(ops.getByRole('img', { name: new RegExp(`of ${rude.name}$`) })).toBeHidden();

  // The suspended member cannot log in and reads why.
  const rudePage = await (await browser.newContext({ baseURL })).newPage();
  await rudePage.goto('/login');
  await rudePage.getByLabel('E-mail').fill(rude.email);
  await rudePage.getByLabel('Password').fill(PASSWORD);
  await rudePage.getByRole('button', { name: 'Log in' }).click();
  await expect(rudePage.getByRole('alert')).toContainText('Your account is suspended until');
  await expect(rudePage).toHaveURL(/\/login/);

  // The audit log (an admin's API call) has the decision.
  const admin = await addStaff('admin');
  const adminRequest = await playwright.request.newContext({ baseURL });
  const signedIn = await adminRequest.post('/api/ops/login', {
    data: { email: admin.email, password: admin.password, code: totpNow(admin.secret) },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const audit = await adminRequest.get('/api/ops/audit', {
    params: { action: 'moderation.suspend', target_id: String(rude.id) },
  });
  const { rows } = (await audit.json()) as { rows: { role: string; after: { kind: string; ground: string } }[] };
  expect(rows).toEqual([
    expect.objectContaining({
      role: 'moderator',
      after: expect.objectContaining({ kind: 'suspension', ground: 'terms:harassment' }),
    }),
  ]);
});
