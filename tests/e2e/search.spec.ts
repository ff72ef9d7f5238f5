// The search's extras in a real browser: the adult-cam promotion tile (spec 2), logged-out search by the site's
// logged_out_search settings (spec 6) and the similar results on a profile (spec 3: search state).
import { expect, test, type Page } from '@playwright/test';
import { serveSettings } from './support.ts';

const AD = /^Advertisement/;

/** The results list of /members once the first page is there. */
async function results(page: Page) {
  await expect(page.getByText(/\d+ members? found/)).toBeVisible();
  return page.getByRole('list', { name: 'Search results' });
}

test.describe('the adult-cam promotion tile (spec 2)', () => {
  test('shows after the fifth member where the site enables it: an advertisement, new tab, sponsored, not a member, in the tab order', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/members');
    const list = await results(page);
    const items = list.getByRole('listitem');
    const tile = list.getByRole('link', { name: AD });
    await expect(tile).toHaveCount(1);
    await expect(tile.getByText('Advertisement', { exact: true })).toBeVisible();
    await expect(tile).toHaveAttribute('target', '_blank');
    await expect(tile).toHaveAttribute('rel', 'sponsored noopener');
    await expect(tile).toHaveAttribute('href', /^https:\/\//);
    await expect(tile).toHaveAccessibleName(/opens in a new tab/);
    // Sixth in the grid, after five member cards; its picture is drawn, not loaded.
    await expect(items.nth(5).getByRole('link', { name: AD })).toHaveCount(1);
    for (let i = 0; i < 5; i++) await expect(items.nth(i).getByRole('link')).toHaveAttribute('href', /^\/members\/\d+$/);
    await expect(tile.locator('img')).toHaveCount(0);
    await expect(tile.locator('svg')).toHaveCount(1);
    // Not counted as a member: the count is the server's, and 20 member links besides the tile.
    const count = Number((await page.getByText(/\d+ members? found/).textContent())!.match(/\d+/)![0]);
    const api = await page.request.get('/api/members.php?page=1');
    expect(count).toBe((await api.json()).numResults);
    await expect(list.locator('a[href^="/members/"]')).toHaveCount(20);

    // Keyboard: reached by Tab from the fifth member, and Tab leaves it for the sixth member (no trap).
    await items.nth(4).getByRole('link').focus();
    await page.keyboard.press('Tab');
    await expect(tile).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(items.nth(6).getByRole('link')).toBeFocused();
  });

  test('is absent where the site does not enable it', async ({ page }) => {
    // The niche sites leave the tile off (server/seed/site.ts); their search still lists members.
    const port = new URL(test.info().project.use.baseURL!).port;
    await page.goto(`http://she.localhost:${port}/members`);
    const list = await results(page);
    await expect(list.locator('a[href^="/members/"]').first()).toBeVisible();
    expect(await list.locator('a[href^="/members/"]').count()).toBeGreaterThan(5);
    await expect(page.getByRole('link', { name: AD })).toHaveCount(0);
    await expect(page.getByText('Advertisement')).toHaveCount(0);
  });
});

test.describe('logged-out search (spec 6)', () => {
  /** Serves the site's settings with the two logged-out search settings replaced (the server's own rule has API tests). */
  async function withSettings(page: Page, logged_out_search: boolean, logged_out_search_trafficsource: boolean) {
    await serveSettings(page, { logged_out_search, logged_out_search_trafficsource });
  }

  test('a visitor without a traffic source is sent to log in when only visitors from a traffic source may search', async ({
    page,
  }) => {
    await withSettings(page, false, true);
    await page.goto('/members');
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a visitor from a traffic source searches, and the search carries the traffic source', async ({ page }) => {
    await withSettings(page, false, true);
    const search = page.waitForRequest((r) => r.url().includes('/api/members.php'));
    await page.goto('/members?network=affiliate7&sub1=spring');
    expect(new URL((await search).url()).searchParams.get('network')).toBe('affiliate7');
    await results(page);
    await expect(page).toHaveURL(/\/members/);
    // The traffic source stays for the visit (tracking is kept per tab): a later search without it in the URL works too.
    await page.goto('/members');
    await results(page);
  });

  test('no visitor searches when both settings are off', async ({ page }) => {
    await withSettings(page, false, false);
    await page.goto('/members?network=affiliate7');
    await expect(page).toHaveURL(/\/login\?/);
  });
});

test('a profile shows its similar members and their count (spec 3)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const found = await (await page.request.get('/api/members.php?gender=female&country=NL&page=1')).json();
  const member = found.profiles[0] as { id: number; name: string; age: number };
  const similar = await (await page.request.get(`/api/similar.php?id=${member.id}`)).json();
  expect(similar.numResults).toBeGreaterThan(0);
  await page.goto(`/members/${member.id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${member.name}, ${member.age}`) })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `Members like ${member.name}` })).toBeVisible();
  await expect(page.getByText(`${similar.numResults} similar member${similar.numResults === 1 ? '' : 's'}`)).toBeVisible();
  const list = page.getByRole('list', { name: `Members similar to ${member.name}` });
  await expect(list.getByRole('link')).toHaveCount(similar.profiles.length);
  // Each card is a member of the same gender and within five years of age (the card names "Name, age").
  for (const label of await list.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('aria-label') ?? ''))) {
    const age = Number(label.match(/^[^,]+, (\d+)/)![1]);
    expect(Math.abs(age - member.age)).toBeLessThanOrEqual(5);
  }
  if (similar.numResults > similar.profiles.length) {
    await page.getByRole('link', { name: `Show all ${similar.numResults}` }).click();
    await expect(page).toHaveURL(/\/members$/);
    await expect(page.getByText(`${similar.numResults + 1} members found`)).toBeVisible();
  }
});
