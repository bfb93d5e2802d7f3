/**
 * Link tokens (SPEC §2, DESIGN §7): e-mailed and shared links carry 40 hexadecimal characters,
 * 160 random bits. Tokens are written in lower case; either case is accepted when read. The
 * random source is passed in (for instance `crypto.randomBytes` on the server).
 */
import { LINK_TOKEN_LENGTH } from '../config/limits.ts';
import { readRandomBytes, type RandomBytes } from './random-bytes.ts';

declare const linkTokenBrand: unique symbol;

/** A link token in canonical lower-case form. */
export type LinkToken = string & { readonly [linkTokenBrand]: true };

/** Random bytes in a token: two hex characters each. */
export const LINK_TOKEN_BYTES = LINK_TOKEN_LENGTH / 2;

const TOKEN_PATTERN = new RegExp(`^[0-9a-fA-F]{${LINK_TOKEN_LENGTH}}$`);

export function isLinkToken(text: string): boolean {
  return TOKEN_PATTERN.test(text);
}

/** The canonical token, or null when the text is not one. */
export function parseLinkToken(text: string): LinkToken | null {
  return isLinkToken(text) ? (text.toLowerCase() as LinkToken) : null;
}

/** A new token of 160 random bits; throws RANDOM_SOURCE_INVALID for a short or long read. */
export function generateLinkToken(randomBytes: RandomBytes): LinkToken {
  const bytes = readRandomBytes(randomBytes, LINK_TOKEN_BYTES);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('') as LinkToken;
}
