// The S3 media store against a local S3-compatible server (s3rver, real HTTP and signature checks): the image service's
// whole pipeline through it, what really lands in the bucket, the start-up check and the S3_URL form.
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, S3_KEY, S3_SECRET, type TestS3 } from '../../tests/api/s3-server.ts';
import { loadConfig, parseS3Url } from '../config.ts';
import { openDatabase, type Db } from '../db/connect.ts';
import { photos, sites, users } from '../db/schema.ts';
import { createImageService, newMediaKey, type ImageService } from './images.ts';
import { fileMediaStore, memoryMediaStore, openMediaStore, s3MediaStore } from './media-store.ts';

let s3: TestS3;
let db: Db;
let close: () => Promise<void>;
let images: ImageService;
/** A second client of our own, to see what is really in the bucket. */
let bucket: S3Client;

beforeAll(async () => {
  s3 = await startS3();
  ({ db, close } = await openDatabase({ databaseUrl: null, dataDir: ':memory:' }));
  images = createImageService({ store: openMediaStore({ dataDir: ':memory:', s3: parseS3Url(`${s3.url}`) }), db });
  bucket = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: S3_KEY, secretAccessKey: S3_SECRET },
  });
}, 90_000);
afterAll(async () => {
  bucket.destroy();
  await close();
  await s3.close();
});

const keysInBucket = async (prefix = '') => s3.keys(prefix);

describe('the image service on S3', () => {
  it('stores an upload as four objects without EXIF, reads them back, and deletes them all', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'TestCam' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif?.toString('latin1')).toContain('TestCam');
    const { key, blurKey } = await images.storeUpload(jpeg);
    const names = [`${key}.webp`, `${key}-t.webp`, `${blurKey}.webp`, `${blurKey}-t.webp`];
    expect(await keysInBucket()).toEqual(expect.arrayContaining(names));

    // Straight from the bucket: webp, no metadata, served as image/webp and immutable.
    const raw = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `${key}.webp` }));
    expect(raw.ContentType).toBe('image/webp');
    expect(raw.CacheControl).toBe('public, max-age=31536000, immutable');
    const direct = Buffer.from(await raw.Body!.transformToByteArray());
    expect(direct.equals((await images.read(`${key}.webp`))!)).toBe(true);

    const [full, thumb, blurred, blurredThumb] = await Promise.all(names.map((n) => images.read(n)));
    for (const [buf, w, h] of [
      [full, 400, 300],
      [thumb, 240, 320],
      [blurred, 400, 300],
      [blurredThumb, 240, 320],
    ] as const) {
      const m = await sharp(buf!).metadata();
      expect([m.format, m.width, m.height, m.exif, m.xmp]).toEqual(['webp', w, h, undefined, undefined]);
    }
    // The blurred copy is not the photo.
    expect(blurred!.equals(full!)).toBe(false);

    await images.remove([key, blurKey]);
    expect((await keysInBucket()).filter((k) => names.includes(k))).toEqual([]);
    for (const n of names) expect(await images.read(n)).toBeNull();
    await images.remove([key]); // deleting again is no error
  }, 30_000);

  it('draws a demo portrait on its first request and keeps it in the bucket', async () => {
    const [site] = await db
      .insert(sites)
      .values({ domain: 's3.test', settings: {} as any, company: {} as any })
      .returning();
    const [user] = await db.insert(users).values({ siteId: site.id, email: 's3@demo.invalid', fictional: true }).returning();
    const key = newMediaKey();
    const blurKey = newMediaKey();
    await db.insert(photos).values({
      userId: user.id,
      position: 0,
      key,
      blurKey,
      generator: { v: 1, seed: 7, index: 0, gender: 'male', hair_color: 'black', eye_color: 'brown', skin: 2, age: 40 },
    });
    const thumb = await images.read(`${blurKey}-t.webp`);
    expect((await sharp(thumb!).metadata()).width).toBe(240);
    expect(await keysInBucket(key)).toEqual([`${key}-t.webp`, `${key}.webp`]);
  }, 30_000);

  it('keeps objects under the prefix of S3_URL', async () => {
    const store = s3MediaStore(parseS3Url(s3.url.replace('/photos?', '/photos/site%20a/media?')));
    await store.put('x.webp', Buffer.from('x'));
    expect(await keysInBucket('site a/')).toEqual(['site a/media/x.webp']);
    expect((await store.get('x.webp'))!.toString()).toBe('x');
    await store.delete('x.webp');
    expect(await store.get('x.webp')).toBeNull();
  });
});

describe('the start-up check', () => {
  it('passes for a usable bucket, and names the bucket and the cause otherwise (never the secret)', async () => {
    await expect(s3MediaStore(parseS3Url(s3.url)).check()).resolves.toBeUndefined();
    const missing = s3.url.replace('/photos?', '/no-such-bucket?');
    await expect(s3MediaStore(parseS3Url(missing)).check()).rejects.toThrow(
      'S3_URL: the bucket "no-such-bucket" at http://127.0.0.1:',
    );
    const wrongSecret = s3MediaStore(parseS3Url(s3.url.replace(`:${S3_SECRET}@`, ':not-the-secret@')));
    const err = (await wrongSecret.check().catch((e: Error) => e)) as Error;
    expect(err.message).toMatch(
      /^S3_URL: the bucket "photos" at http:\/\/127\.0\.0\.1:\d+ cannot be used: access denied \(check the key and the secret/,
    );
    expect(err.message).not.toContain('not-the-secret');
  });

  it('memory and file stores have nothing to check', async () => {
    await expect(memoryMediaStore().check()).resolves.toBeUndefined();
    await expect(fileMediaStore(`${s3.directory}/files`).check()).resolves.toBeUndefined();
  });
});

describe('S3_URL', () => {
  it('reads endpoint, bucket, prefix, region, path style and percent-encoded credentials', () => {
    expect(
      parseS3Url('s3://AKIA1%2F2:se%2Fcret%40x@s3.eu-central-1.amazonaws.com/heartline-media/prod?region=eu-central-1'),
    ).toEqual({
      endpoint: 'https://s3.eu-central-1.amazonaws.com',
      bucket: 'heartline-media',
      prefix: 'prod/',
      region: 'eu-central-1',
      pathStyle: false,
      accessKeyId: 'AKIA1/2',
      secretAccessKey: 'se/cret@x',
    });
    expect(parseS3Url('s3+http://minio.local:9000/photos/?path_style=1')).toEqual({
      endpoint: 'http://minio.local:9000',
      bucket: 'photos',
      prefix: '',
      region: 'us-east-1',
      pathStyle: true,
    });
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_URL: 's3://k:s@h/b1c' }).s3).toMatchObject({ bucket: 'b1c', accessKeyId: 'k' });
  });

  it('refuses what is wrong with a clear error that never repeats the secret', () => {
    for (const [value, why] of [
      ['https://k:s@host/bucket', 'unknown scheme https:'],
      ['s3://k:s@host', 'the bucket is missing'],
      ['s3://k:s@host/Bad_Bucket', '"Bad_Bucket" is not a valid bucket name'],
      ['s3://k@host/bucket', 'give both the access key and the secret, or neither'],
      ['s3://k:s@host/bucket?path_style=yes', 'path_style must be 0 or 1'],
      ['s3://k:s@host/bucket?regoin=eu-west-1', 'unknown parameter regoin'],
      ['s3://k:s@host/bucket?region=EU%20West', '"EU West" is not a region'],
      ['s3://k:%zz@host/bucket', 'a bad percent-encoding'],
      ['not a url', 'not a URL'],
    ]) {
      expect(() => parseS3Url(value), value).toThrow(
        `S3_URL must look like s3://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix][?region=…&path_style=1] (s3+http:// for plain HTTP): ${why}`,
      );
    }
    expect(() => loadConfig({ S3_URL: 's3://key:topsecret@host' })).toThrow(/^((?!topsecret).)*$/);
  });
});
