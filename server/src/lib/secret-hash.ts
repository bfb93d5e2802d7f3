import { createHash } from 'node:crypto';

/** SHA-256 of a secret, hex: sessions, device and link tokens are stored only this way. */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
