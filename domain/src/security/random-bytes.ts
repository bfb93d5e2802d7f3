import { DomainError } from '../errors.ts';

/**
 * The injected source of randomness for generated identifiers: returns `n` bytes, for instance
 * `crypto.randomBytes` on the server or `(n) => crypto.getRandomValues(new Uint8Array(n))` in the
 * browser. Domain rules never reach for a random source themselves.
 */
export type RandomBytes = (n: number) => Uint8Array;

/** `count` bytes from the source; throws RANDOM_SOURCE_INVALID when it gives more or fewer. */
export function readRandomBytes(randomBytes: RandomBytes, count: number): Uint8Array {
  const bytes = randomBytes(count);
  if (bytes.length !== count) {
    throw new DomainError(
      'RANDOM_SOURCE_INVALID',
      `Asked for ${count} random bytes, got ${bytes.length}`,
    );
  }
  return bytes;
}
