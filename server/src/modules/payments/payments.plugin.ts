import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentProviderFlags } from '@uniquair/domain/config/payment-providers';
import type { Config, PaymentCrash, PaymentGatewayConfig } from '../../config/env.ts';
import { runEvery } from '../../lib/interval-job.ts';
import { loopbackOrigin } from '../../lib/loopback-origin.ts';
import { registerTicketHandlers } from '../tickets/tickets.service.ts';
import type { PaymentProviderClient } from './payments.provider.ts';
import { paymentsRoutes } from './payments.routes.ts';
import {
  SANDBOX_GATEWAY_PREFIX,
  SandboxGatewayClient,
  type CircuitBreakerOptions,
} from './payments.sandbox-client.ts';
import { PaymentsService } from './payments.service.ts';

/** The payment provider client beyond the configuration, for tests. */
export interface PaymentProviderOverrides {
  /** Use this client instead of the one talking to the configured gateway. */
  client?: PaymentProviderClient;
  /** Circuit breaker of the client (5 failures, 30 s open by default). */
  breaker?: CircuitBreakerOptions;
}

export interface PaymentsPluginOptions extends PaymentProviderOverrides {
  publicUrl: string;
  paymentProviders: PaymentProviderFlags;
  /** How often open attempts are settled with the provider; 0 only on `app.payments.reconcile()`. */
  reconcileIntervalMs: number;
  /** The configured gateway: its address, keys and time limit. */
  gateway: PaymentGatewayConfig;
  /** Chaos tests only (TEST_CRASH_AT): where payments kill this process. */
  crash: PaymentCrash | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment service provider the booking flow charges through (docs/payments.md). */
    paymentProvider: PaymentProviderClient;
    /** Paying bookings: outcomes, webhooks, returns, the reconciler (tests call it directly). */
    payments: PaymentsService;
  }
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

/** Our client of the configured gateway; always real HTTP, to this server's own port by default. */
function providerClient(app: FastifyInstance, options: PaymentsPluginOptions) {
  const { gateway } = options;
  return (
    options.client ??
    new SandboxGatewayClient({
      baseUrl:
        gateway.url ??
        (() => {
          const origin = loopbackOrigin(app);
          return origin === null ? null : `${origin}${SANDBOX_GATEWAY_PREFIX}`;
        }),
      publicUrl: gateway.publicUrl,
      secretKey: gateway.secretKey,
      publishableKey: gateway.publishableKey,
      webhookSecret: gateway.webhookSecret,
      timeoutMs: gateway.timeoutMs,
      ...(options.breaker ? { breaker: options.breaker } : {}),
    })
  );
}

/**
 * The payments module (DESIGN §6): decorates `app.paymentProvider` (the configured gateway's
 * client) and `app.payments`, registers the outbox handlers of tickets, the confirmation e-mail
 * and refunds, runs the reconciler, and registers the pay, return and webhook routes. Seats are
 * sold and re-taken through the booking module's service (`app.bookings`).
 */
export const paymentsPlugin = fp(
  async (app: FastifyInstance, options: PaymentsPluginOptions) => {
    const provider = providerClient(app, options);
    app.decorate('paymentProvider', provider);
    const payments = new PaymentsService({
      db: app.db,
      provider,
      seats: {
        markSeatsSold: (db, bookingId, now) => app.bookings.markSeatsSold(db, bookingId, now),
        retakeSeats: (db, bookingId) => app.bookings.retakeSeats(bookingId, db),
        assignInvoiceNumber: (db, bookingId, now) =>
          app.bookings.assignInvoiceNumber(db, bookingId, now),
        lockPayableChange: (db, changeId, now) => app.bookings.lockPayableChange(db, changeId, now),
        applyChange: (db, changeId, now) => app.bookings.applyChange(db, changeId, now),
      },
      log: app.log,
      now: () => app.now(),
      publicUrl: options.publicUrl,
      methods: options.paymentProviders,
      instance: app.instance,
      chargeTimeoutMs: options.gateway.timeoutMs,
      crash: options.crash,
      afterOutboxWrite: () => app.outbox.kick(),
      metrics: app.metrics,
    });
    app.decorate('payments', payments);

    registerTicketHandlers(app.outbox, {
      publicUrl: options.publicUrl,
      mailDelivers: () => app.mail.delivers,
      kickMail: () => app.mail.kick(),
      issueLinkToken: (db, bookingId, purpose, expiresAt, now) =>
        app.bookings.issueLinkToken(db, bookingId, purpose, expiresAt, now),
      invoicePdf: (db, bookingId) => app.bookings.invoiceOf(db, bookingId),
    });
    app.outbox.register('payment.refund', async (payload) => {
      const { paymentId } = payload as { paymentId: number };
      await payments.refund(paymentId);
    });
    runEvery(app, {
      everyMs: options.reconcileIntervalMs,
      run: () => payments.reconcile(),
      failure: 'could not reconcile payments',
    });

    await app.register(paymentsRoutes, { payments });
  },
  { name: 'payments', dependencies: ['booking', 'outbox', 'mail', 'instance', 'metrics'] },
);
