// Two server processes on one PostgreSQL database and one S3 bucket behind nginx (deploy/nginx.conf, docs/deploy.md):
// two members chat through the proxy, each browser pinned to its own instance, so every message crosses from one
// instance to the other (LISTEN/NOTIFY into the other's live stream, passed on unbuffered by nginx). Push jobs run
// once, a photo stored through one instance is served by the other, and after one instance is killed with SIGKILL
// mid-conversation both apps go on through the survivor with every message there exactly once.
import pg from 'pg';
import sharp from 'sharp';
import { expect, type Browser } from '@playwright/test';
import { LUCAS, SANNE, login } from '../e2e/support.ts';
import { proxiedRequests } from './nginx.ts';
import { test, type ProxySetup } from './setup.ts';

test.skip(!process.env.TEST_DATABASE_URL && !process.env.CI, 'needs PostgreSQL (TEST_DATABASE_URL)');

/**
 * A member's browser pinned to instance `pin` (1 or 2) by the test-only header deploy/nginx.conf maps; no service
 * worker, so every request is the page's own and carries the header. Logged in as `account`, on the chat with `peer`
 * once `openChat` ran.
 */
async function member(browser: Browser, pin: 1 | 2, account: { email: string; password: string }) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-heartline-pin': String(pin) }, serviceWorkers: 'block' });
  const user = await login(context.request, account);
  const page = await context.newPage();
  const log = page.getByRole('log', { name: 'Messages' });
  return {
    id: user.id,
    context,
    page,
    log,
    /** Opens the chat with `peerId`, waits until its live stream answered and answers the instance streaming it. */
    async openChat(peerId: number) {
      const stream = page.waitForResponse((r) => r.url().includes('/api/events.php') && r.status() === 200);
      await page.goto(`/chats/${peerId}`);
      return answeredBy((await stream).headers());
    },
    async send(text: string) {
      await page.getByRole('textbox', { name: 'Message' }).fill(text);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
    },
  };
}

/** Runs `query` on the set-up's database. */
async function sql<T>(setup: ProxySetup, query: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: setup.databaseUrl });
  await client.connect();
  try {
    return (await client.query(query, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The instances (addresses) that answered `pin`'s requests through nginx, from `since` (an index into its log). */
const upstreamsOf = (setup: ProxySetup, pin: string, since = 0) =>
  new Set(
    proxiedRequests(setup.nginxPrefix)
      .slice(since)
      .filter((r) => r.pin === pin)
      .map((r) => r.upstream),
  );

/** The instance that answered a response through nginx (the header tests/proxy/nginx.ts adds; the last one tried). */
const answeredBy = (headers: Record<string, string>) => headers['x-heartline-upstream']?.split(', ').at(-1);

test('two members chat across two instances behind nginx, and go on through the survivor when one is killed', async ({
  browser,
  proxySetup: setup,
}) => {
  const [web1, web2] = setup.web;
  const stamp = Date.now().toString(36);
  const sanne = await member(browser, 1, SANNE);
  const lucas = await member(browser, 2, LUCAS);
  expect(await sanne.openChat(lucas.id)).toBe(web1.address);
  expect(await lucas.openChat(sanne.id)).toBe(web2.address);
  const texts: string[] = [];
  /** `from` sends `text`; the other sees it through their live stream within a few seconds (polling is far slower). */
  const say = async (from: typeof sanne, to: typeof sanne, text: string) => {
    texts.push(text);
    await from.send(text);
    await expect(to.log.getByText(text, { exact: true })).toHaveCount(1, { timeout: 5_000 });
  };

  // Live delivery both ways, each message written on one instance and streamed by the other.
  await say(sanne, lucas, `Hi Lucas, through the proxy ${stamp}`);
  await say(lucas, sanne, `Hi Sanne, from the other instance ${stamp}`);
  await say(sanne, lucas, `Coffee on Saturday? ${stamp}`);
  expect(upstreamsOf(setup, '1')).toEqual(new Set([web1.address]));
  expect(upstreamsOf(setup, '2')).toEqual(new Set([web2.address]));

  // Each message's push job ran once: one job per message, completed at its first try (both instances run jobs).
  await expect
    .poll(
      () =>
        sql<{ text: string; state: string; retry_count: number }>(
          setup,
          `select data->'message'->>'text' as text, state, retry_count from pgboss.job
            where name = 'push-message' and data->'message'->>'text' = any($1)`,
          [texts],
        ),
      { timeout: 20_000 },
    )
    .toEqual(expect.arrayContaining(texts.map((text) => ({ text, state: 'completed', retry_count: 0 }))));
  expect(
    await sql(setup, `select 1 from pgboss.job where name = 'push-message' and data->'message'->>'text' = any($1)`, [texts]),
  ).toHaveLength(texts.length);

  // A photo stored through instance 1 (in the S3 bucket) is served through instance 2, and by each directly.
  const jpeg = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer();
  const uploaded = await sanne.context.request.post('/api/photos.php', {
    multipart: { photo: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const photo = ((await uploaded.json()) as { photos: { url: string }[] }).photos.at(-1)!;
  const sinceUpload = proxiedRequests(setup.nginxPrefix).length;
  const seen = await lucas.context.request.get(photo.url);
  expect(seen.status()).toBe(200);
  expect(seen.headers()['content-type']).toBe('image/webp');
  expect(upstreamsOf(setup, '2', sinceUpload)).toEqual(new Set([web2.address]));
  const bytes = await seen.body();
  for (const { url } of setup.web) expect(Buffer.from(await (await fetch(url + photo.url)).arrayBuffer())).toEqual(bytes);

  // Instance 1 dies mid-conversation: Sanne's message is sent as it is killed; her app retries it (same id) and
  // reconnects its live stream through nginx, which now passes her requests to instance 2.
  const inFlight = `Sent as the server died ${stamp}`;
  texts.push(inFlight);
  const reopened = sanne.page.waitForResponse(
    (r) => r.url().includes('/api/events.php') && r.status() === 200 && answeredBy(r.headers()) === web2.address,
    { timeout: 30_000 },
  );
  await sanne.send(inFlight);
  web1.process.child.kill('SIGKILL');
  await web1.process.exited;
  await reopened;
  await expect(lucas.log.getByText(inFlight, { exact: true })).toHaveCount(1, { timeout: 30_000 });
  const sinceKill = proxiedRequests(setup.nginxPrefix).length;
  // Sanne's stream is back: Lucas's messages reach her live again.
  await say(lucas, sanne, `Still here? ${stamp}`);
  await say(sanne, lucas, `Yes, on the other server now ${stamp}`);
  await say(lucas, sanne, `Saturday then ${stamp}`);
  expect(upstreamsOf(setup, '1', sinceKill)).toEqual(new Set([web2.address]));

  // Settled: every message exactly once in both apps, as they stand and after a reload, and in the database.
  for (const m of [sanne, lucas]) {
    for (const text of texts) await expect(m.log.getByText(text, { exact: true })).toHaveCount(1);
    await m.page.reload();
    for (const text of texts) await expect(m.log.getByText(text, { exact: true })).toHaveCount(1);
  }
  const rows = await sql<{ text: string; n: number }>(
    setup,
    'select text, count(*)::int as n from messages where text = any($1) group by text',
    [texts],
  );
  expect(rows.sort((a, b) => a.text.localeCompare(b.text))).toEqual(
    [...texts].sort((a, b) => a.localeCompare(b)).map((text) => ({ text, n: 1 })),
  );
  await sanne.context.close();
  await lucas.context.close();
});
