import compress from '@fastify/compress';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import { loggerOptions } from './config/logging.ts';
import type { DatabaseHandle } from './db/dialect.ts';
import type { Clock } from './lib/clock.ts';
import { lazyChildLoggerFactory } from './lib/lazy-child-logger.ts';
import { COMPRESS_THRESHOLD_BYTES } from './lib/prepared-response.ts';
import { requestId } from './lib/request-id.ts';
import { affiliatesPlugin } from './modules/affiliates/affiliates.plugin.ts';
import { airlinePlugin } from './modules/airline/airline.plugin.ts';
import { bookingPlugin } from './modules/booking/booking.plugin.ts';
import { bookingsListPlugin } from './modules/bookings-list/bookings-list.plugin.ts';
import { contentPlugin } from './modules/content/content.plugin.ts';
import { dataPlugin } from './modules/data/data.plugin.ts';
import { errorsPlugin } from './modules/errors/errors.plugin.ts';
import { faresPlugin } from './modules/fares/fares.plugin.ts';
import { flightPlugin } from './modules/flight/flight.plugin.ts';
import { healthPlugin } from './modules/health/health.plugin.ts';
import { inventoryPlugin } from './modules/inventory/inventory.plugin.ts';
import { mailPlugin } from './modules/mail/mail.plugin.ts';
import { outboxPlugin } from './modules/outbox/outbox.plugin.ts';
import {
  gatewayBrowserOrigins,
  paymentsPlugin,
  type PaymentProviderOverrides,
} from './modules/payments/payments.plugin.ts';
import { preferencesPlugin } from './modules/preferences/preferences.plugin.ts';
import { priceWatchPlugin } from './modules/price-watch/price-watch.plugin.ts';
import { pricingPlugin } from './modules/pricing/pricing.plugin.ts';
import { pushPlugin, type PushOverrides } from './modules/push/push.plugin.ts';
import {
  sandboxGatewayPlugin,
  type SandboxGatewayOverrides,
} from './modules/sandbox-gateway/sandbox-gateway.plugin.ts';
import { searchPlugin, type SearchEngineOptions } from './modules/search/search.plugin.ts';
import { sessionsPlugin } from './modules/sessions/sessions.plugin.ts';
import { subscriptionsPlugin } from './modules/subscriptions/subscriptions.plugin.ts';
import { supportPlugin } from './modules/support/support.plugin.ts';
import { usersPlugin } from './modules/users/users.plugin.ts';
import { authGuardPlugin } from './plugins/auth.ts';
import { clockPlugin } from './plugins/clock.ts';
import { cookiesPlugin, resolveCookieSecret } from './plugins/cookies.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { databasePlugin } from './plugins/database.ts';
import { datasetVersionsPlugin } from './plugins/dataset-versions.ts';
import { cardDataGuardPlugin } from './plugins/card-data-guard.ts';
import { closingConnectionsPlugin } from './plugins/closing-connections.ts';
import { nulCharacterGuardPlugin } from './plugins/nul-character-guard.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import {
  clientErrorHandler,
  frameworkErrors,
  routeMethodsPlugin,
} from './plugins/framework-errors.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { instancePlugin } from './plugins/instance.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { redisPlugin } from './plugins/redis.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webAppPlugin } from './plugins/web-app.ts';

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database; the caller closes it. */
  database: DatabaseHandle;
  /** Logger settings; tests pass `false`. Defaults to pino at the configured level. */
  logger?: FastifyServerOptions['logger'];
  /**
   * A logger already made (the entry point's, which logs the start-up), used instead of building
   * one from `logger`: one pino, one output, in the whole process.
   */
  loggerInstance?: FastifyBaseLogger;
  /** The clock rules about "today" and expiry read; the system clock by default. */
  clock?: Clock;
  /** Search engine settings beyond the configuration (suppliers, timings), for tests. */
  search?: Partial<SearchEngineOptions>;
  /** Web Push settings beyond the configuration (the HTTPS agent of a test push service). */
  push?: PushOverrides;
  /** Payment gateway settings beyond the configuration (a client of one's own, sandbox faults). */
  paymentGateway?: PaymentProviderOverrides & { sandbox?: SandboxGatewayOverrides };
  /**
   * Called with the bare instance before any plugin is registered, so that hooks it adds apply to
   * every route (tests check every answer against the OpenAPI document).
   */
  instrument?: (app: FastifyInstance) => void;
}

/**
 * Builds the whole application: plugins first (errors, headers, compression, database, OpenAPI),
 * then the API modules, then the web app with its SPA fallback. Nothing listens here: the server
 * entry point listens, tests use `app.inject()`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? loggerOptions(config) }),
    genReqId: (request) => requestId(request.headers['x-request-id']),
    childLoggerFactory: lazyChildLoggerFactory,
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Errors raised before any route runs answer the structured error body too.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  options.instrument?.(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A callback hook: no promise per request on the hot path.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  await app.register(errorHandlerPlugin);
  await app.register(closingConnectionsPlugin);
  await app.register(routeMethodsPlugin);
  await app.register(cardDataGuardPlugin);
  await app.register(nulCharacterGuardPlugin);
  await app.register(securityHeadersPlugin, {
    secure: config.secure,
    thirdPartyOrigins: config.thirdPartyOrigins,
    connectOrigins: gatewayBrowserOrigins(config),
  });
  await app.register(compress, { threshold: COMPRESS_THRESHOLD_BYTES });
  await app.register(databasePlugin, { database: options.database });
  await app.register(instancePlugin);
  await app.register(openApiPlugin, { publicUrl: config.publicUrl });
  await app.register(cookiesPlugin, {
    secret: resolveCookieSecret(config, app.log),
    secure: config.secure,
  });
  await app.register(redisPlugin, {
    ...(config.redisUrl ? { url: config.redisUrl } : {}),
    prefix: `${config.redisPrefix}counters:`,
  });
  await app.register(rateLimitPlugin);
  await app.register(datasetVersionsPlugin, { checkIntervalMs: config.datasetVersionCheckMs });
  await app.register(clockPlugin, options.clock ? { clock: options.clock } : {});
  await app.register(metricsPlugin, {
    ...config.metrics,
    production: config.env === 'production',
    host: config.host,
  });
  await app.register(csrfPlugin, { publicUrl: config.publicUrl });
  await app.register(sessionsPlugin, {
    secure: config.secure,
    maxAgeMs: config.sessionMaxAgeMs,
    idleMs: config.sessionIdleMs,
  });
  await app.register(authGuardPlugin);
  await app.register(mailPlugin, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    env: config.env,
  });
  await app.register(outboxPlugin, { pollIntervalMs: config.outboxPollMs });
  await app.register(sandboxGatewayPlugin, {
    config,
    ...(options.paymentGateway?.sandbox ? { overrides: options.paymentGateway.sandbox } : {}),
  });

  await app.register(healthPlugin);
  await app.register(contentPlugin);
  await app.register(affiliatesPlugin);
  await app.register(dataPlugin, {
    paymentProviders: config.paymentProviders,
    testPayments: config.testPayments,
  });
  await app.register(errorsPlugin);
  // Before search (fare versions are part of a search's hash), booking and airline (sales).
  await app.register(faresPlugin, { repriceIntervalMs: config.faresRepriceMs });
  await app.register(searchPlugin, {
    resultTtlMs: config.searchResultTtlSeconds * 1000,
    maxStreamsPerClient: config.searchMaxStreamsPerClient,
    redisPrefix: config.redisPrefix,
    initsPerMinute: config.searchInitsPerMinute,
    slowSupplierMs: config.searchSlowSupplierMs,
    // A stopping server lets its running searches finish within half its grace; test apps, closed
    // thousands of times with searches held on purpose, do not wait.
    closeDrainMs: config.env === 'test' ? 0 : Math.floor(config.shutdownGraceMs / 2),
    ...options.search,
  });
  await app.register(pricingPlugin);
  await app.register(inventoryPlugin, { rollIntervalMs: config.inventoryRollMs });
  await app.register(flightPlugin);
  await app.register(airlinePlugin, { apiKeys: config.airlineApiKeys });
  await app.register(usersPlugin, { publicUrl: config.publicUrl });
  await app.register(preferencesPlugin);
  await app.register(bookingsListPlugin);
  await app.register(bookingPlugin, {
    publicUrl: config.publicUrl,
    paymentProviders: config.paymentProviders,
    clientKey: config.sessionSecret ?? 'uniquair-development-client-key',
    createsPerMinute: config.bookingCreatesPerMinute,
    maxUnpaidPerTraveller: config.bookingMaxUnpaidPerTraveller,
    maxUnpaidPerClient: config.bookingMaxUnpaidPerClient,
    lookupMissesPer10Minutes: config.bookingLookupMissesPer10Minutes,
    holdSweepMs: config.bookingHoldSweepMs,
    invoiceSeller: config.invoiceSeller,
  });
  await app.register(paymentsPlugin, {
    publicUrl: config.publicUrl,
    paymentProviders: config.paymentProviders,
    reconcileIntervalMs: config.paymentReconcileMs,
    gateway: config.paymentGateway,
    crash: config.testCrash,
    ...(options.paymentGateway?.client ? { client: options.paymentGateway.client } : {}),
    ...(options.paymentGateway?.breaker ? { breaker: options.paymentGateway.breaker } : {}),
  });
  // Web Push: after the outbox, whose push topics it handles.
  await app.register(pushPlugin, {
    vapidKeys: config.vapidKeys,
    vapidSubject: config.vapidSubject,
    extraOrigins: config.pushExtraOrigins,
    webDistDir: config.webDistDir,
    ...options.push,
  });
  await app.register(subscriptionsPlugin);
  // Price watches send through the push module and the outbox; ended ones are swept hourly.
  await app.register(priceWatchPlugin, {
    publicUrl: config.publicUrl,
    sweepIntervalMs: config.env === 'test' ? 0 : 3_600_000,
  });
  await app.register(supportPlugin, {
    publicUrl: config.publicUrl,
    attachmentsDir: config.supportAttachmentsDir,
    secure: config.secure,
  });

  await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
}
