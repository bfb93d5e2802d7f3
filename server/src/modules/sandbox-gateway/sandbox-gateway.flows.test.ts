import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import {
  CARDS,
  startWithWebhookReceiver,
  type PaymentsTestApp,
} from '../../../test/helpers/payments.ts';
import {
  PaymentProviderRequestError,
  type ChargeRequest,
  type GatewayMethod,
} from '../payments/payments.provider.ts';

const CARD_CANARY = '4111111111111111';
const CVC_CANARY = '937';

describe(`sandbox gateway on ${dialectUnderTest()}`, () => {
  let t: PaymentsTestApp;
  let tokensUrl: string;
  let publishableKey: string;
  let secretKey: string;
  beforeAll(async () => {
    // Webhooks go to a receiver of this test's own (their delivery is tested in the API tests).
    t = await startWithWebhookReceiver();
    tokensUrl = `${t.baseUrl}/sandbox-gateway/v1/tokens`;
    publishableKey = t.config.paymentGateway.publishableKey;
    secretKey = t.config.paymentGateway.secretKey;
  });
  afterAll(() => t.close());

  const charge = (overrides: Partial<ChargeRequest> = {}) =>
    t.app.paymentProvider.charge({
      attemptKey: randomUUID(),
      method: 'CREDIT_CARD',
      reference: 'ABC1234',
      amount: 12_550,
      currency: 'EUR',
      returnUrl: `${t.baseUrl}/payment/ABC1234/return`,
      locale: 'en',
      ...overrides,
    });

  const chargeCard = async (number: string, overrides: Partial<ChargeRequest> = {}) => {
    const card = await t.tokenizeCard(number);
    return charge({ card, ...overrides });
  };

  const postToken = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(tokensUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${publishableKey}`,
        'content-type': 'application/json',
        ...headers,
      },
      body: JSON.stringify(body),
    });

  describe('tokenisation', () => {
    const valid = {
      holder: 'Ada Lovelace',
      number: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    };

    it('answers a token with brand, last four and expiry only', async () => {
      const response = await postToken(valid);
      expect(response.status).toBe(200);
      const body = (await response.json()) as Record<string, unknown>;
      expect(String(body.token)).toMatch(/^tok_[0-9a-f]{24}$/);
      expect(body).toEqual({
        token: body.token,
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2030,
      });
    });

    it('names every wrong field and never echoes the number or the code', async () => {
      const response = await postToken({
        holder: ' ',
        number: '4242424242424241',
        expMonth: 13,
        expYear: 2030,
        cvc: '12',
      });
      expect(response.status).toBe(400);
      const text = await response.text();
      expect(text).not.toContain('4242424242424241');
      const body = JSON.parse(text) as {
        error: { code: string; fields: Record<string, string[]> };
      };
      expect(body.error.code).toBe('invalid_card');
      expect(Object.keys(body.error.fields).sort()).toEqual([
        'cvc',
        'expMonth',
        'holder',
        'number',
      ]);
      expect(body.error.fields.number).toEqual(['The card number is not valid']);

      // The browser can read the field errors: the CORS headers come with the 400 too.
      const fromApp = await postToken({ ...valid, cvc: 'x' }, { origin: t.baseUrl });
      expect(fromApp.status).toBe(400);
      expect(fromApp.headers.get('access-control-allow-origin')).toBe(t.baseUrl);

      const short = await postToken({ ...valid, number: '424242424242' });
      expect(
        ((await short.json()) as { error: { fields: Record<string, string[]> } }).error.fields,
      ).toEqual({
        number: ['The card number must have 13 to 19 digits'],
      });
      const letters = await postToken({ ...valid, number: '4242abcd42424242' });
      expect(letters.status).toBe(400);
    });

    it('refuses an expired card but accepts one expiring this month', async () => {
      const now = new Date();
      const past = await postToken({ ...valid, expMonth: 1, expYear: now.getUTCFullYear() - 1 });
      expect(past.status).toBe(400);
      expect(
        ((await past.json()) as { error: { fields: Record<string, string[]> } }).error.fields,
      ).toEqual({
        expYear: ['The card has expired'],
      });
      const thisMonth = await postToken({
        ...valid,
        expMonth: now.getUTCMonth() + 1,
        expYear: now.getUTCFullYear(),
      });
      expect(thisMonth.status).toBe(200);
    });

    it('needs the publishable key (the secret key or none is refused)', async () => {
      expect(
        (await postToken(valid, { authorization: 'Bearer pk_test_wrong_key_000000' })).status,
      ).toBe(401);
      expect((await postToken(valid, { authorization: `Bearer ${secretKey}` })).status).toBe(401);
      const inBody = await fetch(tokensUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...valid, key: publishableKey }),
      });
      expect(inBody.status).toBe(200);
    });

    it('answers CORS preflights for the app origin only', async () => {
      const preflight = (origin: string) =>
        fetch(tokensUrl, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'authorization, content-type',
          },
        });
      const own = await preflight(t.baseUrl);
      expect(own.status).toBe(204);
      expect(own.headers.get('access-control-allow-origin')).toBe(t.baseUrl);
      expect(own.headers.get('access-control-allow-methods')).toBe('POST');
      expect(own.headers.get('access-control-allow-headers')).toContain('authorization');

      const foreign = await preflight('https://evil.example');
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
      const post = await postToken(valid, { origin: 'https://evil.example' });
      expect(post.status).toBe(403);
      expect(post.headers.get('access-control-allow-origin')).toBeNull();

      const allowed = await postToken(valid, { origin: t.baseUrl });
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(t.baseUrl);
    });

    it('keeps no card number or security code in any gateway table', async () => {
      const response = await postToken({ ...valid, number: CARD_CANARY, cvc: CVC_CANARY });
      expect(response.status).toBe(200);
      const { token } = (await response.json()) as { token: string };
      await charge({
        card: { token, brand: 'visa', last4: '1111', expMonth: 12, expYear: 2030 },
      });
      let rows = 0;
      for (const table of [
        'gateway_card_tokens',
        'gateway_payments',
        'gateway_idempotency_keys',
        'gateway_events',
      ]) {
        const result = await sql<
          Record<string, unknown>
        >`select * from ${sql.table(table)}`.execute(t.app.db);
        rows += result.rows.length;
        const dump = JSON.stringify(result.rows);
        expect(dump).not.toContain(CARD_CANARY);
        expect(dump).not.toContain(CARD_CANARY.slice(0, 12));
        expect(dump).not.toContain(`"${CVC_CANARY}"`);
      }
      expect(rows).toBeGreaterThan(3);
      const stored = await t.app.db
        .selectFrom('gateway_card_tokens')
        .selectAll()
        .where('token', '=', token)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ brand: 'visa', last4: '1111', exp_month: 12, exp_year: 2030 });
    });
  });

  describe('card payments through the client', () => {
    it('succeeds with 4242… and with any other valid number', async () => {
      const payment = await chargeCard(CARDS.success);
      expect(payment.id).toMatch(/^pay_[0-9a-f]{24}$/);
      expect(payment).toMatchObject({
        status: 'succeeded',
        amount: 12_550,
        currency: 'EUR',
        reference: 'ABC1234',
        method: 'CREDIT_CARD',
        failureReason: null,
        redirectUrl: null,
        action: null,
      });
      expect(await t.app.paymentProvider.retrieve(payment.id)).toEqual(payment);
      expect((await chargeCard('5555555555554444', { method: 'REVOLUT_CREDIT_CARD' })).status).toBe(
        'succeeded',
      );
    });

    it.each([
      [CARDS.declined, 'declined'],
      [CARDS.expired, 'expired_card'],
      [CARDS.insufficientFunds, 'insufficient_funds'],
      [CARDS.limitExceeded, 'limit_exceeded'],
      [CARDS.notAuthorized, 'not_authorized'],
      [CARDS.checkDetails, 'check_details'],
    ])('declines %s with %s', async (number, reason) => {
      const payment = await chargeCard(number);
      expect(payment).toMatchObject({ status: 'failed', failureReason: reason, redirectUrl: null });
    });

    it('asks for 3-D Secure with 4000 0027 6000 3184; the challenge decides', async () => {
      const returnUrl = `${t.baseUrl}/payment/ABC1234/return?step=3ds`;
      const pending = await chargeCard(CARDS.threeDSecure, { returnUrl });
      expect(pending).toMatchObject({
        status: 'requires_action',
        action: 'three_d_secure',
        redirectUrl: `/sandbox-gateway/pay/${pending.id}`,
      });
      const result = await t.followRedirect(pending.redirectUrl as string, 'complete');
      expect(result.html).toContain('<html lang="en">');
      expect(result.html).toContain('Complete authentication');
      expect(result.html).toContain('Fail authentication');
      expect(result.status).toBe(303);
      expect(result.location).toBe(`${returnUrl}&payment=${pending.id}`);
      expect(await t.app.paymentProvider.retrieve(pending.id)).toMatchObject({
        status: 'succeeded',
        redirectUrl: null,
        action: null,
      });

      const failing = await chargeCard(CARDS.threeDSecure);
      await t.followRedirect(failing.redirectUrl as string, 'fail');
      expect(await t.app.paymentProvider.retrieve(failing.id)).toMatchObject({
        status: 'failed',
        failureReason: 'not_authorized',
      });
    });

    it('refuses a charge with an unknown token as a request error', async () => {
      await expect(
        charge({
          card: {
            token: `tok_${'0'.repeat(24)}`,
            brand: 'visa',
            last4: '4242',
            expMonth: 1,
            expYear: 2030,
          },
        }),
      ).rejects.toMatchObject({ name: 'PaymentProviderRequestError', status: 400 });
      await expect(t.app.paymentProvider.retrieve('pay_unknown')).rejects.toBeInstanceOf(
        PaymentProviderRequestError,
      );
    });
  });

  describe('redirect methods', () => {
    const redirectCharge = (method: GatewayMethod) =>
      charge({ method, returnUrl: `/payment/ABC1234/${method.toLowerCase()}` });

    it.each([
      ['approve', 'succeeded', null],
      ['cancel', 'failed', 'cancelled'],
      ['funding_failure', 'failed', 'funding_failed'],
    ])('PayPal: %s → %s', async (outcome, status, reason) => {
      const pending = await redirectCharge('PAYPAL');
      expect(pending).toMatchObject({ status: 'requires_action', action: 'approval' });
      const result = await t.followRedirect(pending.redirectUrl as string, outcome);
      expect(result.html).toContain('Approve payment');
      expect(result.html).toContain('Funding failure');
      expect(result.location).toBe(`/payment/ABC1234/paypal?payment=${pending.id}`);
      expect(await t.app.paymentProvider.retrieve(pending.id)).toMatchObject({
        status,
        failureReason: reason,
      });
    });

    it.each(['SILK_PAY', 'SILK_PAY_UNION_PAY'] as const)(
      '%s: the hosted page approves or cancels',
      async (method) => {
        const approved = await redirectCharge(method);
        expect(approved).toMatchObject({ status: 'requires_action', action: 'bank_redirect' });
        await t.followRedirect(approved.redirectUrl as string, 'approve');
        expect((await t.app.paymentProvider.retrieve(approved.id)).status).toBe('succeeded');
        const cancelled = await redirectCharge(method);
        await t.followRedirect(cancelled.redirectUrl as string, 'cancel');
        expect(await t.app.paymentProvider.retrieve(cancelled.id)).toMatchObject({
          status: 'failed',
          failureReason: 'cancelled',
        });
      },
    );

    it('Trustly: paying leaves it processing until the bank confirms', async () => {
      const pending = await redirectCharge('TRUSTLY');
      expect(pending).toMatchObject({ status: 'requires_action', action: 'bank_redirect' });
      const result = await t.followRedirect(pending.redirectUrl as string, 'pay');
      expect(result.html).toContain('Pay from my bank');
      expect(result.status).toBe(303);
      expect((await t.app.paymentProvider.retrieve(pending.id)).status).toBe('processing');
      expect((await t.settle(pending.id)).status).toBe('succeeded');
      expect((await t.app.paymentProvider.retrieve(pending.id)).status).toBe('succeeded');

      const cancelled = await redirectCharge('TRUSTLY');
      await t.followRedirect(cancelled.redirectUrl as string, 'cancel');
      expect(await t.app.paymentProvider.retrieve(cancelled.id)).toMatchObject({
        status: 'failed',
        failureReason: 'cancelled',
      });
    });

    it('a replayed or late answer changes nothing; a reload shows the outcome', async () => {
      const pending = await redirectCharge('PAYPAL');
      const url = `${t.baseUrl}${pending.redirectUrl as string}`;
      await t.followRedirect(pending.redirectUrl as string, 'approve');
      for (const outcome of ['cancel', 'funding_failure', 'approve']) {
        const replay = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `outcome=${outcome}`,
          redirect: 'manual',
        });
        expect(replay.status).toBe(303);
      }
      expect((await t.app.paymentProvider.retrieve(pending.id)).status).toBe('succeeded');
      const reload = await fetch(url);
      expect(await reload.text()).toContain('This payment has succeeded');
    });

    it('hosted pages carry their own strict policy and no GET changes state', async () => {
      const pending = await redirectCharge('PAYPAL');
      const url = `${t.baseUrl}${pending.redirectUrl as string}`;
      const page = await fetch(url);
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("form-action 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(page.headers.get('cache-control')).toBe('no-store');
      const html = await page.text();
      expect(html).toMatch(/<h1>Approve your payment<\/h1>/);
      expect(html).not.toContain('<script');
      await fetch(`${url}?outcome=approve`);
      expect((await t.app.paymentProvider.retrieve(pending.id)).status).toBe('requires_action');
      const unknown = await fetch(`${t.baseUrl}/sandbox-gateway/pay/pay_${'a'.repeat(24)}`);
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('content-type')).toContain('text/html');
    });
  });
});
