import { describe, expect, it } from 'vitest';
import {
  signWebhook,
  SignatureVerificationError,
  verifyWebhookSignature,
  type SignatureFailure,
} from './payments.webhook-signature.ts';

const SECRET = 'whsec_0123456789abcdef0123456789abcdef';
const BODY = Buffer.from('{"id":"evt_1","type":"payment.succeeded","payment":{"amount":1250}}');
const NOW = new Date('2026-11-23T10:00:00.000Z');
const T = Math.floor(NOW.getTime() / 1000);

function failureOf(action: () => unknown): SignatureFailure | null {
  try {
    action();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(SignatureVerificationError);
    return (error as SignatureVerificationError).reason;
  }
}

describe('webhook signatures', () => {
  it('signs as t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>"> and verifies its own signature', () => {
    const header = signWebhook(SECRET, BODY, T);
    expect(header).toMatch(new RegExp(`^t=${T},v1=[0-9a-f]{64}$`));
    expect(verifyWebhookSignature(SECRET, BODY, header, NOW)).toBe(T);
    // A string body signs the same as its UTF-8 bytes.
    expect(signWebhook(SECRET, BODY.toString('utf8'), T)).toBe(header);
  });

  it('matches an independently computed HMAC (the documented algorithm)', async () => {
    const { createHmac } = await import('node:crypto');
    const expected = createHmac('sha256', SECRET).update(`${T}.${BODY.toString()}`).digest('hex');
    expect(signWebhook(SECRET, BODY, T)).toBe(`t=${T},v1=${expected}`);
  });

  it('refuses a tampered body, even by one byte', () => {
    const header = signWebhook(SECRET, BODY, T);
    const tampered = Buffer.from(BODY.toString().replace('1250', '1251'));
    expect(failureOf(() => verifyWebhookSignature(SECRET, tampered, header, NOW))).toBe(
      'no_matching_signature',
    );
  });

  it('refuses a signature made with another secret', () => {
    const header = signWebhook('whsec_someone_else_entirely_000000', BODY, T);
    expect(failureOf(() => verifyWebhookSignature(SECRET, BODY, header, NOW))).toBe(
      'no_matching_signature',
    );
  });

  it('refuses a timestamp changed after signing', () => {
    const header = signWebhook(SECRET, BODY, T).replace(`t=${T}`, `t=${T + 1}`);
    expect(failureOf(() => verifyWebhookSignature(SECRET, BODY, header, NOW))).toBe(
      'no_matching_signature',
    );
  });

  it('accepts up to 300 s either way and refuses beyond (stale and future)', () => {
    expect(verifyWebhookSignature(SECRET, BODY, signWebhook(SECRET, BODY, T - 300), NOW)).toBe(
      T - 300,
    );
    expect(verifyWebhookSignature(SECRET, BODY, signWebhook(SECRET, BODY, T + 300), NOW)).toBe(
      T + 300,
    );
    expect(
      failureOf(() =>
        verifyWebhookSignature(SECRET, BODY, signWebhook(SECRET, BODY, T - 301), NOW),
      ),
    ).toBe('timestamp_too_old');
    expect(
      failureOf(() =>
        verifyWebhookSignature(SECRET, BODY, signWebhook(SECRET, BODY, T + 301), NOW),
      ),
    ).toBe('timestamp_in_future');
    expect(
      verifyWebhookSignature(SECRET, BODY, signWebhook(SECRET, BODY, T - 900), NOW, 1000),
    ).toBe(T - 900);
  });

  it('refuses a missing or malformed header', () => {
    const valid = signWebhook(SECRET, BODY, T);
    const v1 = valid.split(',')[1] ?? '';
    expect(failureOf(() => verifyWebhookSignature(SECRET, BODY, undefined, NOW))).toBe('missing');
    expect(failureOf(() => verifyWebhookSignature(SECRET, BODY, '  ', NOW))).toBe('missing');
    for (const header of [
      'garbage',
      v1,
      `t=${T}`,
      `t=abc,${v1}`,
      `t=${T},v1=xyz`,
      `t=${T},v1=${'0'.repeat(63)}`,
      `t=${T},t=${T},${v1}`,
      `=${T},${v1}`,
    ]) {
      expect(
        failureOf(() => verifyWebhookSignature(SECRET, BODY, header, NOW)),
        header,
      ).toBe('malformed');
    }
  });

  it('accepts a header carrying several signatures when one matches (secret rotation)', () => {
    const valid = signWebhook(SECRET, BODY, T);
    const other = signWebhook('whsec_previous_secret_00000000000000', BODY, T).split(',')[1];
    expect(verifyWebhookSignature(SECRET, BODY, `${valid},${other}`, NOW)).toBe(T);
    expect(
      verifyWebhookSignature(SECRET, BODY, `t=${T},${other},${valid.split(',')[1]}`, NOW),
    ).toBe(T);
  });
});
