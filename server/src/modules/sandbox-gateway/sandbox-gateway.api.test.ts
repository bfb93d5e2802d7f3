import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import {
  CARDS,
  startPaymentsTestApp,
  startWithWebhookReceiver,
  type ReceivingPaymentsTestApp,
  type WebhookReceiver,
} from '../../../test/helpers/payments.ts';
import { verifyWebhookSignature } from '../payments/payments.webhook-signature.ts';

interface Answer {
  status: number;
  body: string;
  replayed: boolean;
}

describe(`sandbox gateway API on ${dialectUnderTest()}`, () => {
  let t: ReceivingPaymentsTestApp;
  let receiver: WebhookReceiver;
  let api: string;
  let secretKey: string;

  beforeAll(async () => {
    t = await startWithWebhookReceiver({}, { paymentGateway: { sandbox: { settleDelayMs: 200 } } });
    receiver = t.receiver;
    api = `${t.baseUrl}/sandbox-gateway/v1`;
    secretKey = t.config.paymentGateway.secretKey;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    Object.assign(t.gateway.faults, {
      apiDelayMs: 0,
      apiFailure: 'none',
      duplicateWebhooks: false,
    });
  });

  const post = async (path: string, body: unknown, key?: string): Promise<Answer> => {
    const response = await fetch(`${api}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${secretKey}`,
        'content-type': 'application/json',
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return {
      status: response.status,
      body: await response.text(),
      replayed: response.headers.get('idempotent-replayed') === 'true',
    };
  };

  const paymentBody = async (number: string = CARDS.success) => ({
    method: 'CREDIT_CARD',
    amount: 9_900,
    currency: 'USD',
    reference: 'PNR7777',
    card: (await t.tokenizeCard(number)).token,
    returnUrl: `${t.baseUrl}/payment/PNR7777/return`,
    locale: 'en',
  });

  const paymentCount = async (attemptKey: string) =>
    (
      await t.app.db
        .selectFrom('gateway_payments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('attempt_key', '=', attemptKey)
        .executeTakeFirstOrThrow()
    ).n;

  const eventsFor = (body: string) => {
    const id = (JSON.parse(body) as { id: string }).id;
    return receiver.received
      .map(
        (delivery) =>
          JSON.parse(delivery.body) as {
            id: string;
            type: string;
            payment: { id: string; status: string };
          },
      )
      .filter((event) => event.payment.id === id);
  };

  describe('idempotency keys', () => {
    it('50 sequential requests with one key: one payment, byte-identical answers', async () => {
      const key = randomUUID();
      const body = JSON.stringify(await paymentBody());
      const answers: Answer[] = [];
      for (let i = 0; i < 50; i += 1) answers.push(await post('/payments', body, key));
      expect(answers[0]?.status).toBe(200);
      expect(answers[0]?.replayed).toBe(false);
      for (const answer of answers.slice(1)) {
        expect(answer.status).toBe(200);
        expect(answer.body).toBe(answers[0]?.body);
        expect(answer.replayed).toBe(true);
      }
      expect(await paymentCount(key)).toBe(1);
    });

    it('50 concurrent requests with one key: one payment, byte-identical answers', async () => {
      const key = randomUUID();
      const body = JSON.stringify(await paymentBody());
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => post('/payments', body, key)),
      );
      const ok = answers.filter((answer) => answer.status === 200);
      // A duplicate arriving while the first is being written may be told to retry (409).
      for (const answer of answers) expect([200, 409]).toContain(answer.status);
      expect(ok.length).toBeGreaterThan(0);
      expect(new Set(ok.map((answer) => answer.body)).size).toBe(1);
      expect(ok.filter((answer) => !answer.replayed).length).toBeLessThanOrEqual(1);
      expect(await paymentCount(key)).toBe(1);
      const retried = await post('/payments', body, key);
      expect(retried.body).toBe(ok[0]?.body);
    });

    it('the same key with another body is refused (422) and creates nothing', async () => {
      const key = randomUUID();
      const body = await paymentBody();
      const first = await post('/payments', body, key);
      const other = await post('/payments', { ...body, amount: 1 }, key);
      expect(other.status).toBe(422);
      expect(JSON.parse(other.body)).toMatchObject({
        error: { type: 'idempotency_error', code: 'idempotency_key_reused' },
      });
      expect(await paymentCount(key)).toBe(1);
      expect((await post('/payments', body, key)).body).toBe(first.body);
    });

    it('a missing key is 400; a refused request stores nothing under its key', async () => {
      const body = await paymentBody();
      const missing = await post('/payments', body);
      expect(missing.status).toBe(400);
      expect(JSON.parse(missing.body)).toMatchObject({
        error: { code: 'idempotency_key_missing' },
      });

      const key = randomUUID();
      const invalid = await post('/payments', { ...body, amount: -5, currency: 'usd' }, key);
      expect(invalid.status).toBe(400);
      expect(JSON.parse(invalid.body)).toMatchObject({
        error: {
          code: 'invalid_parameters',
          fields: { amount: [expect.any(String)], currency: [expect.any(String)] },
        },
      });
      const valid = await post('/payments', body, key);
      expect(valid.status).toBe(200);
      expect(JSON.parse(valid.body)).toMatchObject({ status: 'succeeded', attemptKey: key });
    });

    it('finds a payment by the key it was created with, and says when none was', async () => {
      const key = randomUUID();
      const lookUp = (attemptKey: string, bearer = secretKey) =>
        fetch(`${api}/payments?attemptKey=${encodeURIComponent(attemptKey)}`, {
          headers: { authorization: `Bearer ${bearer}` },
        });
      const before = await lookUp(key);
      expect(before.status).toBe(404);
      expect(await before.json()).toMatchObject({ error: { code: 'payment_not_found' } });
      const created = await post('/payments', await paymentBody(), key);
      const found = await lookUp(key);
      expect(found.status).toBe(200);
      expect(await found.json()).toEqual(JSON.parse(created.body));
      expect((await lookUp(key, t.config.paymentGateway.publishableKey)).status).toBe(401);
      expect(
        (await fetch(`${api}/payments`, { headers: { authorization: `Bearer ${secretKey}` } }))
          .status,
      ).toBe(400);
    });

    it('needs the secret key', async () => {
      const response = await fetch(`${api}/payments`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${t.config.paymentGateway.publishableKey}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify(await paymentBody()),
      });
      expect(response.status).toBe(401);
      expect((await fetch(`${api}/payments/pay_${'0'.repeat(24)}`)).status).toBe(401);
    });
  });

  describe('refunds', () => {
    it('refund is idempotent per key and happens once', async () => {
      const created = JSON.parse(
        (await post('/payments', await paymentBody(), randomUUID())).body,
      ) as { id: string };
      const key = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => post(`/payments/${created.id}/refund`, {}, key)),
      );
      const ok = answers.filter((answer) => answer.status === 200);
      expect(ok.length).toBeGreaterThan(0);
      expect(new Set(ok.map((answer) => answer.body)).size).toBe(1);
      expect(JSON.parse(ok[0]?.body ?? '{}')).toMatchObject({ id: created.id, status: 'refunded' });
      // Another key on a refunded payment answers the refunded payment, without a second refund.
      expect(
        JSON.parse((await post(`/payments/${created.id}/refund`, {}, randomUUID())).body),
      ).toMatchObject({
        status: 'refunded',
      });
      const refundEvents = await t.app.db
        .selectFrom('gateway_events')
        .select('id')
        .where('payment_id', '=', created.id)
        .where('type', '=', 'payment.refunded')
        .execute();
      expect(refundEvents).toHaveLength(1);
      // Through the client as well.
      expect((await t.app.paymentProvider.refund(created.id, key)).status).toBe('refunded');
    });

    it('a failed payment cannot be refunded', async () => {
      const failed = JSON.parse(
        (await post('/payments', await paymentBody(CARDS.declined), randomUUID())).body,
      ) as { id: string };
      const answer = await post(`/payments/${failed.id}/refund`, {}, randomUUID());
      expect(answer.status).toBe(409);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'payment_not_refundable' } });
    });
  });

  describe('webhooks', () => {
    it('delivers each state change, signed over the raw body', async () => {
      const created = await post('/payments', await paymentBody(), randomUUID());
      const { id } = JSON.parse(created.body) as { id: string };
      const delivery = await vi.waitFor(() => {
        const found = receiver.received.find((d) => d.body.includes(id));
        if (found === undefined) throw new Error('not delivered yet');
        return found;
      });
      expect(delivery).toBeDefined();
      const header = delivery?.headers['uniquair-signature'];
      expect(typeof header).toBe('string');
      expect(() =>
        verifyWebhookSignature(
          t.config.paymentGateway.webhookSecret,
          Buffer.from(delivery?.body ?? ''),
          header as string,
          new Date(),
        ),
      ).not.toThrow();
      const event = t.app.paymentProvider.verifyWebhook(
        Buffer.from(delivery?.body ?? ''),
        header as string,
        new Date(),
      );
      expect(event).toMatchObject({
        type: 'payment.succeeded',
        payment: { status: 'succeeded', amount: 9_900 },
      });
      expect(event.id).toMatch(/^evt_/);
    });

    it('retries after a 500 with the same event, and records the delivery', async () => {
      receiver.respondWith(500, 503);
      const before = receiver.received.length;
      const created = await post('/payments', await paymentBody(CARDS.declined), randomUUID());
      await receiver.waitFor(before + 3);
      const events = eventsFor(created.body);
      expect(events.map((event) => event.type)).toEqual([
        'payment.failed',
        'payment.failed',
        'payment.failed',
      ]);
      expect(new Set(events.map((event) => event.id)).size).toBe(1);
      const statuses = receiver.received.slice(before).map((delivery) => delivery.status);
      expect(statuses.slice(0, 3)).toEqual([500, 503, 200]);
      const paymentId = (JSON.parse(created.body) as { id: string }).id;
      // The delivery is recorded just after the receiver answers.
      await vi.waitFor(async () => {
        const row = await t.app.db
          .selectFrom('gateway_events')
          .selectAll()
          .where('payment_id', '=', paymentId)
          .executeTakeFirstOrThrow();
        expect(row.attempts).toBe(3);
        expect(row.delivered_at).not.toBeNull();
        expect(row.next_attempt_at).toBeNull();
      });
    });

    it('delivers duplicates when asked to (fault switch) and on resend', async () => {
      t.gateway.faults.duplicateWebhooks = true;
      const before = receiver.received.length;
      const created = await post('/payments', await paymentBody(), randomUUID());
      await receiver.waitFor(before + 2);
      const events = eventsFor(created.body);
      expect(events).toHaveLength(2);
      expect(events[0]?.id).toBe(events[1]?.id);

      t.gateway.faults.duplicateWebhooks = false;
      const resend = await post(`/test/events/${events[0]?.id ?? ''}/resend`, {});
      expect(resend.status).toBe(202);
      await receiver.waitFor(before + 3);
      expect(eventsFor(created.body).map((event) => event.id)).toEqual([
        events[0]?.id,
        events[0]?.id,
        events[0]?.id,
      ]);
    });

    it('a bank payment is confirmed later by itself: processing, then succeeded', async () => {
      const created = JSON.parse(
        (
          await post(
            '/payments',
            {
              method: 'TRUSTLY',
              amount: 5_000,
              currency: 'EUR',
              reference: 'PNRBANK',
              returnUrl: '/payment/PNRBANK',
              locale: 'de',
            },
            randomUUID(),
          )
        ).body,
      ) as { id: string; redirectUrl: string };
      const before = receiver.received.length;
      await t.followRedirect(created.redirectUrl, 'pay');
      await receiver.waitFor(before + 2);
      const types = receiver.received
        .slice(before)
        .map((delivery) => JSON.parse(delivery.body) as { type: string; payment: { id: string } })
        .filter((event) => event.payment.id === created.id)
        .map((event) => event.type);
      expect(types).toEqual(['payment.processing', 'payment.succeeded']);
      expect((await t.app.paymentProvider.retrieve(created.id)).status).toBe('succeeded');
    });
  });

  describe('shutting down', () => {
    it('closing the app stops the webhook loop without waiting on a receiver that hangs', async () => {
      let arrived = 0;
      const silent = createServer(() => {
        arrived += 1; // never answers
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/webhook`;
      const other = await startPaymentsTestApp({ PAYMENT_WEBHOOK_URL: url });
      try {
        const card = await other.tokenizeCard(CARDS.success);
        await other.app.paymentProvider.charge({
          attemptKey: randomUUID(),
          method: 'CREDIT_CARD',
          reference: 'PNRSTOP',
          amount: 100,
          currency: 'USD',
          card,
          returnUrl: '/payment/PNRSTOP',
          locale: 'en',
        });
        await vi.waitFor(() => expect(arrived).toBe(1));
        const started = Date.now();
        await other.app.close();
        // The delivery waits up to its 10 s time limit unless the loop aborts it.
        expect(Date.now() - started).toBeLessThan(2000);
      } finally {
        await other.close();
        silent.closeAllConnections();
        await new Promise<void>((resolve) => silent.close(() => resolve()));
      }
    });
  });

  describe('faults and the client', () => {
    it('a gateway answering 500 is "unavailable"; the retry with the same key charges once', async () => {
      const card = await t.tokenizeCard(CARDS.success);
      const request = {
        attemptKey: randomUUID(),
        method: 'CREDIT_CARD' as const,
        reference: 'PNRFAIL',
        amount: 1_000,
        currency: 'GBP',
        card,
        returnUrl: '/payment/PNRFAIL',
        locale: 'en',
      };
      t.gateway.faults.apiFailure = 'server_error';
      await expect(t.app.paymentProvider.charge(request)).rejects.toMatchObject({
        name: 'PaymentProviderUnavailableError',
      });
      t.gateway.faults.apiFailure = 'lose_response';
      await expect(t.app.paymentProvider.charge(request)).rejects.toMatchObject({
        name: 'PaymentProviderUnavailableError',
      });
      t.gateway.faults.apiFailure = 'none';
      expect((await t.app.paymentProvider.charge(request)).status).toBe('succeeded');
      expect(await paymentCount(request.attemptKey)).toBe(1);
    });
  });
});
