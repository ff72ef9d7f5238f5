// Gifts in the real browser (spec 1, 3 gift_credits, 6): the picker shows each gift's credits and money price, a gift
// sent offline waits in the outbox and arrives exactly once when back online with one debit of gift_credits, and a
// visitor who wants to send one is offered signup beside the member.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { credits, findMember, login, LUCAS, SANNE, waitForServiceWorker } from './support.ts';

/** The default site's gift_credits (server/seed/site.ts). */
const GIFT_CREDITS = 25;

type Sent = { id: string; gift: string | null; sender_id: number };
const giftsFrom = async (request: import('@playwright/test').APIRequestContext, profile: number, sender: number) =>
  ((await (await request.get('/api/messages.php', { params: { profile, limit: 100 } })).json()).messages as Sent[]).filter(
    (m) => m.gift && m.sender_id === sender,
  );

test('a gift sent offline arrives once when back online and the balance drops by gift_credits once', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const me = await login(context.request, LUCAS);
  const sanneId = await findMember(context.request, SANNE.name, SANNE.age);
  const start = await credits(context.request);
  const before = (await giftsFrom(context.request, sanneId, me.id)).map((m) => m.id);

  await page.goto(`/chats/${sanneId}`);
  await waitForServiceWorker(page);
  // Online first: the picker shows the price in money, and what it is based on.
  await page.getByRole('button', { name: 'Send a gift' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Sanne a gift' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/based on the smallest credit bundle/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Red rose.*25 credits.*≈ €\d+\.\d\d/ })).toBeVisible();
  // The open dialog passes the accessibility gate's rules (tests/e2e/axe.spec.ts).
  const axe = await new AxeBuilder({ page }).include('.modal').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Send a gift' }).click();
  await dialog.getByRole('button', { name: /Red rose/ }).click();
  await expect(dialog).toBeHidden();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('Gift: Red rose').last()).toBeVisible();
  await expect(log.getByText('Waiting to send')).toHaveCount(1);
  // Offline a while (the outbox keeps it), then back: delivered once.
  await page.waitForTimeout(1_000);
  await context.setOffline(false);
  await expect(log.getByText('Waiting to send')).toHaveCount(0, { timeout: 30_000 });

  const sent = (await giftsFrom(context.request, sanneId, me.id)).filter((m) => !before.includes(m.id));
  expect(sent).toHaveLength(1);
  expect(sent[0].gift).toBe('rose');
  expect(await credits(context.request)).toBe(start - GIFT_CREDITS);

  // Sanne has it once too, as the conversation's last message.
  const sanne = await browser.newContext();
  await login(sanne.request, SANNE);
  expect((await giftsFrom(sanne.request, me.id, me.id)).filter((m) => m.id === sent[0].id)).toHaveLength(1);
  const chats = (await (await sanne.request.get('/api/chats.php')).json()).chats as {
    profile: { id: number };
    last_message: Sent;
  }[];
  expect(chats.find((c) => c.profile.id === me.id)?.last_message).toMatchObject({ id: sent[0].id, gift: 'rose' });
  await sanne.close();

  // The chat list shows the gift as the last message.
  await page.goto('/chats');
  await expect(page.getByRole('link', { name: /Sanne/ })).toContainText('You sent a gift: Red rose');
  await context.close();
});

test('a visitor who taps Like, Send message or Send a gift on a profile is taken to signup beside the member', async ({
  page,
}) => {
  const sanneId = await findMember(page.request, SANNE.name, SANNE.age);
  const signup = `/members/${sanneId}/signup`;
  for (const action of [
    page.getByRole('button', { name: 'Like', exact: true }),
    page.getByRole('link', { name: 'Send message' }),
    page.getByRole('button', { name: 'Send a gift' }),
  ]) {
    await page.goto(`/members/${sanneId}`);
    await action.click();
    await expect(page).toHaveURL(signup);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(SANNE.name);
  }
});
