import closeWithGrace from 'close-with-grace';
import Fastify from 'fastify';
import { Migrator } from 'kysely';
import { runWithConfig } from '../../config/entry-point.ts';
import type { Config } from '../../config/env.ts';
import { loggerOptions } from '../../config/logging.ts';
import { openDatabase, redactDatabaseUrl } from '../../db/dialect.ts';
import * as createSandboxGatewayTables from '../../db/migrations/20261122140000_create_sandbox_gateway.ts';
import * as addGatewayPartialRefunds from '../../db/migrations/20261126110100_add_gateway_partial_refunds.ts';
import { SANDBOX_GATEWAY_PREFIX } from '../payments/payments.sandbox-client.ts';
import { tokenizationOriginCheck } from './sandbox-gateway.plugin.ts';
import {
  createSandboxGateway,
  DEFAULT_GATEWAY_TUNING,
  noFaults,
} from './sandbox-gateway.routes.ts';

/**
 * The sandbox payment gateway as a process of its own (`npm run gateway -w server`), the way a
 * real provider runs apart from us: its own port (GATEWAY_PORT), its own database
 * (GATEWAY_DATABASE_URL, with only the `gateway_` tables), the same keys as the app (derived from
 * SESSION_SECRET, or given), webhooks to PAYMENT_WEBHOOK_URL (default: the app on PORT over
 * loopback). Point the app at it with PAYMENT_GATEWAY_URL=http://<host>:<GATEWAY_PORT>/sandbox-gateway.
 */
async function main(config: Config): Promise<void> {
  const gatewayConfig = config.paymentGateway;
  const database = openDatabase(gatewayConfig.gatewayDatabaseUrl);
  const migrator = new Migrator({
    db: database.db,
    migrationTableName: 'gateway_migrations',
    migrationLockTableName: 'gateway_migrations_lock',
    provider: {
      // The gateway's own migrations, the ones of its `gateway_` tables.
      getMigrations: () =>
        Promise.resolve({
          '20261122140000_create_sandbox_gateway': createSandboxGatewayTables,
          '20261126110100_add_gateway_partial_refunds': addGatewayPartialRefunds,
        }),
    },
  });
  const { error } = await migrator.migrateToLatest();
  if (error !== undefined) {
    await database.close();
    throw error instanceof Error
      ? error
      : new Error('Migrating the gateway database failed', { cause: error });
  }

  const app = Fastify({ logger: loggerOptions(config), trustProxy: config.trustProxy });
  const port = gatewayConfig.gatewayPort;
  // Browsers reach this process directly: a path-only public URL means this host and port.
  const publicUrl = gatewayConfig.publicUrl.startsWith('/')
    ? `http://localhost:${port}${gatewayConfig.publicUrl}`
    : gatewayConfig.publicUrl;
  const gateway = createSandboxGateway({
    db: database.db,
    secretKey: gatewayConfig.secretKey,
    publishableKey: gatewayConfig.publishableKey,
    webhookSecret: gatewayConfig.webhookSecret,
    publicUrl,
    webhookUrl: () =>
      gatewayConfig.webhookUrl ?? `http://127.0.0.1:${config.port}/api/payments/webhook`,
    allowOrigin: tokenizationOriginCheck(config),
    now: () => new Date(),
    settleDelayMs: gatewayConfig.settleDelayMs,
    ...DEFAULT_GATEWAY_TUNING,
    faults: noFaults(),
    log: app.log,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('x-content-type-options', 'nosniff');
    done();
  });
  await app.register(async (scope) => gateway.routes(scope), { prefix: SANDBOX_GATEWAY_PREFIX });
  app.get('/health', async () => ({ ok: true }));
  app.addHook('onClose', async () => {
    await gateway.dispatcher.stop();
    await database.close();
  });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  await app.listen({ host: config.host, port });
  gateway.dispatcher.start();
  app.log.info(
    {
      url: `http://127.0.0.1:${port}${SANDBOX_GATEWAY_PREFIX}`,
      publicUrl,
      database: redactDatabaseUrl(gatewayConfig.gatewayDatabaseUrl),
    },
    'sandbox payment gateway listening',
  );
}

runWithConfig(main);
