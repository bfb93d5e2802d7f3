import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/env.ts';
import { loopbackOrigin } from '../../lib/loopback-origin.ts';
import { SANDBOX_GATEWAY_PREFIX } from '../payments/payments.sandbox-client.ts';
import {
  createSandboxGateway,
  DEFAULT_GATEWAY_TUNING,
  noFaults,
  type GatewayFaults,
  type SandboxGateway,
  type SandboxGatewayOptions,
} from './sandbox-gateway.routes.ts';

/** The in-process sandbox's timings and faults beyond the configuration, for tests. */
export type SandboxGatewayOverrides = Partial<
  Pick<SandboxGatewayOptions, 'settleDelayMs' | keyof typeof DEFAULT_GATEWAY_TUNING> & {
    faults: Partial<GatewayFaults>;
  }
>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The sandbox gateway when it runs inside this server, else null (tests drive its faults). */
    sandboxGateway: SandboxGateway | null;
  }
}

const LOOPBACK_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** Origins a browser may tokenise cards from: the app's own, and loopback outside production. */
export function tokenizationOriginCheck(config: Config): (origin: string) => boolean {
  const publicOrigin = new URL(config.publicUrl).origin;
  return (origin) =>
    origin === publicOrigin || (config.env !== 'production' && LOOPBACK_ORIGIN.test(origin));
}

/**
 * The sandbox payment gateway inside this server (DESIGN §6): when PAYMENT_GATEWAY=sandbox without
 * PAYMENT_GATEWAY_URL, mounts it under `/sandbox-gateway` and runs its webhook loop with the app;
 * decorates `app.sandboxGateway` (null when the gateway runs elsewhere). Our payment client reaches
 * it over loopback HTTP like any remote provider, so nothing else here knows it is in process.
 */
export const sandboxGatewayPlugin = fp(
  async (
    app: FastifyInstance,
    options: { config: Config; overrides?: SandboxGatewayOverrides },
  ) => {
    const { config, overrides = {} } = options;
    const gatewayConfig = config.paymentGateway;
    if (gatewayConfig.kind !== 'sandbox' || gatewayConfig.url !== null) {
      app.decorate('sandboxGateway', null);
      return;
    }
    const tuning = { ...DEFAULT_GATEWAY_TUNING, ...overrides };
    const gateway = createSandboxGateway({
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
      settleDelayMs: overrides.settleDelayMs ?? gatewayConfig.settleDelayMs,
      pollIntervalMs: tuning.pollIntervalMs,
      webhookMaxAttempts: tuning.webhookMaxAttempts,
      webhookRetryDelayMs: tuning.webhookRetryDelayMs,
      webhookMaxRetryDelayMs: tuning.webhookMaxRetryDelayMs,
      webhookTimeoutMs: tuning.webhookTimeoutMs,
      faults: { ...noFaults(), ...overrides.faults },
      log: app.log,
    });
    await app.register(async (scope) => gateway.routes(scope), { prefix: SANDBOX_GATEWAY_PREFIX });
    app.addHook('onReady', async () => gateway.dispatcher.start());
    app.addHook('onClose', async () => gateway.dispatcher.stop());
    if (config.env === 'production') {
      app.log.warn('payments go to the built-in sandbox gateway: no real money moves');
    }
    app.decorate('sandboxGateway', gateway);
  },
  { name: 'sandbox-gateway', dependencies: ['database', 'clock'] },
);
