// /profile in a real browser (spec 2: own profile editing; spec 3: Profile): a new member opens "My profile", edits
// fields and interests, saves, sees them on the own public profile, another member finds them through search; the
// photo manager uploads a phone photo (with GPS in its EXIF), makes it the main photo, reorders and deletes; the
// profile photo alert (spec 2) goes once a main photo exists.
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { appReady, signup } from './support.ts';

/** A phone-like JPEG with a camera make and a home's GPS position in its EXIF. */
const phonePhoto = (color: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 5/1 26/1', GPSLongitudeRef: 'E', GPSLongitude: '5/1 7/1 17/1' },
    })
    .toBuffer();

test('a new member edits the profile and others see it', async ({ page, browser }) => {
  const me = await signup(page.request);
  await page.goto('/members');
  // No main photo yet: the alert shows outside /profile.
  await expect(page.getByText('Members with a photo get many more replies. Add yours now.')).toBeVisible();

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'My profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'My profile', level: 1 })).toBeVisible();

  // Unset details are "Not set", not a default.
  await expect(page.getByLabel('Hair colour')).toHaveValue('');
  await expect(page.getByLabel('Body type')).toHaveValue('');

  // Spec 5: the username may not start with @.
  await page.getByLabel('Username').fill('@someone');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Username may not start with @')).toBeVisible();

  await page.getByLabel('Username').fill('Jasper');
  await page.getByLabel('Province').selectOption({ label: 'Utrecht' });
  await page.getByLabel('City').fill('Utrecht');
  await page.getByLabel('Hair colour').selectOption({ label: 'Red' });
  await page.getByLabel('Eye colour').selectOption({ label: 'Green' });
  await page.getByLabel('Body type').selectOption({ label: 'Athletic' });
  await page.getByRole('checkbox', { name: 'Hiking' }).check({ force: true });
  await page.getByRole('checkbox', { name: 'Sushi' }).check({ force: true });
  await page.getByLabel('About me').fill('Climber and bad cook.');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your profile has been saved.' })).toBeVisible();

  // The own public profile shows what was saved, and nothing unset.
  await page.getByRole('link', { name: 'View my public profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${me.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Jasper');
  await expect(page.getByText('Utrecht, Utrecht')).toBeVisible();
  const facts = page.locator('dl.profile-facts');
  await expect(facts).toContainText('Red');
  await expect(facts).toContainText('Athletic');
  await expect(facts).not.toContainText('Tattoos');
  await expect(page.getByRole('listitem').filter({ hasText: 'Hiking' })).toBeVisible();
  await expect(page.getByText('Climber and bad cook.')).toBeVisible();

  // Another member finds the profile in the search of that province and sees the details.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signup(otherPage.request);
  const search = await otherPage.request.get('/api/members.php', {
    params: { gender: 'male', country: 'NL', countryregion: 'UT', min_age: 18, max_age: 99, page: 1 },
  });
  const found = ((await search.json()).profiles as { id: number; name: string; city: string }[]).find((p) => p.id === me.id);
  expect(found).toMatchObject({ name: 'Jasper', city: 'Utrecht' });
  await otherPage.goto(`/members/${me.id}`);
  await expect(otherPage.locator('dl.profile-facts')).toContainText('Green');
  await other.close();
});

test('the photo manager uploads, sets the main photo, reorders and deletes', async ({ page }) => {
  await signup(page.request);
  await page.goto('/profile');
  await expect(page.getByText('0 of 3 photos')).toBeVisible();
  // The page arrives drawn with its photos; setInputFiles does not wait for the app to unlock it as a tap would.
  await appReady(page);
  const add = page.getByLabel('Add a photo');
  await add.setInputFiles({ name: 'red.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto('#c33') });
  await expect(page.getByText('1 of 3 photos')).toBeVisible();
  await add.setInputFiles({ name: 'blue.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto('#33c') });
  await expect(page.getByText('2 of 3 photos')).toBeVisible();

  // The stored file has no EXIF (no GPS position): sharp re-encoded it.
  const first = await page.getByRole('img', { name: 'Your photo 1' }).getAttribute('src');
  const firstMeta = await sharp(await (await page.request.get(first!)).body()).metadata();
  expect(firstMeta.exif).toBeUndefined();

  // Photo 2 becomes the main photo: the first place, with the "Main photo" mark.
  const secondSrc = await page.getByRole('img', { name: 'Your photo 2' }).getAttribute('src');
  await page.getByRole('button', { name: 'Make main photo (photo 2)' }).click();
  await expect(page.getByRole('img', { name: 'Your photo 1' })).toHaveAttribute('src', secondSrc!);
  // And back by the arrow.
  await page.getByRole('button', { name: 'Move photo 1 later' }).click();
  await expect(page.getByRole('img', { name: 'Your photo 2' })).toHaveAttribute('src', secondSrc!);

  await page.getByRole('button', { name: 'Delete (photo 1)' }).click();
  await expect(page.getByText('1 of 3 photos')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your photo 1' })).toHaveAttribute('src', secondSrc!);

  // A main photo exists: the photo alert is gone on the members screen.
  await page.goto('/members');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText('Members with a photo get many more replies. Add yours now.')).toHaveCount(0);
});

test('the location comes from the browser and the offline geocoder', async ({ browser }) => {
  const context = await browser.newContext({
    geolocation: { latitude: 52.0907, longitude: 5.1214 },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  await signup(page.request);
  await page.goto('/profile');
  await expect(page.getByText('You allowed this site to use your location.')).toBeVisible();
  await page.getByRole('button', { name: 'Use my current location' }).click();
  await expect(page.getByText('Found: Utrecht, Utrecht.')).toBeVisible();
  await expect(page.getByLabel('Province')).toHaveValue('UT');
  await expect(page.getByLabel('City')).toHaveValue('Utrecht');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText(/Your location is saved to about 1 km/)).toBeVisible();
  const own = (await (await page.request.get('/api/profile.php')).json()).profile;
  expect(own).toMatchObject({ region: 'UT', city: 'Utrecht', located: true });
  await context.close();
});

test('an online member shows one sign of it: the "Online now" badge, no dot beside the name', async ({
  page,
  browser,
  baseURL,
}) => {
  await signup(page.request);
  // Just signed up (and so seen now): online.
  const other = await browser.newContext({ baseURL });
  const them = await signup(other.request);
  await page.goto(`/members/${them.id}`);
  await expect(page.getByText('Online now')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText('Online');
  await other.close();
});
