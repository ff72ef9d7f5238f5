import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/connect.ts';
import { photos, sites, users } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { createImageService, newMediaKey, type ImageService } from './images.ts';
import { fileMediaStore, memoryMediaStore } from './media-store.ts';

let db: Db;
let close: () => Promise<void>;
let images: ImageService;
const key = newMediaKey();
const blurKey = newMediaKey();

beforeAll(async () => {
  ({ db, close } = await openDatabase({ databaseUrl: null, dataDir: ':memory:' }));
  const [site] = await db
    .insert(sites)
    .values({ domain: 'img.test', settings: {} as any, company: {} as any })
    .returning();
  const [user] = await db.insert(users).values({ siteId: site.id, email: 'a@demo.invalid', fictional: true }).returning();
  await db.insert(photos).values({
    userId: user.id,
    position: 0,
    key,
    blurKey,
    generator: { v: 1, seed: 42, index: 0, gender: 'female', hair_color: 'red', eye_color: 'green', skin: 1, age: 31 },
  });
  images = createImageService({ store: memoryMediaStore(), db });
}, 30_000);
afterAll(() => close());

async function pixels(buf: Buffer) {
  return sharp(buf).resize(24, 32).raw().toBuffer();
}

describe('newMediaKey', () => {
  it('makes 128-bit base64url keys that are valid file names', () => {
    const keys = new Set(Array.from({ length: 200 }, newMediaKey));
    expect(keys.size).toBe(200);
    for (const k of keys) {
      expect(k).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(k.endsWith('-t')).toBe(false);
    }
  });
});

describe('generated demo photos', () => {
  it('serves full, thumb and blurred versions of a generated portrait', async () => {
    const [full, thumb, blurred, blurredThumb] = await Promise.all(
      [`${key}.webp`, `${key}-t.webp`, `${blurKey}.webp`, `${blurKey}-t.webp`].map((f) => images.read(f)),
    );
    for (const [buf, w, h] of [
      [full, 720, 960],
      [thumb, 240, 320],
      [blurred, 720, 960],
      [blurredThumb, 240, 320],
    ] as const) {
      expect(buf).not.toBeNull();
      const m = await sharp(buf!).metadata();
      expect([m.format, m.width, m.height]).toEqual(['webp', w, h]);
    }
    // The blurred copy must differ clearly from the original (a face cannot be made out).
    const [a, b] = await Promise.all([pixels(full!), pixels(blurred!)]);
    const diff = a.reduce((s, v, i) => s + Math.abs(v - b[i]), 0) / a.length;
    expect(diff).toBeGreaterThan(8);
  }, 30_000);

  it('is deterministic and generates a missing file once for concurrent reads', async () => {
    const other = createImageService({ store: memoryMediaStore(), db });
    const reads = await Promise.all(Array.from({ length: 5 }, () => other.read(`${key}-t.webp`)));
    expect(new Set(reads).size).toBe(1); // one generation, one Buffer
    expect(reads[0]!.equals((await images.read(`${key}-t.webp`))!)).toBe(true);
  }, 30_000);

  it('keeps generated files under <dataDir>/media, read back by a new instance', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'media-'));
    try {
      const first = await createImageService({ store: fileMediaStore(path.join(dir, 'media')), db }).read(`${blurKey}-t.webp`);
      expect(existsSync(path.join(dir, 'media', `${key}.webp`))).toBe(true);
      expect(existsSync(path.join(dir, 'media', `${blurKey}-t.webp`))).toBe(true);
      const again = await createImageService({ store: fileMediaStore(path.join(dir, 'media')), db }).read(`${blurKey}-t.webp`);
      expect(again!.equals(first!)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('answers null for bad or unknown names', async () => {
    for (const name of [
      '../etc/passwd',
      `${key}.png`,
      `${key}.webp/..`,
      'short.webp',
      `${'a'.repeat(65)}.webp`,
      `${key}-x.webp`,
      `${newMediaKey()}.webp`,
    ]) {
      expect(await images.read(name), name).toBeNull();
    }
  });
});

describe('storeUpload', () => {
  it('re-encodes to webp without EXIF, applies the orientation and makes a blurred copy', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#3a7' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'x', Artist: 'someone' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const { key: k, blurKey: bk } = await images.storeUpload(jpeg);
    expect(k).not.toBe(bk);
    const out = (await images.read(`${k}.webp`))!;
    const m = await sharp(out).metadata();
    expect(m.format).toBe('webp');
    expect(m.exif).toBeUndefined();
    expect([m.width, m.height]).toEqual([200, 400]); // rotated upright by orientation 6
    expect((await sharp((await images.read(`${k}-t.webp`))!).metadata()).width).toBe(240);
    expect(await images.read(`${bk}.webp`)).not.toBeNull();
    expect((await sharp((await images.read(`${bk}-t.webp`))!).metadata()).exif).toBeUndefined();
  });

  it('rejects what is not a raster image, and files over 10 MB', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    for (const bytes of [Buffer.from('hello, not an image'), svg, Buffer.alloc(0), Buffer.alloc(10 * 1024 * 1024 + 1)]) {
      const err = await images.storeUpload(bytes).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ status: 400, code: 'bad_request' });
    }
  });
});
