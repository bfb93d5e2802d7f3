import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env.ts';
import type { PaymentProviderClient } from '../modules/payments/payments.provider.ts';
import {
  SandboxGatewayClient,
  type CircuitBreakerOptions,
} from '../modules/payments/payments.sandbox-client.ts';
import {
  createSandboxGateway,
  DEFAULT_GATEWAY_TUNING,
  noFaults,
  type GatewayFaults,
  type SandboxGateway,
} from '../modules/sandbox-gateway/sandbox-gateway.routes.ts';

/** Where the sandbox gateway is mounted in this server. */
export const SANDBOX_GATEWAY_PREFIX = '/sandbox-gateway';

/** Settings of the payment gateway beyond the configuration, for tests. */
export interface PaymentGatewayOverrides {
  /** Use this client instead of the one talking to the configured gateway. */
  client?: PaymentProviderClient;
  /** Circuit breaker of the client (5 failures, 30 s open by default). */
  breaker?: CircuitBreakerOptions;
  /** The in-process sandbox's timings and faults. */
  sandbox?: Partial<{
    settleDelayMs: number;
    pollIntervalMs: number;
    webhookMaxAttempts: number;
    webhookRetryDelayMs: number;
    webhookMaxRetryDelayMs: number;
    webhookTimeoutMs: number;
    faults: Partial<GatewayFaults>;
  }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment service provider the booking flow charges through (docs/payments.md). */
    paymentProvider: PaymentProviderClient;
    /** The sandbox gateway when it runs inside this server, else null (tests drive its faults). */
    sandboxGateway: SandboxGateway | null;
  }
}

/** `http://127.0.0.1:<port>` of this server once it listens, else null. */
export function loopbackOrigin(app: FastifyInstance): string | null {
  if (!app.server.listening) return null;
  const address = app.server.address();
  if (address === null || typeof address === 'string') return null;
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * Origins besides the app's own that its pages call for payments: the gateway's, when browsers
 * reach it elsewhere (a separate gateway process or a real provider), for card tokenisation.
 */
export function gatewayBrowserOrigins(config: Config): readonly string[] {
  const { publicUrl } = config.paymentGateway;
  if (publicUrl.startsWith('/')) return [];
  const origin = new URL(publicUrl).origin;
  return origin === new URL(config.publicUrl).origin ? [] : [origin];
}

const LOOPBACK_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** Origins a browser may tokenise cards from: the app's own, and loopback outside production. */
export function tokenizationOriginCheck(config: Config): (origin: string) => boolean {
  const publicOrigin = new URL(config.publicUrl).origin;
  return (origin) =>
    origin === publicOrigin || (config.env !== 'production' && LOOPBACK_ORIGIN.test(origin));
}

/**
 * The payment gateway (DESIGN §6): decorates `app.paymentProvider` with the client of the
 * configured gateway and, when the sandbox runs in this process (PAYMENT_GATEWAY=sandbox without
 * PAYMENT_GATEWAY_URL), mounts it under `/sandbox-gateway` and runs its webhook loop. The client
 * always goes through real HTTP, over loopback to this server's own port by default.
 */
export const paymentGatewayPlugin = fp(
  async (
    app: FastifyInstance,
    options: { config: Config; overrides?: PaymentGatewayOverrides },
  ) => {
    const { config, overrides = {} } = options;
    const gatewayConfig = config.paymentGateway;
    const inProcess = gatewayConfig.kind === 'sandbox' && gatewayConfig.url === null;

    let sandbox: SandboxGateway | null = null;
    if (inProcess) {
      const tuning = { ...DEFAULT_GATEWAY_TUNING, ...overrides.sandbox };
      sandbox = createSandboxGateway({
        db: app.db,
        secretKey: gatewayConfig.secretKey,
        publishableKey: gatewayConfig.publishableKey,
        webhookSecret: gatewayConfig.webhookSecret,
        publicUrl: gatewayConfig.publicUrl,
        webhookUrl: () => {
          if (gatewayConfig.webhookUrl !== null) return gatewayConfig.webhookUrl;
          const origin = loopbackOrigin(app);
          return origin === null ? null : `${origin}/api/payments/webhook`;
        },
        allowOrigin: tokenizationOriginCheck(config),
        now: () => app.now(),
        settleDelayMs: overrides.sandbox?.settleDelayMs ?? gatewayConfig.settleDelayMs,
        pollIntervalMs: tuning.pollIntervalMs,
        webhookMaxAttempts: tuning.webhookMaxAttempts,
        webhookRetryDelayMs: tuning.webhookRetryDelayMs,
        webhookMaxRetryDelayMs: tuning.webhookMaxRetryDelayMs,
        webhookTimeoutMs: tuning.webhookTimeoutMs,
        faults: { ...noFaults(), ...overrides.sandbox?.faults },
        log: app.log,
      });
      const gateway = sandbox;
      await app.register(async (scope) => gateway.routes(scope), {
        prefix: SANDBOX_GATEWAY_PREFIX,
      });
      app.addHook('onReady', async () => gateway.dispatcher.start());
      app.addHook('onClose', async () => gateway.dispatcher.stop());
      if (config.env === 'production') {
        app.log.warn('payments go to the built-in sandbox gateway: no real money moves');
      }
    }

    const client =
      overrides.client ??
      new SandboxGatewayClient({
        baseUrl:
          gatewayConfig.url ??
          (() => {
            const origin = loopbackOrigin(app);
            return origin === null ? null : `${origin}${SANDBOX_GATEWAY_PREFIX}`;
          }),
        publicUrl: gatewayConfig.publicUrl,
        secretKey: gatewayConfig.secretKey,
        publishableKey: gatewayConfig.publishableKey,
        webhookSecret: gatewayConfig.webhookSecret,
        timeoutMs: gatewayConfig.timeoutMs,
        ...(overrides.breaker ? { breaker: overrides.breaker } : {}),
      });
    app.decorate('paymentProvider', client);
    app.decorate('sandboxGateway', sandbox);
  },
  { name: 'payment-gateway', dependencies: ['database', 'clock'] },
);
