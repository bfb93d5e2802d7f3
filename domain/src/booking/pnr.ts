/**
 * Booking reference (PNR), SPEC §2, §9, DESIGN §6: 7 alphanumeric characters, random, never
 * sequential. Booking routes accept either case (`/booking/{pnr}/pay`); the payment-success route
 * uses the lower-case form (`/payment/{pnr}/success`). Internally a PNR is upper case.
 *
 * New PNRs use 31 characters: the digits 2–9 and the letters A–Z without I, L and O, so that no
 * character can be mistaken for another (0/O, 1/I/L) when read aloud or copied from paper. The
 * random source is passed in (for instance `crypto.randomBytes` on the server), and bytes are
 * drawn by rejection sampling so every character is equally likely.
 */
import { PNR_LENGTH } from '../config/limits.ts';
import { DomainError } from '../errors.ts';
import { readRandomBytes, type RandomBytes } from '../security/random-bytes.ts';

declare const pnrBrand: unique symbol;

/** A PNR in its canonical, upper-case form. */
export type Pnr = string & { readonly [pnrBrand]: true };

export const PNR_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

const PNR_PATTERN = new RegExp(`^[A-Za-z0-9]{${PNR_LENGTH}}$`);
const LOWER_PNR_PATTERN = new RegExp(`^[a-z0-9]{${PNR_LENGTH}}$`);

/** The general form: 7 ASCII letters or digits, either case. */
export function isPnr(text: string): boolean {
  return PNR_PATTERN.test(text);
}

/** The form of the payment-success route: 7 lower-case ASCII letters or digits. */
export function isLowerCasePnr(text: string): boolean {
  return LOWER_PNR_PATTERN.test(text);
}

/** The canonical PNR, or null when the text is not one. */
export function parsePnr(text: string): Pnr | null {
  return isPnr(text) ? (text.toUpperCase() as Pnr) : null;
}

/** Upper case, as stored and shown; throws a RangeError for text that is not a PNR. */
export function normalizePnr(text: string): Pnr {
  const pnr = parsePnr(text);
  if (pnr === null) throw new RangeError(`Not a PNR: ${JSON.stringify(text)}`);
  return pnr;
}

/** The lower-case form used in the payment-success path. */
export function toLowerCasePnr(pnr: Pnr): string {
  return pnr.toLowerCase();
}

/** Bytes at or above this limit are discarded so that the modulo is unbiased. */
const UNBIASED_LIMIT = 256 - (256 % PNR_ALPHABET.length);
const MAX_DRAWS = 64;

/**
 * A new random PNR from the unambiguous alphabet. Throws RANDOM_SOURCE_INVALID when the source
 * returns the wrong number of bytes, or nothing usable after many draws (a broken source).
 */
export function generatePnr(randomBytes: RandomBytes): Pnr {
  let pnr = '';
  for (let draw = 0; draw < MAX_DRAWS && pnr.length < PNR_LENGTH; draw += 1) {
    for (const byte of readRandomBytes(randomBytes, PNR_LENGTH * 2)) {
      if (byte < UNBIASED_LIMIT && pnr.length < PNR_LENGTH) {
        pnr += PNR_ALPHABET[byte % PNR_ALPHABET.length];
      }
    }
  }
  if (pnr.length < PNR_LENGTH) {
    throw new DomainError('RANDOM_SOURCE_INVALID', 'Random source gave no usable bytes');
  }
  return pnr as Pnr;
}
