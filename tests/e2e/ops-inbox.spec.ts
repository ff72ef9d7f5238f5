// The fictional profiles' inbox end to end (docs/operations.md "Fictional profiles' inbox"): a member writes to a
// fictional profile, seeing the fictional marker and warning; an operator claims the conversation in the desk and
// replies; the reply arrives live in the member's open chat; a reply with a phone number is refused in the desk.
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { addStaff, signInOps } from './ops-support.ts';
import { fictionalProfile, signup } from './support.ts';

const SHOTS = '/tmp/shots-ops';

test('a member writes to a fictional profile; an operator claims it and the reply arrives live; contact details are refused', async ({
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const member = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signup(member.request);
  // This member's rows only: other tests' members may be waiting on the same profile.
  const { name: memberName } = (await (await member.request.get('/api/user.php')).json()).user.profile as { name: string };
  const persona = await fictionalProfile(member.request);
  const chat = await member.newPage();
  await chat.goto(`/chats/${persona.id}`);
  // Fair by design: the chat header carries the fictional marker and the warning shows before the first message.
  const header = chat.locator('header').filter({ hasText: persona.name }).first();
  await expect(header.getByRole('img', { name: 'Fictional profile' })).toBeVisible();
  await expect(chat.getByText(`${persona.name} is a fictional profile: physical meetings are not possible.`)).toBeVisible();
  await chat.getByPlaceholder('Write a message…').fill('Hi! How was your weekend?');
  // The bubble shows from the outbox at once; the desk below lists only what the server has.
  const sent = chat.waitForResponse((r) => r.url().includes('/api/message.php') && r.ok());
  await chat.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(chat.getByText('Hi! How was your weekend?')).toBeVisible();
  await sent;

  // The operator's desk: the waiting list shows the conversation; claim it.
  const ops = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const operator = await addStaff('operator');
  const desk = await ops.newPage();
  await signInOps(desk, operator);
  await desk.goto('/ops/inbox');
  // Other tests' members may be waiting too, on more than one page: the table's filter finds this member's row.
  const filter = desk.getByRole('searchbox', { name: /^Filter Conversations waiting/ });
  await filter.fill(memberName);
  const row = desk.getByRole('row').filter({ hasText: persona.name }).filter({ hasText: memberName }).first();
  await expect(row).toBeVisible();
  await desk.screenshot({ path: `${SHOTS}/inbox-list-1280.png`, fullPage: true });
  await row.getByRole('button', { name: /^Claim/ }).click();
  await expect(desk.getByRole('heading', { name: `Writing as ${persona.name}` })).toBeVisible();
  await expect(desk.getByRole('list', { name: 'Conversation' })).toContainText('Hi! How was your weekend?');

  // The reply filter: a phone number is refused with the rule shown, nothing reaches the member.
  const reply = desk.getByLabel(`Reply as ${persona.name}`);
  await reply.fill('Call me: 0612345678');
  await desk.getByRole('button', { name: 'Send reply' }).click();
  await expect(desk.getByTestId('reply-problem')).toContainText('a phone number');
  await desk.screenshot({ path: `${SHOTS}/inbox-conversation-1280.png`, fullPage: true });

  // A fair reply arrives live in the member's open chat, without a reload.
  await reply.fill('It was lovely, I went sailing! And yours?');
  await desk.getByRole('button', { name: 'Send reply' }).click();
  await expect(desk.getByTestId('reply-problem')).toHaveCount(0);
  await expect(desk.getByRole('list', { name: 'Conversation' })).toContainText('I went sailing');
  await expect(chat.getByText('It was lovely, I went sailing! And yours?')).toBeVisible({ timeout: 5_000 });
  await expect(header.getByRole('img', { name: 'Fictional profile' })).toBeVisible();

  // My figures count the reply.
  await desk.getByRole('button', { name: '← Waiting list' }).click();
  await expect(desk.getByTestId('answered-today')).toHaveText('1');

  // The phone layout.
  await desk.setViewportSize({ width: 390, height: 844 });
  await desk.screenshot({ path: `${SHOTS}/inbox-list-390.png`, fullPage: true });
  // The member's outbox delivers the message in the background: the waiting list shows it once it has arrived.
  const delivered = chat.waitForResponse((r) => r.url().includes('/api/message.php') && r.ok());
  await chat.getByPlaceholder('Write a message…').fill('Sailing, nice!');
  await chat.getByRole('button', { name: 'Send', exact: true }).click();
  await delivered;
  await desk.getByRole('button', { name: 'Refresh' }).click();
  await filter.fill(memberName);
  await row.getByRole('button', { name: /Open|Claim/ }).click();
  await expect(desk.getByRole('list', { name: 'Conversation' })).toContainText('Sailing, nice!');
  await desk.screenshot({ path: `${SHOTS}/inbox-conversation-390.png`, fullPage: true });
  await member.close();
  await ops.close();
});
