import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { ymdFromUtcDate } from '@uniquair/domain/dates/ymd';
import { buildApp } from './app.ts';
import { runWithConfig } from './config/entry-point.ts';
import type { Config } from './config/env.ts';
import { loggerOptions } from './config/logging.ts';
import { openDatabase } from './db/dialect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { isSeeded, seedDatabase } from './db/seed/seed.ts';

/**
 * The server entry point: validates the configuration, opens and migrates the database, seeds it
 * when it is empty, listens, and shuts down gracefully on SIGINT/SIGTERM (in-flight requests
 * finish, then the database closes).
 */
async function main(config: Config): Promise<void> {
  const log = pino({ level: config.logLevel });
  const database = openDatabase(config.databaseUrl, { log: (message) => log.info(message) });
  try {
    await migrateToLatest(database.db);
    if (config.seedOnStart && !(await isSeeded(database.db))) {
      const today = ymdFromUtcDate(new Date());
      log.info({ today }, 'empty database: seeding demo data');
      const summary = await seedDatabase(database.db, { today });
      log.info({ summary }, 'seeded');
    }
  } catch (error) {
    await database.close();
    throw error;
  }

  const app = await buildApp({ config, database, logger: loggerOptions(config) });
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  });
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { url: config.publicUrl, database: database.kind },
    `Uniquair is serving at ${config.publicUrl}`,
  );
}

runWithConfig(main);
