import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import type { DatabaseHandle } from './db/dialect.ts';
import { FastLane, fastLaneServerFactory } from './lib/fast-lane.ts';
import { lazyChildLoggerFactory } from './lib/lazy-child-logger.ts';
import { maskLinkTokens } from './lib/mask-link-tokens.ts';
import { requestId } from './lib/request-id.ts';
import { affiliatesRoutes } from './modules/affiliates/affiliates.routes.ts';
import { bookingPlugin } from './modules/booking/booking.plugin.ts';
import { bookingsListRoutes } from './modules/bookings-list/bookings-list.routes.ts';
import { airlineRoutes } from './modules/airline/airline.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { dataRoutes } from './modules/data/data.routes.ts';
import { errorsRoutes } from './modules/errors/errors.routes.ts';
import { flightRoutes } from './modules/flight/flight.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { mailboxRoutes } from './modules/mail/mailbox.routes.ts';
import { preferencesRoutes } from './modules/preferences/preferences.routes.ts';
import {
  gatewayBrowserOrigins,
  paymentsPlugin,
  type PaymentProviderOverrides,
} from './modules/payments/payments.plugin.ts';
import { pricingRoutes } from './modules/pricing/pricing.routes.ts';
import { searchEnginePlugin, type SearchEngineOptions } from './modules/search/search-engine.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import {
  sandboxGatewayPlugin,
  type SandboxGatewayOverrides,
} from './modules/sandbox-gateway/sandbox-gateway.plugin.ts';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { clockPlugin, type Clock } from './plugins/clock.ts';
import { cookiesPlugin, resolveCookieSecret } from './plugins/cookies.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { databasePlugin } from './plugins/database.ts';
import { cardDataGuardPlugin } from './plugins/card-data-guard.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { mailPlugin } from './plugins/mail.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { pushPlugin, type PushOverrides } from './plugins/push.ts';
import { outboxPlugin } from './plugins/outbox.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { redisPlugin } from './plugins/redis.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { sessionPlugin } from './plugins/session.ts';
import { visitorPlugin } from './plugins/visitor.ts';
import { webAppPlugin } from './plugins/web-app.ts';

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database; the caller closes it. */
  database: DatabaseHandle;
  /** Logger settings; tests pass `false`. Defaults to pino at the configured level. */
  logger?: FastifyServerOptions['logger'];
  /** The clock rules about "today" and expiry read; the system clock by default. */
  clock?: Clock;
  /** Search engine settings beyond the configuration (suppliers, timings), for tests. */
  search?: Partial<SearchEngineOptions>;
  /** Web Push settings beyond the configuration (the HTTPS agent of a test push service). */
  push?: PushOverrides;
  /** Payment gateway settings beyond the configuration (a client of one's own, sandbox faults). */
  paymentGateway?: PaymentProviderOverrides & { sandbox?: SandboxGatewayOverrides };
}

/** Logger settings: request ids on every line, never cookies, credentials or link tokens. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: maskLinkTokens(request.url),
        remoteAddress: request.ip,
      }),
    },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
  };
}

/**
 * Builds the whole application: plugins first (errors, headers, compression, database, OpenAPI),
 * then the API modules, then the web app with its SPA fallback. Nothing listens here: the server
 * entry point listens, tests use `app.inject()`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const fastLane = new FastLane();
  const app = Fastify({
    serverFactory: fastLaneServerFactory(fastLane),
    logger: options.logger ?? loggerOptions(config),
    genReqId: (request) => requestId(request.headers['x-request-id']),
    childLoggerFactory: lazyChildLoggerFactory,
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('fastLane', fastLane);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A callback hook: no promise per request on the hot path.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  await app.register(errorHandlerPlugin);
  await app.register(cardDataGuardPlugin);
  await app.register(securityHeadersPlugin, {
    secure: config.secure,
    thirdPartyOrigins: config.thirdPartyOrigins,
    connectOrigins: gatewayBrowserOrigins(config),
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(databasePlugin, { database: options.database });
  await app.register(openApiPlugin, { publicUrl: config.publicUrl });
  await app.register(cookiesPlugin, {
    secret: resolveCookieSecret(config, app.log),
    secure: config.secure,
  });
  await app.register(rateLimitPlugin);
  await app.register(visitorPlugin, { datasetVersionCheckMs: config.datasetVersionCheckMs });
  await app.register(clockPlugin, options.clock ? { clock: options.clock } : {});
  await app.register(csrfPlugin, { publicUrl: config.publicUrl });
  await app.register(sessionPlugin, {
    secure: config.secure,
    maxAgeMs: config.sessionMaxAgeMs,
    idleMs: config.sessionIdleMs,
  });
  await app.register(mailPlugin, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    env: config.env,
  });
  await app.register(outboxPlugin, { pollIntervalMs: config.outboxPollMs });
  await app.register(redisPlugin, config.redisUrl ? { url: config.redisUrl } : {});
  await app.register(sandboxGatewayPlugin, {
    config,
    ...(options.paymentGateway?.sandbox ? { overrides: options.paymentGateway.sandbox } : {}),
  });
  await app.register(searchEnginePlugin, {
    resultTtlMs: config.searchResultTtlSeconds * 1000,
    maxStreamsPerClient: config.searchMaxStreamsPerClient,
    redisPrefix: config.redisPrefix,
    ...options.search,
  });

  await app.register(healthRoutes);
  await app.register(dataRoutes, { paymentProviders: config.paymentProviders });
  await app.register(preferencesRoutes);
  await app.register(contentRoutes);
  await app.register(affiliatesRoutes);
  await app.register(errorsRoutes);
  await app.register(searchRoutes, { initsPerMinute: config.searchInitsPerMinute });
  await app.register(pricingRoutes);
  await app.register(flightRoutes);
  await app.register(airlineRoutes, { apiKeys: config.airlineApiKeys });
  await app.register(usersRoutes, { publicUrl: config.publicUrl });
  await app.register(bookingsListRoutes);
  await app.register(bookingPlugin, {
    publicUrl: config.publicUrl,
    paymentProviders: config.paymentProviders,
    clientKey: config.sessionSecret ?? 'uniquair-development-client-key',
    createsPerMinute: config.bookingCreatesPerMinute,
    maxUnpaidPerTraveller: config.bookingMaxUnpaidPerTraveller,
    maxUnpaidPerClient: config.bookingMaxUnpaidPerClient,
    lookupMissesPer10Minutes: config.bookingLookupMissesPer10Minutes,
    holdSweepMs: config.bookingHoldSweepMs,
  });
  await app.register(paymentsPlugin, {
    publicUrl: config.publicUrl,
    paymentProviders: config.paymentProviders,
    reconcileIntervalMs: config.paymentReconcileMs,
    gateway: config.paymentGateway,
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
  await app.register(subscriptionsRoutes);
  if (config.env !== 'production') await app.register(mailboxRoutes);

  await app.register(webAppPlugin, { distDir: config.webDistDir });
  app.addHook('onReady', (done) => {
    fastLane.open({ headers: app.securityHeaders, log: app.log });
    done();
  });
  return app;
}
