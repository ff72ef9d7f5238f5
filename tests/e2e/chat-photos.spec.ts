// Photos in the chat in the real browser (spec 3 photo_credits; spec 1, 6 photo rules): a photo picked offline waits
// in IndexedDB, is sent once when back online with one debit of photo_credits, reaches the server without its EXIF,
// and a free recipient sees it in the conversation blurred, with the lock and the way to premium.
import sharp from 'sharp';
import { v7 } from 'uuid';
import { expect, test } from '@playwright/test';
import { credits, signup, waitForServiceWorker } from './support.ts';

/** The default site's photo_credits (server/seed/site.ts). */
const PHOTO_CREDITS = 20;

type Sent = { id: string; sender_id: number; photo: { url: string; thumb_url: string; locked: boolean } | null };

test('a photo picked offline is sent once when back online, without EXIF, and a free recipient sees it locked', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const recipientContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const recipient = await signup(recipientContext.request);
  const me = await signup(context.request);
  const start = await credits(context.request);
  // A phone photo made here: the camera and a home's GPS position in its EXIF.
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2b8a6e' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 0/1' },
    })
    .toBuffer();

  await page.goto(`/chats/${recipient.id}`);
  await waitForServiceWorker(page);
  const log = page.getByRole('log', { name: 'Messages' });
  await context.setOffline(true);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: `Send a photo (${PHOTO_CREDITS} credits)` }).click();
  await (await chooser).setFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: photo });
  // Shown at once from IndexedDB, waiting; survives a while offline.
  await expect(log.getByRole('img', { name: 'Your photo' })).toBeVisible();
  await expect(log.getByText('Waiting to send')).toHaveCount(1);
  await page.waitForTimeout(1_000);
  await context.setOffline(false);
  await expect(log.getByText('Waiting to send')).toHaveCount(0, { timeout: 30_000 });

  const mine = (
    (await (await context.request.get('/api/messages.php', { params: { profile: recipient.id } })).json()).messages as Sent[]
  ).filter((m) => m.photo);
  expect(mine).toHaveLength(1);
  expect(mine[0].photo?.locked).toBe(false);
  expect(await credits(context.request)).toBe(start - PHOTO_CREDITS);
  // The served photo is the server's re-encoding: WebP, no EXIF, no GPS.
  const served = await (await context.request.get(mine[0].photo!.url)).body();
  const meta = await sharp(served).metadata();
  expect(meta.format).toBe('webp');
  expect([meta.exif, meta.xmp]).toEqual([undefined, undefined]);
  // The bubble now shows the server's copy.
  await expect(log.getByRole('img', { name: 'Your photo' })).toHaveAttribute('src', mine[0].photo!.thumb_url);

  // The free recipient: the blurred copy with the lock and the way to premium; the full photo's URL is nowhere.
  const other = await recipientContext.newPage();
  await other.goto(`/chats/${me.id}`);
  const theirLog = other.getByRole('log', { name: 'Messages' });
  const locked = theirLog.getByRole('img', { name: /^Blurred photo from / });
  await expect(locked).toBeVisible();
  expect(await locked.getAttribute('src')).not.toBe(mine[0].photo!.thumb_url);
  await expect(theirLog.getByRole('link', { name: 'Premium members see all photos' })).toHaveAttribute('href', '/premium');
  const theirs = (
    (await (await recipientContext.request.get('/api/messages.php', { params: { profile: me.id } })).json()).messages as Sent[]
  ).filter((m) => m.photo);
  expect(theirs.map((m) => m.photo?.locked)).toEqual([true]);
  expect(JSON.stringify(theirs)).not.toContain(mine[0].photo!.url.replace('.webp', ''));
  // The chat list names it.
  await other.goto('/chats');
  await expect(other.getByRole('link', { name: new RegExp(`Tester`) }).first()).toContainText('Photo');
  await context.close();
  await recipientContext.close();
});

test('after an upgrade to premium, photos seen blurred are sharp in the conversation and the stored profile, offline too', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const senderContext = await browser.newContext();
  const page = await context.newPage();
  const me = await signup(context.request);
  const sender = await signup(senderContext.request);
  const jpeg = (background: string) =>
    sharp({ create: { width: 300, height: 400, channels: 3, background } })
      .jpeg()
      .toBuffer();
  // The sender: two profile photos (a free viewer sees the second blurred) and a photo in the chat.
  for (const color of ['#a33', '#3a3']) {
    const res = await senderContext.request.post('/api/photos.php', {
      multipart: { photo: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: await jpeg(color) } },
    });
    expect(res.status()).toBe(201);
  }
  const sent = await senderContext.request.post('/api/chat-photo.php', {
    multipart: {
      id: v7(),
      profile: String(me.id),
      photo: { name: 'chat.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#33a') },
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  // Free: the chat photo and the profile's second photo blurred, both now stored in this device's database.
  await page.goto(`/chats/${sender.id}`);
  await waitForServiceWorker(page);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByRole('img', { name: /^Blurred photo from / })).toBeVisible();
  await page.goto(`/members/${sender.id}`);
  await page.getByRole('button', { name: 'Show photo 2' }).click();
  await expect(page.getByRole('img', { name: /^Blurred photo of / })).toBeVisible();

  // What this device's database holds of photos that are locked.
  const lockedInDexie = () =>
    page.evaluate(async (db: string) => {
      const open = indexedDB.open(db);
      const idb = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const all = <T>(store: string) =>
        new Promise<T[]>((resolve, reject) => {
          const req = idb.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result as T[]);
          req.onerror = () => reject(req.error);
        });
      const messages = await all<{ photo?: { locked: boolean } | null }>('messages');
      const profiles = await all<{ photos: { locked: boolean }[] }>('profiles');
      idb.close();
      return {
        messages: messages.filter((m) => m.photo?.locked).length,
        profiles: profiles.filter((p) => p.photos.some((ph) => ph.locked)).length,
      };
    }, `member-${me.id}`);
  expect(await lockedInDexie()).toEqual({ messages: 1, profiles: 1 });

  // Premium through the embedded test payment service.
  await page.goto('/credits');
  await page.getByRole('link', { name: 'Choose 100 credits' }).click();
  await page.getByRole('link', { name: 'iDEAL' }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('button', { name: 'Pay (authorised)' }).click();
  await expect(page.getByText(/you are a premium member/)).toBeVisible();
  // Without opening those pages again, sync fetches them sharp (at the latest on its next run, 60 s).
  await expect.poll(lockedInDexie, { timeout: 90_000, intervals: [1_000] }).toEqual({ messages: 0, profiles: 0 });

  await context.setOffline(true);
  await page.goto(`/chats/${sender.id}`);
  await expect(log.getByRole('img', { name: /^Photo from / })).toBeVisible();
  await expect(log.getByRole('img', { name: /^Blurred photo from / })).toHaveCount(0);
  await expect(log.getByRole('link', { name: 'Premium members see all photos' })).toHaveCount(0);
  await page.goto(`/members/${sender.id}`);
  await page.getByRole('button', { name: 'Show photo 2' }).click();
  await expect(page.getByRole('img', { name: /^Photo 2 of / })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Blurred photo of / })).toHaveCount(0);
  await context.close();
  await senderContext.close();
});
