import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, parseDatabaseUrl } from '../../src/db/dialect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { seedDatabase } from '../../src/db/seed/seed.ts';
import {
  createDatabase,
  databaseNameOf,
  dropDatabase,
  withAdminClient,
  withDatabase,
} from './postgres-admin.ts';
import { TEST_TODAY, type TestDatabaseContext } from './test-database-context.ts';

/**
 * Vitest global setup of the server project: migrates and seeds one base database per run, with
 * the fixed TEST_TODAY, and tells the workers where it is. Each test file then works on its own
 * copy (server/test/helpers/database.ts). SQLite by default (a file under the system temp
 * folder); PostgreSQL when TEST_DATABASE_URL names a server, where the base is a fresh database
 * `<name>_base_<pid>` used as a template. Everything is removed at teardown.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  const context = serverUrl ? await preparePostgres(serverUrl) : await prepareSqlite();
  project.provide('testDatabase', context);
  return () => cleanUp(context);
}

async function prepareSqlite(): Promise<TestDatabaseContext> {
  const directory = mkdtempSync(join(tmpdir(), 'uniquair-test-'));
  const basePath = join(directory, 'base.sqlite');
  try {
    await migrateAndSeed(`sqlite:${basePath}`);
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  return { kind: 'sqlite', directory, basePath };
}

async function preparePostgres(serverUrl: string): Promise<TestDatabaseContext> {
  if (parseDatabaseUrl(serverUrl).kind !== 'postgres') {
    throw new Error(`TEST_DATABASE_URL must be a postgres:// URL, got "${serverUrl}"`);
  }
  const stem = databaseNameOf(serverUrl)
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 30);
  const baseName = `${stem}_base_${process.pid}`;
  const context: TestDatabaseContext = {
    kind: 'postgres',
    serverUrl,
    baseName,
    copyPrefix: `${stem}_t${process.pid}_`,
  };
  await withAdminClient(serverUrl, async (client) => {
    await dropDatabase(client, baseName);
    await createDatabase(client, baseName);
  });
  try {
    await migrateAndSeed(withDatabase(serverUrl, baseName));
  } catch (error) {
    await cleanUp(context);
    throw error;
  }
  return context;
}

async function migrateAndSeed(url: string): Promise<void> {
  const database = openDatabase(url);
  try {
    await migrateToLatest(database.db);
    await seedDatabase(database.db, { today: TEST_TODAY });
  } finally {
    // Closing checkpoints SQLite's WAL into the file, and frees the PostgreSQL template.
    await database.close();
  }
}

async function cleanUp(context: TestDatabaseContext): Promise<void> {
  if (context.kind === 'sqlite') {
    rmSync(context.directory, { recursive: true, force: true });
    return;
  }
  await withAdminClient(context.serverUrl, async (client) => {
    const leftovers = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [context.copyPrefix],
    );
    for (const { datname } of leftovers.rows) await dropDatabase(client, datname);
    await dropDatabase(client, context.baseName);
  });
}
