// The member's own photos over the real server (spec 1, 3, 9): upload re-encoded without EXIF, the free limit under
// concurrency, order and main image, delete; once with the files in memory and once in an S3 bucket (S3_URL, a local
// S3-compatible server started here).
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, OwnPhotosResponse, UserResponse } from '../../contract/index.ts';
import { users } from '../../server/db/schema.ts';
import { activeMember, Client, expectShape, startServer, type TestServer } from './harness.ts';
import { startS3, type TestS3 } from './s3-server.ts';

let server: TestServer;

/** A small JPEG from a phone: camera make and the GPS position of a home in its EXIF. */
const phonePhoto = (color = '#c33') =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 0/1' },
    })
    .toBuffer();

/** The chunk ids of a WebP file's RIFF container (EXIF and XMP metadata would be chunks "EXIF" and "XMP "). */
function webpChunks(file: Buffer): string[] {
  expect(file.toString('latin1', 0, 4) + file.toString('latin1', 8, 12)).toBe('RIFFWEBP');
  const ids: string[] = [];
  for (let at = 12; at + 8 <= file.length; at += 8 + file.readUInt32LE(at + 4) + (file.readUInt32LE(at + 4) % 2)) {
    ids.push(file.toString('latin1', at, at + 4));
  }
  return ids;
}

const form = (bytes: Buffer, name = 'me.jpg', type = 'image/jpeg') => {
  const f = new FormData();
  f.append('photo', new Blob([new Uint8Array(bytes)], { type }), name);
  return f;
};

describe.each(['memory', 'S3'] as const)('own photos, files in %s', (storage) => {
  let s3: TestS3 | null = null;
  beforeAll(async () => {
    s3 = storage === 'S3' ? await startS3() : null;
    server = await startServer(0, s3 ? { env: { S3_URL: s3.url } } : {});
  });
  afterAll(async () => {
    await server.close();
    await s3?.close();
  });

  it('uploads a photo re-encoded with no EXIF or GPS in any served variant; it becomes the main image', async () => {
    const { client } = await activeMember(server);
    const original = await phonePhoto();
    expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain('TestCam'); // the fixture carries EXIF
    const res = await client.upload('/api/photos.php', form(original));
    expect(res.status).toBe(201);
    const { photos, limit } = expectShape(OwnPhotosResponse, res);
    expect(limit).toBe(3);
    expect(photos).toHaveLength(1);
    for (const url of [photos[0].url, photos[0].thumb_url]) {
      const served = Buffer.from(await (await fetch(server.url + url)).arrayBuffer());
      const meta = await sharp(served).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.exif, meta.xmp, meta.iptc]).toEqual([undefined, undefined, undefined]);
      expect(webpChunks(served).filter((id) => id === 'EXIF' || id === 'XMP ')).toEqual([]);
    }
    const { user } = expectShape(UserResponse, await client.get('/api/user.php'));
    expect(photos[0].url).toContain(user!.profile.main_image!.filename);
    // With S3_URL the served files are the bucket's objects: full, thumb and the blurred pair.
    if (s3)
      expect(s3.keys()).toEqual(
        expect.arrayContaining([photos[0].url, photos[0].thumb_url].map((u) => u.slice(u.lastIndexOf('/') + 1))),
      );
    if (s3) expect(s3.keys()).toHaveLength(4);
  });

  it('refuses what is not an image whatever its name, a JSON body, a missing file and visitors', async () => {
    const { client } = await activeMember(server);
    for (const res of [
      await client.upload('/api/photos.php', form(Buffer.from('%PDF-1.4 not an image at all'), 'photo.jpg')),
      await client.upload('/api/photos.php', new FormData()),
    ]) {
      expect(res.status).toBe(400);
      expectShape(ErrorBody, res);
    }
    expect((await client.post('/api/photos.php', { photo: 'x' })).status).toBe(415);
    const visitor = await new Client(server.url).upload('/api/photos.php', form(await phonePhoto()));
    expect(visitor.status).toBe(403);
    expect(visitor.body.error.code).toBe('authentication_required');
    expect(expectShape(OwnPhotosResponse, await client.get('/api/photos.php')).photos).toEqual([]);
  });

  it('keeps exactly 3 photos of a free member under 10 concurrent uploads; premium members may add more', async () => {
    const { client, id } = await activeMember(server);
    const bytes = await phonePhoto('#3a6');
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.upload('/api/photos.php', form(bytes))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(7);
    for (const r of refused)
      expect(r.body.error).toMatchObject({ code: 'photo_limit', message: 'Photo limit reached for free members.' });
    const { photos } = expectShape(OwnPhotosResponse, await client.get('/api/photos.php'));
    expect(photos.map((p) => p.position)).toEqual([0, 1, 2]);

    await server.db.update(users).set({ paidUser: true }).where(eq(users.id, id));
    const fourth = await client.upload('/api/photos.php', form(bytes));
    expect(fourth.status).toBe(201);
    expect(expectShape(OwnPhotosResponse, fourth)).toMatchObject({ limit: 25, photos: { length: 4 } });
  });

  it('reorders (the first is the main image) and deletes own photos only, with their files', async () => {
    const { client } = await activeMember(server);
    for (const color of ['#111', '#555', '#999'])
      expect((await client.upload('/api/photos.php', form(await phonePhoto(color)))).status).toBe(201);
    const before = expectShape(OwnPhotosResponse, await client.get('/api/photos.php')).photos;
    const order = before.map((p) => p.id).reverse();
    const reordered = expectShape(OwnPhotosResponse, await client.put('/api/photos.php', { order })).photos;
    expect(reordered.map((p) => p.id)).toEqual(order);
    const { user } = expectShape(UserResponse, await client.get('/api/user.php'));
    expect(reordered[0].url).toContain(user!.profile.main_image!.filename);
    for (const bad of [
      { order: order.slice(1) },
      { order: [...order, order[0]] },
      { order: [order[0], order[1], 999999] },
      { order: 'x' },
    ]) {
      expect((await client.put('/api/photos.php', bad)).status).toBe(400);
    }

    const other = await activeMember(server);
    const theirs = await other.client.del('/api/photos.php', { id: reordered[0].id });
    expect(theirs.status).toBe(404);
    const gone = reordered[0];
    const after = expectShape(OwnPhotosResponse, await client.del('/api/photos.php', { id: gone.id })).photos;
    expect(after.map((p) => [p.id, p.position])).toEqual([
      [order[1], 0],
      [order[2], 1],
    ]);
    expect((await fetch(server.url + gone.url)).status).toBe(404);
    expect((await fetch(server.url + gone.thumb_url)).status).toBe(404);
    if (s3) {
      const key = (url: string) => url.slice(url.lastIndexOf('/') + 1);
      expect(s3.keys()).toEqual(expect.arrayContaining(after.flatMap((p) => [key(p.url), key(p.thumb_url)])));
      expect(s3.keys()).not.toContain(key(gone.url));
      expect(s3.keys()).not.toContain(key(gone.thumb_url));
    }
  });
});
