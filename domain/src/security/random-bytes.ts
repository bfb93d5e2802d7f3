/**
 * The injected source of randomness for generated identifiers: returns `n` bytes, for instance
 * `crypto.randomBytes` on the server or `(n) => crypto.getRandomValues(new Uint8Array(n))` in the
 * browser. Domain rules never reach for a random source themselves.
 */
export type RandomBytes = (n: number) => Uint8Array;
