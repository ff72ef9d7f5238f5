// The image service: re-encodes uploads with sharp (dropping EXIF and GPS), makes the blurred copies that
// non-premium viewers get, and draws demo portraits on first request. Files live in a MediaStore (media-store.ts).
import { randomBytes } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/connect.ts';
import { photos } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { parsePortraitParams, renderPortrait } from '../seed/portrait.ts';
import type { MediaStore } from './media-store.ts';

export interface ImageService {
  /** Bytes of a media file named "<key>.webp" (full, max 720x960) or "<key>-t.webp" (thumb, 240x320), or null if unknown. */
  read(file: string): Promise<Buffer | null>;
  /** Decodes and re-encodes an upload (strips EXIF incl. GPS, auto-rotates), rejects non-images / > 10 MB with ApiError(400,'bad_request'); writes full + thumb under key and blurred full + thumb under blurKey. */
  storeUpload(bytes: Buffer): Promise<{ key: string; blurKey: string }>;
  /** Deletes every file of these media keys (full and thumb); unknown keys are ignored. */
  remove(keys: string[]): Promise<void>;
  /** Throws when the media store cannot be used now (readiness: server/health.ts); MediaStore.check. */
  check(): Promise<void>;
}

/** Largest accepted upload, in bytes. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Full image bounds and thumbnail size, in px (3:4 portrait). */
const FULL = { width: 720, height: 960 };
const THUMB = { width: 240, height: 320 };
const QUALITY = 78;
/** Decoding more pixels than this is refused (a decompression bomb guard; 50 MP covers every phone camera). */
const MAX_PIXELS = 50_000_000;
const RASTER_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
const FILE_NAME = /^[A-Za-z0-9_-]{16,64}(-t)?\.webp$/;

/** Random unguessable media key (128-bit, base64url, 22 characters). Never ends in "-t", so thumb names stay unambiguous. */
export function newMediaKey(): string {
  for (;;) {
    const key = randomBytes(16).toString('base64url');
    if (!key.endsWith('-t')) return key;
  }
}

type RawImage = { data: Buffer; info: sharp.OutputInfo };
const fromRaw = (img: RawImage) =>
  sharp(img.data, { raw: { width: img.info.width, height: img.info.height, channels: img.info.channels } });

/** Full + thumb, and the blurred full + thumb (blur sigma 25 plus darkening: it shows colour, never a face). */
async function renditions(full: RawImage, key: string, blurKey: string): Promise<Map<string, Buffer>> {
  const blurred = await fromRaw(full).blur(25).modulate({ brightness: 0.82 }).raw().toBuffer({ resolveWithObject: true });
  const thumb = (img: RawImage) =>
    fromRaw(img)
      .resize({ ...THUMB, fit: 'cover', position: 'attention' })
      .webp({ quality: QUALITY })
      .toBuffer();
  const [a, b, c, d] = await Promise.all([
    fromRaw(full).webp({ quality: QUALITY }).toBuffer(),
    thumb(full),
    fromRaw(blurred).webp({ quality: QUALITY }).toBuffer(),
    thumb(blurred),
  ]);
  return new Map([
    [`${key}.webp`, a],
    [`${key}-t.webp`, b],
    [`${blurKey}.webp`, c],
    [`${blurKey}-t.webp`, d],
  ]);
}

/**
 * Creates the image service over `store` (openMediaStore: memory, <DATA_DIR>/media or S3). `db` is read to find the
 * generator of demo photos, which are drawn on their first request and then kept in the store.
 */
export function createImageService(opts: { store: MediaStore; db: Db }): ImageService {
  const { store } = opts;
  const inFlight = new Map<string, Promise<Map<string, Buffer> | null>>();

  async function generate(key: string): Promise<Map<string, Buffer> | null> {
    const [row] = await opts.db
      .select({ key: photos.key, blurKey: photos.blurKey, generator: photos.generator })
      .from(photos)
      .where(or(eq(photos.key, key), eq(photos.blurKey, key)))
      .limit(1);
    const params = parsePortraitParams(row?.generator);
    if (!row || !params) return null;
    let job = inFlight.get(row.key);
    if (!job) {
      job = (async () => {
        const full = await renderPortrait(params);
        const files = await renditions(full, row.key, row.blurKey);
        await Promise.all([...files].map(([name, data]) => store.put(name, data)));
        return files;
      })().finally(() => inFlight.delete(row.key));
      inFlight.set(row.key, job);
    }
    return job;
  }

  return {
    check: () => store.check(),
    async read(file) {
      if (!FILE_NAME.test(file)) return null;
      const stored = await store.get(file);
      if (stored) return stored;
      const key = file.replace(/(-t)?\.webp$/, '');
      const files = await generate(key);
      return files?.get(file) ?? null;
    },

    async storeUpload(bytes) {
      if (bytes.length === 0 || bytes.length > MAX_UPLOAD_BYTES) throw new ApiError(400, 'bad_request');
      let full: RawImage;
      try {
        const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
        if (!meta.format || !RASTER_FORMATS.has(meta.format)) throw new Error(`not a raster image: ${meta.format}`);
        // rotate() applies the EXIF orientation; the output carries no metadata at all (sharp drops it unless asked).
        full = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
          .rotate()
          .resize({ ...FULL, fit: 'inside', withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .raw()
          .toBuffer({ resolveWithObject: true });
      } catch {
        throw new ApiError(400, 'bad_request');
      }
      const key = newMediaKey();
      const blurKey = newMediaKey();
      const files = await renditions(full, key, blurKey);
      await Promise.all([...files].map(([name, data]) => store.put(name, data)));
      return { key, blurKey };
    },

    async remove(keys) {
      await Promise.all(
        keys
          .flatMap((k) => [`${k}.webp`, `${k}-t.webp`])
          .filter((f) => FILE_NAME.test(f))
          .map((f) => store.delete(f)),
      );
    },
  };
}
