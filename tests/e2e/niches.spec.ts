// The niche sites in a real browser (spec 1 niche): each niche host's signup starts from its audience's "I am ...,
// looking for ...", its home speaks to that audience and its search starts with the niche's gender and ages
// (contract/niches.ts; the members themselves: tests/api/niches.test.ts).
import { expect, test, type Page } from '@playwright/test';
import { appReady } from './support.ts';

/** Each niche host: its home heading, the signup's gender and looking for, the search's gender and ages. */
const sites = [
  { host: 'gay', heading: 'Meet men who want men', iAm: 'male', seeks: 'men', gender: 'male', ages: ['18', '99'] },
  { host: 'she', heading: 'Meet women who want women too', iAm: 'female', seeks: 'women', gender: 'female', ages: ['18', '99'] },
  { host: 'bdsm', heading: 'Meet people who share your kinks', iAm: 'male', seeks: 'women', gender: '', ages: ['18', '99'] },
  { host: 'bbw', heading: 'Meet curvy women near you', iAm: 'male', seeks: 'women', gender: 'female', ages: ['18', '99'] },
  { host: 'gilf', heading: 'Meet women over 60 near you', iAm: 'male', seeks: 'women', gender: 'female', ages: ['60', '99'] },
  // The German brand is the milf site; it speaks German.
  { host: 'de', heading: 'Triff reife Frauen in deiner Nähe', iAm: 'male', seeks: 'women', gender: 'female', ages: ['35', '55'] },
];

/** Opens `path` on `host`.localhost (the same server: a site is chosen by Host) and waits for the app. */
async function open(page: Page, host: string, path: string) {
  const port = new URL(test.info().project.use.baseURL!).port;
  await page.goto(`http://${host}.localhost:${port}${path}`);
  await appReady(page);
}

for (const site of sites) {
  test(`${site.host}.localhost: home, signup and search follow the niche`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, site.host, '/');
    await expect(page.getByRole('heading', { level: 1, name: site.heading })).toBeVisible();

    await open(page, site.host, '/signup');
    await expect(page.locator('select[id$="gender"]')).toHaveValue(site.iAm);
    await expect(page.locator('select[id$="lookingFor"]')).toHaveValue(site.seeks);

    await open(page, site.host, '/members');
    await expect(page.locator('select[id$="-gender"]')).toHaveValue(site.gender);
    await expect(page.locator('input[id$="-min"]')).toHaveValue(site.ages[0]);
    await expect(page.locator('input[id$="-max"]')).toHaveValue(site.ages[1]);
    await expect(page.locator('a[href^="/members/"]').first()).toBeVisible();
  });
}
