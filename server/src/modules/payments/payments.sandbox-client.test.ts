import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PaymentProviderUnavailableError,
  WebhookVerificationError,
  type ChargeRequest,
} from './payments.provider.ts';
import { SandboxGatewayClient } from './payments.sandbox-client.ts';
import { signWebhook } from './payments.webhook-signature.ts';

/** A stand-in gateway whose behaviour each test sets. */
let handler: (request: IncomingMessage, response: ServerResponse, body: string) => void;
const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] =
  [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
      });
      handler(request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox-gateway`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const PAYMENT = {
  id: 'pay_0123456789abcdef01234567',
  attemptKey: 'attempt-1',
  reference: 'ABC1234',
  method: 'CREDIT_CARD',
  status: 'succeeded',
  amount: 4200,
  currency: 'USD',
  failureReason: null,
  redirectUrl: null,
  action: null,
  card: { brand: 'visa', last4: '4242', expMonth: 1, expYear: 2030 },
  createdAt: '2026-11-23T10:00:00.000Z',
};

const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

function client(overrides: Partial<ConstructorParameters<typeof SandboxGatewayClient>[0]> = {}) {
  return new SandboxGatewayClient({
    baseUrl,
    publicUrl: '/sandbox-gateway',
    secretKey: 'sk_test_client_secret_key_0000',
    publishableKey: 'pk_test_client_publishable_000',
    webhookSecret: 'whsec_client_webhook_secret_000',
    timeoutMs: 5000,
    ...overrides,
  });
}

const REQUEST: ChargeRequest = {
  attemptKey: 'attempt-1',
  method: 'CREDIT_CARD',
  reference: 'ABC1234',
  amount: 4200,
  currency: 'USD',
  card: {
    token: 'tok_0123456789abcdef01234567',
    brand: 'visa',
    last4: '4242',
    expMonth: 1,
    expYear: 2030,
  },
  returnUrl: 'https://app.example/payment/ABC1234',
  locale: 'en',
};

describe('sandbox gateway client', () => {
  it('charges with the secret key, the attempt key as Idempotency-Key, and the token only', async () => {
    handler = (_request, response) => json(response, 200, PAYMENT);
    seen.length = 0;
    const payment = await client().charge(REQUEST);
    expect(payment).toEqual({
      id: PAYMENT.id,
      attemptKey: 'attempt-1',
      reference: 'ABC1234',
      method: 'CREDIT_CARD',
      status: 'succeeded',
      amount: 4200,
      currency: 'USD',
      failureReason: null,
      redirectUrl: null,
      action: null,
    });
    const [call] = seen;
    expect(call?.method).toBe('POST');
    expect(call?.url).toBe('/sandbox-gateway/v1/payments');
    expect(call?.headers.authorization).toBe('Bearer sk_test_client_secret_key_0000');
    expect(call?.headers['idempotency-key']).toBe('attempt-1');
    expect(JSON.parse(call?.body ?? '{}')).toEqual({
      method: 'CREDIT_CARD',
      amount: 4200,
      currency: 'USD',
      reference: 'ABC1234',
      card: 'tok_0123456789abcdef01234567',
      returnUrl: 'https://app.example/payment/ABC1234',
      locale: 'en',
    });
  });

  it('a time-out, a cut connection, a 5xx or a busy key are "unavailable"; a 4xx is a request error', async () => {
    handler = () => undefined; // never answers
    await expect(client({ timeoutMs: 300 }).retrieve(PAYMENT.id)).rejects.toThrow(
      /no answer within 300 ms/,
    );

    handler = (request) => request.socket.destroy();
    await expect(client().retrieve(PAYMENT.id)).rejects.toBeInstanceOf(
      PaymentProviderUnavailableError,
    );

    handler = (_request, response) =>
      json(response, 502, { error: { code: 'x', message: 'bad gateway' } });
    await expect(client().retrieve(PAYMENT.id)).rejects.toBeInstanceOf(
      PaymentProviderUnavailableError,
    );

    handler = (_request, response) =>
      json(response, 409, { error: { code: 'idempotency_key_in_use', message: 'retry' } });
    await expect(client().charge(REQUEST)).rejects.toBeInstanceOf(PaymentProviderUnavailableError);

    handler = (_request, response) =>
      json(response, 404, { error: { code: 'payment_not_found', message: 'No payment' } });
    await expect(client().retrieve(PAYMENT.id)).rejects.toMatchObject({
      name: 'PaymentProviderRequestError',
      status: 404,
      code: 'payment_not_found',
    });

    handler = (_request, response) => json(response, 200, { id: 'pay_x', status: 'weird' });
    await expect(client().retrieve(PAYMENT.id)).rejects.toBeInstanceOf(
      PaymentProviderUnavailableError,
    );

    await expect(client({ baseUrl: () => null }).retrieve(PAYMENT.id)).rejects.toBeInstanceOf(
      PaymentProviderUnavailableError,
    );
  });

  it('opens the circuit after 5 failures, fails fast while open, and closes after a good trial', async () => {
    let now = 1_000_000;
    const breaking = client({ breaker: { failureThreshold: 5, openMs: 30_000 }, now: () => now });
    handler = (_request, response) =>
      json(response, 500, { error: { code: 'x', message: 'down' } });
    seen.length = 0;
    for (let i = 0; i < 5; i += 1) {
      await expect(breaking.retrieve(PAYMENT.id)).rejects.toBeInstanceOf(
        PaymentProviderUnavailableError,
      );
    }
    expect(seen).toHaveLength(5);
    expect(breaking.circuitOpen).toBe(true);

    const started = performance.now();
    await expect(breaking.retrieve(PAYMENT.id)).rejects.toThrow(/circuit open/);
    expect(performance.now() - started).toBeLessThan(100);
    expect(seen).toHaveLength(5);

    // After the open period one trial goes through; a failure opens the circuit again.
    now += 30_001;
    await expect(breaking.retrieve(PAYMENT.id)).rejects.toThrow(/HTTP 500/);
    expect(seen).toHaveLength(6);
    await expect(breaking.retrieve(PAYMENT.id)).rejects.toThrow(/circuit open/);

    now += 30_001;
    handler = (_request, response) => json(response, 200, PAYMENT);
    expect((await breaking.retrieve(PAYMENT.id)).status).toBe('succeeded');
    expect(breaking.circuitOpen).toBe(false);
    expect((await breaking.retrieve(PAYMENT.id)).id).toBe(PAYMENT.id);
  });

  it('refunds with the attempt key', async () => {
    handler = (_request, response) => json(response, 200, { ...PAYMENT, status: 'refunded' });
    seen.length = 0;
    expect((await client().refund(PAYMENT.id, 'refund-1')).status).toBe('refunded');
    expect(seen[0]?.url).toBe(`/sandbox-gateway/v1/payments/${PAYMENT.id}/refund`);
    expect(seen[0]?.headers['idempotency-key']).toBe('refund-1');
  });

  it('refunds part of a payment: the amount in the body, the amount refunded in the answer', async () => {
    handler = (_request, response) =>
      json(response, 200, { ...PAYMENT, status: 'refunded', refundedAmount: 1500 });
    seen.length = 0;
    const refunded = await client().refund(PAYMENT.id, 'refund-2', 1500);
    expect(refunded).toMatchObject({ status: 'refunded', amount: 4200, refundedAmount: 1500 });
    expect(JSON.parse(seen[0]?.body ?? '{}')).toEqual({ amount: 1500 });
  });

  it('verifies webhooks: signature, tolerance, and the event shape', () => {
    const now = new Date('2026-11-23T10:00:00.000Z');
    const t = Math.floor(now.getTime() / 1000);
    const secret = 'whsec_client_webhook_secret_000';
    const body = Buffer.from(
      JSON.stringify({
        id: 'evt_1',
        type: 'payment.succeeded',
        createdAt: now.toISOString(),
        payment: PAYMENT,
      }),
    );
    const event = client().verifyWebhook(body, signWebhook(secret, body, t), now);
    expect(event).toMatchObject({
      id: 'evt_1',
      type: 'payment.succeeded',
      payment: { id: PAYMENT.id },
    });

    const refused = (raw: Buffer, header: string | undefined) => {
      try {
        client().verifyWebhook(raw, header, now);
        return 'accepted';
      } catch (error) {
        expect(error).toBeInstanceOf(WebhookVerificationError);
        return (error as Error).message.split(':')[0];
      }
    };
    expect(refused(body, undefined)).toBe('missing');
    expect(refused(body, signWebhook('whsec_wrong_secret_0000000000', body, t))).toBe(
      'no_matching_signature',
    );
    expect(
      refused(Buffer.from(body.toString().replace('4200', '1')), signWebhook(secret, body, t)),
    ).toBe('no_matching_signature');
    expect(refused(body, signWebhook(secret, body, t - 301))).toBe('timestamp_too_old');
    const notEvent = Buffer.from('{"hello":"world"}');
    expect(refused(notEvent, signWebhook(secret, notEvent, t))).toBe('malformed_body');
  });

  it('tells the browser where to tokenise, with the publishable key only', () => {
    expect(client().cardTokenization()).toEqual({
      url: '/sandbox-gateway/v1/tokens',
      publishableKey: 'pk_test_client_publishable_000',
    });
    expect(
      client({ publicUrl: 'https://pay.example/sandbox-gateway/' }).cardTokenization().url,
    ).toBe('https://pay.example/sandbox-gateway/v1/tokens');
  });
});
