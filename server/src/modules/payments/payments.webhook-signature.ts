import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures (reference C5): the header `Uniquair-Signature: t=<unix seconds>,v1=<hex>`
 * where the hex is HMAC-SHA256 of `<t>.<raw body>` under the shared webhook secret. The receiver
 * checks the signature over the body bytes exactly as received (parsed and re-serialised JSON
 * would not match) and refuses a timestamp more than the tolerance away from its clock, so a
 * captured delivery cannot be replayed later.
 */

export const SIGNATURE_HEADER = 'uniquair-signature';

/** How far (seconds) a signature's timestamp may be from the receiver's clock, either way. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export type SignatureFailure =
  'missing' | 'malformed' | 'no_matching_signature' | 'timestamp_too_old' | 'timestamp_in_future';

/** Why a signature does not check out; `reason` is for logs and tests, never for the sender. */
export class SignatureVerificationError extends Error {
  override readonly name = 'SignatureVerificationError';
  readonly reason: SignatureFailure;

  constructor(reason: SignatureFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

function hmacHex(secret: string, timestamp: number, body: Buffer | string): string {
  return createHmac('sha256', secret)
    .update(`${timestamp}.`)
    .update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body)
    .digest('hex');
}

/** The header value signing `body` at `timestamp` (unix seconds). */
export function signWebhook(secret: string, body: Buffer | string, timestamp: number): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, body)}`;
}

interface ParsedHeader {
  timestamp: number;
  signatures: string[];
}

function parseHeader(header: string): ParsedHeader | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator <= 0) return null;
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === 't') {
      if (!/^\d{1,12}$/.test(value) || timestamp !== null) return null;
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!/^[0-9a-f]{64}$/i.test(value)) return null;
      signatures.push(value.toLowerCase());
    }
    // Other schemes (v0, future versions) are ignored, as senders may add them.
  }
  if (timestamp === null || signatures.length === 0) return null;
  return { timestamp, signatures };
}

/**
 * Checks `header` against the raw `body`: a well-formed header, one `v1` signature equal (in
 * constant time) to the expected one, and a timestamp within `toleranceSeconds` of `now`. Returns
 * the signed timestamp; throws SignatureVerificationError naming the reason otherwise.
 */
export function verifyWebhookSignature(
  secret: string,
  body: Buffer | string,
  header: string | undefined,
  now: Date,
  toleranceSeconds: number = DEFAULT_TOLERANCE_SECONDS,
): number {
  if (header === undefined || header.trim() === '') {
    throw new SignatureVerificationError('missing', 'No signature header');
  }
  const parsed = parseHeader(header);
  if (parsed === null) {
    throw new SignatureVerificationError(
      'malformed',
      'The signature header is not of the form t=<unix seconds>,v1=<hex>',
    );
  }
  const expected = Buffer.from(hmacHex(secret, parsed.timestamp, body), 'hex');
  const matches = parsed.signatures.some((signature) =>
    timingSafeEqual(Buffer.from(signature, 'hex'), expected),
  );
  if (!matches) {
    throw new SignatureVerificationError(
      'no_matching_signature',
      'No signature matches the body under the webhook secret',
    );
  }
  const age = Math.floor(now.getTime() / 1000) - parsed.timestamp;
  if (age > toleranceSeconds) {
    throw new SignatureVerificationError(
      'timestamp_too_old',
      `The signature is ${age} s old, more than the ${toleranceSeconds} s tolerance`,
    );
  }
  if (-age > toleranceSeconds) {
    throw new SignatureVerificationError(
      'timestamp_in_future',
      `The signature is dated ${-age} s ahead, more than the ${toleranceSeconds} s tolerance`,
    );
  }
  return parsed.timestamp;
}
