import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loggerOptions } from '../../config/logging.ts';
import { ConfigError, loadConfig } from '../../config/env.ts';
import { buildTestApp, useTestAppServing } from '../../../test/helpers/build.ts';
import { itRejectsSettings } from '../../../test/helpers/config.ts';
import { createTestDatabase } from '../../../test/helpers/database.ts';
import { PRODUCTION_ENV } from '../../../test/helpers/production-env.ts';

const SECRET = 'a-session-secret-of-at-least-32-characters-0000';

describe('payment gateway configuration', () => {
  it('defaults to the in-process sandbox with derived development keys', () => {
    const { paymentGateway } = loadConfig({});
    expect(paymentGateway).toMatchObject({
      kind: 'sandbox',
      url: null,
      publicUrl: '/sandbox-gateway',
      webhookUrl: null,
      timeoutMs: 30_000,
      gatewayPort: 3900,
      settleDelayMs: 3000,
    });
    expect(paymentGateway.secretKey).toMatch(/^sk_test_[0-9a-f]{40}$/);
    expect(paymentGateway.publishableKey).toMatch(/^pk_test_[0-9a-f]{40}$/);
    expect(paymentGateway.webhookSecret).toMatch(/^whsec_[0-9a-f]{40}$/);
    expect(
      new Set([paymentGateway.secretKey.slice(8), paymentGateway.publishableKey.slice(8)]).size,
    ).toBe(2);
  });

  it('derives the same keys from the same SESSION_SECRET (separate processes agree), others from another', () => {
    const one = loadConfig({ SESSION_SECRET: SECRET }).paymentGateway;
    const again = loadConfig({ ...PRODUCTION_ENV, SESSION_SECRET: SECRET }).paymentGateway;
    const other = loadConfig({ SESSION_SECRET: `${SECRET}x` }).paymentGateway;
    expect(again.secretKey).toBe(one.secretKey);
    expect(again.webhookSecret).toBe(one.webhookSecret);
    expect(other.secretKey).not.toBe(one.secretKey);
    expect(loadConfig({}).paymentGateway.secretKey).not.toBe(one.secretKey);
  });

  it('reads every variable; the public URL follows PAYMENT_GATEWAY_URL unless given', () => {
    const config = loadConfig({
      PAYMENT_GATEWAY: 'sandbox',
      PAYMENT_GATEWAY_URL: 'http://gateway.internal:3900/sandbox-gateway/',
      PAYMENT_GATEWAY_SECRET_KEY: 'sk_test_given_secret_key_0001',
      PAYMENT_GATEWAY_PUBLISHABLE_KEY: 'pk_test_given_publishable_01',
      PAYMENT_WEBHOOK_SECRET: 'whsec_given_webhook_secret_01',
      PAYMENT_WEBHOOK_URL: 'http://app.internal:3000/api/payments/webhook',
      PAYMENT_GATEWAY_TIMEOUT_MS: '5000',
      GATEWAY_PORT: '4900',
      GATEWAY_SETTLE_DELAY_MS: '0',
    }).paymentGateway;
    expect(config).toMatchObject({
      url: 'http://gateway.internal:3900/sandbox-gateway',
      publicUrl: 'http://gateway.internal:3900/sandbox-gateway',
      secretKey: 'sk_test_given_secret_key_0001',
      publishableKey: 'pk_test_given_publishable_01',
      webhookSecret: 'whsec_given_webhook_secret_01',
      webhookUrl: 'http://app.internal:3000/api/payments/webhook',
      timeoutMs: 5000,
      gatewayPort: 4900,
      settleDelayMs: 0,
    });
    expect(
      loadConfig({
        PAYMENT_GATEWAY_URL: 'http://gateway.internal:3900/sandbox-gateway',
        PAYMENT_GATEWAY_PUBLIC_URL: 'https://pay.example.com/sandbox-gateway',
      }).paymentGateway.publicUrl,
    ).toBe('https://pay.example.com/sandbox-gateway');
  });

  it('in production, a gateway elsewhere needs its keys given, and secrets are never echoed', () => {
    const environment = {
      ...PRODUCTION_ENV,
      SESSION_SECRET: SECRET,
      PAYMENT_GATEWAY_URL: 'https://gateway.example.com/sandbox-gateway',
    };
    let error: unknown;
    try {
      loadConfig(environment);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues.map((issue) => issue.split(':')[0]).sort()).toEqual([
      'PAYMENT_GATEWAY_PUBLISHABLE_KEY',
      'PAYMENT_GATEWAY_SECRET_KEY',
      'PAYMENT_WEBHOOK_SECRET',
    ]);
    expect(() => loadConfig({ ...environment, PAYMENT_GATEWAY_SECRET_KEY: 'short' })).toThrow(
      /PAYMENT_GATEWAY_SECRET_KEY: must be 16 to 200/,
    );
    expect(() => loadConfig({ PAYMENT_GATEWAY_SECRET_KEY: 'a secret with spaces!!' })).not.toThrow(
      /a secret with spaces/,
    );
    expect(() => loadConfig({ PAYMENT_GATEWAY_SECRET_KEY: 'a secret with spaces!!' })).toThrow(
      ConfigError,
    );
  });

  itRejectsSettings([
    ['PAYMENT_GATEWAY', 'stripe'],
    ['PAYMENT_GATEWAY_URL', 'ftp://gateway'],
    ['PAYMENT_GATEWAY_PUBLIC_URL', 'javascript:alert(1)'],
    ['PAYMENT_WEBHOOK_URL', 'not a url'],
    ['PAYMENT_GATEWAY_TIMEOUT_MS', '10'],
    ['GATEWAY_PORT', '70000'],
    ['GATEWAY_SETTLE_DELAY_MS', '-1'],
  ]);
});

describe('payment gateway plugin', () => {
  const t = useTestAppServing({ 'index.html': '<!doctype html><title>app</title>' });

  it('decorates the provider client and mounts the sandbox', async () => {
    expect(t.app.sandboxGateway).not.toBeNull();
    expect(t.app.paymentProvider.cardTokenization()).toEqual({
      url: '/sandbox-gateway/v1/tokens',
      publishableKey: t.config.paymentGateway.publishableKey,
    });
    // Not listening: the client cannot reach the gateway, and says so as "unavailable".
    await expect(t.app.paymentProvider.retrieve('pay_x')).rejects.toMatchObject({
      name: 'PaymentProviderUnavailableError',
    });
  });

  it('the web app fallback leaves /sandbox-gateway/ paths to the gateway', async () => {
    const unknown = await t.app.inject({
      url: '/sandbox-gateway/nothing-here',
      headers: { accept: 'text/html' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain('<title>app</title>');
    const page = await t.app.inject({ url: `/sandbox-gateway/pay/pay_${'b'.repeat(24)}` });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Payment not found');
    expect(
      (await t.app.inject({ url: '/bookings', headers: { accept: 'text/html' } })).body,
    ).toContain('<title>app</title>');
  });

  it('the API CSRF rules do not apply to the gateway (its own keys and forms guard it)', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: `/sandbox-gateway/pay/pay_${'c'.repeat(24)}`,
      headers: {
        origin: 'https://bank.example',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'outcome=approve',
    });
    expect(form.statusCode).toBe(404);
    expect(form.body).toContain('Payment not found');
  });

  it('with PAYMENT_GATEWAY_URL set, the sandbox is not mounted here', async () => {
    const other = await buildTestApp({ PAYMENT_GATEWAY_URL: 'http://127.0.0.1:9/sandbox-gateway' });
    try {
      expect(other.app.sandboxGateway).toBeNull();
      expect(other.app.paymentProvider.cardTokenization().url).toBe(
        'http://127.0.0.1:9/sandbox-gateway/v1/tokens',
      );
      // The app's pages may call the gateway's origin (card tokenisation), and nothing more.
      const csp = (await other.app.inject({ url: '/api/health' })).headers[
        'content-security-policy'
      ];
      expect(csp).toContain("connect-src 'self' http://127.0.0.1:9;");
      expect(csp).toContain("script-src 'self';");
      const own = (await t.app.inject({ url: '/api/health' })).headers['content-security-policy'];
      expect(own).toContain("connect-src 'self';");
      const tokens = await other.app.inject({
        method: 'POST',
        url: '/sandbox-gateway/v1/tokens',
        payload: {},
      });
      expect(tokens.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('logs no card number or security code, even at trace level', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const database = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      WEB_DIST_DIR: t.dist,
    });
    const options = loggerOptions(config);
    const app = await buildApp({
      config,
      database,
      logger: { ...(typeof options === 'object' ? options : {}), level: 'trace', stream },
    });
    try {
      await app.ready();
      const canary = '4111111111111111';
      for (const payload of [
        { holder: 'Log Canary', number: canary, expMonth: 1, expYear: 2035, cvc: '846' },
        {
          holder: 'Log Canary',
          number: '4111111111111112',
          expMonth: 1,
          expYear: 2035,
          cvc: '846',
        },
        `{"number":"${canary}","cvc":"846"`,
      ]) {
        await app.inject({
          method: 'POST',
          url: '/sandbox-gateway/v1/tokens',
          headers: {
            authorization: `Bearer ${config.paymentGateway.publishableKey}`,
            'content-type': 'application/json',
          },
          payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        });
      }
      const log = lines.join('');
      expect(lines.length).toBeGreaterThan(3);
      expect(log).toContain('/sandbox-gateway/v1/tokens');
      expect(log).not.toContain(canary);
      expect(log).not.toContain('4111111111111112');
      expect(log).not.toContain('"846"');
      expect(log).not.toContain(config.paymentGateway.publishableKey);
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});

describe('the OpenAPI document', () => {
  it('does not describe the sandbox gateway (it is the provider, not our API)', async () => {
    const t = await buildTestApp();
    try {
      const document = (await t.app.inject({ url: '/api/openapi.json' })).json<{
        paths: Record<string, unknown>;
      }>();
      expect(Object.keys(document.paths).length).toBeGreaterThan(5);
      expect(
        Object.keys(document.paths).filter((path) => path.includes('sandbox-gateway')),
      ).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
