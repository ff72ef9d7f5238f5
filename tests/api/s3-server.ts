// A local S3-compatible server for the tests (@20minutes/s3rver: the S3 HTTP API with signature checks, files in a
// temporary folder), so the AWS SDK talks real HTTP as it would to AWS or MinIO.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

/** The dummy account the server checks every signature against. */
export const S3_KEY = 'S3RVER';
export const S3_SECRET = 'S3RVER';

/** s3rver keeps an object's bytes in the file `<directory>/<bucket>/<key>._S3rver_object`. */
const OBJECT_SUFFIX = '._S3rver_object';

/** A running server: `url` is an S3_URL for bucket `bucket` on it (path style, plain HTTP); `close` stops and empties it. */
export interface TestS3 {
  url: string;
  endpoint: string;
  bucket: string;
  /** The folder the server keeps its buckets in (to look at what really was stored). */
  directory: string;
  /** The keys of the objects in the bucket that start with `prefix`, sorted, as the server keeps them on disk. */
  keys(prefix?: string): string[];
  close(): Promise<void>;
}

/** Starts the server on a free port of 127.0.0.1 with an empty bucket `bucket`. */
export async function startS3(bucket = 'photos'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    url: `s3+http://${S3_KEY}:${S3_SECRET}@127.0.0.1:${port}/${bucket}?path_style=1`,
    endpoint,
    bucket,
    directory,
    keys: (prefix = '') =>
      readdirSync(path.join(directory, bucket), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith(OBJECT_SUFFIX))
        .map((f) => f.slice(0, -OBJECT_SUFFIX.length).split(path.sep).join('/'))
        .filter((k) => k.startsWith(prefix))
        .sort(),
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
