import closeWithGrace from 'close-with-grace';
import { sql, type Kysely } from 'kysely';
import { pino } from 'pino';
import { ymdFromUtcDate } from '@uniquair/domain/dates/ymd';
import { buildApp } from './app.ts';
import type { Config } from './config/env.ts';
import { loggerOptions } from './config/logging.ts';
import { databaseKindOf, openDatabase } from './db/dialect.ts';
import type { Database } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { isSeeded, seedDatabase } from './db/seed/seed.ts';

/**
 * Serves the app with a validated configuration (server.ts, the entry point, checks it first):
 * opens and migrates the database, seeds it when it is empty, listens, and shuts down gracefully
 * on SIGINT/SIGTERM (in-flight requests finish, then the database closes).
 */
export async function serve(config: Config): Promise<void> {
  // One logger for the start-up and the app (in development, one pino-pretty worker).
  const log = pino(loggerOptions(config));
  const database = openDatabase(config.databaseUrl, { log: (message) => log.info(message) });
  try {
    // Replicas starting together on an empty database: one migrates and seeds, the others wait
    // and find it done (on SQLite, one process).
    await withStartupLock(database.db, async () => {
      await migrateToLatest(database.db);
      if (!config.seedOnStart || (await isSeeded(database.db))) return;
      const today = ymdFromUtcDate(new Date());
      log.info({ today }, 'empty database: seeding demo data');
      const summary = await seedDatabase(database.db, { today });
      log.info({ summary }, 'seeded');
    });
  } catch (error) {
    await database.close();
    throw error;
  }

  const app = await buildApp({ config, database, loggerInstance: log });
  // SIGTERM: no new connections (requests on kept-alive ones get 503), progress streams end so
  // their clients follow the search on another process, in-flight requests and workers finish;
  // past the grace the process exits anyway (payments left open are settled by reconciliation).
  closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
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

/** The PostgreSQL advisory lock key of start-up (migrating, seeding): any fixed 64-bit number. */
const STARTUP_LOCK_KEY = 7_263_512_019;

/**
 * Runs `work` holding a session-level advisory lock on PostgreSQL, so processes starting at once
 * take turns; SQLite serves one process and runs it as is.
 */
async function withStartupLock(db: Kysely<Database>, work: () => Promise<void>): Promise<void> {
  if (databaseKindOf(db) !== 'postgres') return work();
  await db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
    try {
      await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
    }
  });
}
