// Types of the parts of @20minutes/s3rver (a fake S3 server speaking the S3 HTTP API, no types of its own) the tests use.
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';

  export interface S3rverOptions {
    address?: string;
    /** 0 picks a free port. */
    port?: number;
    silent?: boolean;
    /** Folder of the buckets' files. */
    directory?: string;
    /** Buckets made before listening. */
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
    /** false: requests are checked against the dummy account S3RVER:S3RVER (signature V2/V4). */
    allowMismatchedSignatures?: boolean;
    resetOnClose?: boolean;
    vhostBuckets?: boolean;
  }
  export default class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
