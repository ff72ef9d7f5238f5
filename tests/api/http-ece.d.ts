// Types of the parts of http_ece (RFC 8188 content encoding, no types of its own) the push tests use.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  /** Decryption parameters: for aes128gcm the sender's key travels in the record header; `privateKey` is the receiver's. */
  export interface DecryptParams {
    version: 'aes128gcm' | 'aesgcm';
    privateKey?: ECDH;
    dh?: string | Buffer;
    authSecret?: string | Buffer;
  }
  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
  const ece: { decrypt: typeof decrypt };
  export default ece;
}
