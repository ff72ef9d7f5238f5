// Where photo files live (docs/media.md): a Map in memory (tests), files under <DATA_DIR>/media (default), or an
// S3-compatible bucket when S3_URL is set. The image service (images.ts) only sees the MediaStore interface.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config, S3Config } from '../config.ts';

/** A flat store of media files by name (`<key>.webp`, `<key>-t.webp`); names are checked by the caller. */
export interface MediaStore {
  /** The file's bytes, or null when there is no such file. Throws when the storage itself fails (not for a missing file). */
  get(name: string): Promise<Buffer | null>;
  /** Writes the whole file at once (readers never see half of it); an existing file is replaced. */
  put(name: string, data: Buffer): Promise<void>;
  /** Removes the file; a missing file is no error. */
  delete(name: string): Promise<void>;
  /** Throws a readable Error when the storage cannot be used (checked at start, and by readiness: server/health.ts). */
  check(): Promise<void>;
}

/** Every file is written with these headers too, so a CDN or the bucket itself could serve them as they are. */
const CONTENT_TYPE = 'image/webp';
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Files in a Map, gone with the process (DATA_DIR=:memory:, tests). */
export function memoryMediaStore(): MediaStore {
  const files = new Map<string, Buffer>();
  return {
    get: async (name) => files.get(name) ?? null,
    put: async (name, data) => void files.set(name, data),
    delete: async (name) => void files.delete(name),
    check: async () => undefined,
  };
}

/** Files in the folder `dir` (created when missing). */
export function fileMediaStore(dir: string): MediaStore {
  mkdirSync(dir, { recursive: true });
  return {
    async get(name) {
      try {
        return await readFile(path.join(dir, name));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async put(name, data) {
      // Write then rename, so a reader never sees half a file.
      const tmp = path.join(dir, `.${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
      await writeFile(tmp, data);
      await rename(tmp, path.join(dir, name));
    },
    delete: (name) => rm(path.join(dir, name), { force: true }),
    async check() {
      if (!(await stat(dir)).isDirectory()) throw new Error(`the media folder ${dir} is not a folder`);
    },
  };
}

/**
 * Objects `<prefix><name>` in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...), over the AWS SDK v3. Without
 * credentials in S3_URL the SDK's default chain is used (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profile, IAM role).
 */
export function s3MediaStore(s3: S3Config): MediaStore {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: s3.pathStyle,
    ...(s3.accessKeyId && s3.secretAccessKey
      ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: several S3-compatible services reject the SDK's default CRC32 trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A hanging storage must not hang requests (ms).
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 20_000 },
  });
  const Bucket = s3.bucket;
  const Key = (name: string) => s3.prefix + name;
  return {
    async get(name) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: Key(name) }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
      } catch (e) {
        if (e instanceof NoSuchKey || (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
          return null;
        throw e;
      }
    },
    async put(name, data) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: Key(name), Body: data, ContentType: CONTENT_TYPE, CacheControl: CACHE_CONTROL }),
      );
    },
    async delete(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: Key(name) }));
    },
    async check() {
      // Reading a key that is not there must answer NoSuchKey: that proves the bucket exists, the credentials work,
      // and that they may list the bucket (s3:ListBucket; without it S3 answers 403 for a missing key, which get()
      // could not tell from a real failure).
      try {
        await client.send(new GetObjectCommand({ Bucket, Key: Key('.start-up-check') }));
      } catch (e) {
        if (e instanceof NoSuchKey) return;
        const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        const why =
          (e as Error).name === 'NoSuchBucket'
            ? 'it does not exist'
            : status === 403
              ? 'access denied (check the key and the secret, and that they may list the bucket: s3:ListBucket)'
              : `${(e as Error).name}: ${(e as Error).message}`;
        throw new Error(`S3_URL: the bucket "${Bucket}" at ${s3.endpoint} cannot be used: ${why}`);
      }
    },
  };
}

/** The store the configuration asks for: S3 when S3_URL is set, else memory for DATA_DIR=:memory:, else <DATA_DIR>/media. */
export function openMediaStore(config: Pick<Config, 'dataDir' | 's3'>): MediaStore {
  if (config.s3) return s3MediaStore(config.s3);
  return config.dataDir === ':memory:' ? memoryMediaStore() : fileMediaStore(path.join(config.dataDir, 'media'));
}
