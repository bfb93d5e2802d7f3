import { randomBytes } from 'node:crypto';
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from '../../src/db/dialect.ts';
import {
  createDatabase,
  dropDatabase,
  withAdminClient,
  withDatabase,
} from '../setup/postgres-admin.ts';
import { TEST_TODAY } from '../setup/test-database-context.ts';

export { TEST_TODAY };

/** A database of one's own for a test file; `dispose` closes and deletes it. */
export type TestDatabase = DatabaseHandle & {
  /** A DATABASE_URL that opens this same database. */
  url: string;
  dispose(): Promise<void>;
  /** What the database's sessions are doing (PostgreSQL; empty on SQLite), for slow closes. */
  activity(): Promise<string>;
};

/** The dialect the server suite runs on: PostgreSQL when TEST_DATABASE_URL is set. */
export function dialectUnderTest(): DatabaseKind {
  return inject('testDatabase').kind;
}

/**
 * A private copy of the migrated database seeded for TEST_TODAY (a copied SQLite file, or a
 * PostgreSQL database created from the base as template), so a test file can write freely.
 * `{ seeded: false }` gives an empty database instead: no tables, not even migrations.
 */
export async function createTestDatabase(
  options: { seeded?: boolean } = {},
): Promise<TestDatabase> {
  const seeded = options.seeded ?? true;
  const context = inject('testDatabase');
  const suffix = `${process.pid}_${randomBytes(4).toString('hex')}`;

  if (context.kind === 'sqlite') {
    const path = join(context.directory, `copy-${suffix}.sqlite`);
    if (seeded) copyFileSync(context.basePath, path);
    return opened(`sqlite:${path}`, {
      remove: async () => {
        for (const file of [path, `${path}-wal`, `${path}-shm`]) rmSync(file, { force: true });
      },
      activity: async () => '',
    });
  }

  const name = `${context.copyPrefix}${suffix}`;
  const { serverUrl } = context;
  await withAdminClient(serverUrl, (client) =>
    createDatabase(client, name, seeded ? context.baseName : undefined),
  );
  return opened(withDatabase(serverUrl, name), {
    // PostgreSQL 15 makes DROP DATABASE wait for a checkpoint, which on a loaded server can outlast
    // a hook: the copy is dropped in the background once closed, and the suite's teardown drops
    // any copy a worker left behind (test/setup/global-setup.ts).
    remove: async () => {
      void withAdminClient(serverUrl, (client) => dropDatabase(client, name)).catch(
        (error: unknown) => console.warn(`Could not drop the test database ${name}:`, error),
      );
    },
    activity: () =>
      withAdminClient(serverUrl, async (client) => {
        const { rows } = await client.query<Record<string, unknown>>(
          `SELECT pid, state, wait_event_type, wait_event, now() - xact_start AS in_transaction,
                  left(query, 300) AS query
             FROM pg_stat_activity WHERE datname = $1`,
          [name],
        );
        return JSON.stringify(rows, null, 2);
      }),
  });
}

/** Opens the copy at `url`; its `dispose` closes it, then deletes it with `remove`. */
function opened(
  url: string,
  parts: { remove: () => Promise<void>; activity: () => Promise<string> },
): TestDatabase {
  const handle = openDatabase(url);
  return {
    ...handle,
    url,
    async dispose() {
      await handle.close();
      await parts.remove();
    },
    activity: parts.activity,
  };
}
