/** The parts of http_ece (Encrypted Content-Encoding, RFC 8188/8291) the push tests use. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm' | 'aesgcm';
    privateKey: ECDH;
    authSecret: Buffer;
    /** aesgcm only: the sender's public key (`dh` of Crypto-Key). */
    dh?: string;
    /** aesgcm only: the salt (`salt` of Encryption). */
    salt?: string;
  }

  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
