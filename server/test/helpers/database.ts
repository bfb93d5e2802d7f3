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
    return opened(`sqlite:${path}`, () => {
      for (const file of [path, `${path}-wal`, `${path}-shm`]) rmSync(file, { force: true });
    });
  }

  const name = `${context.copyPrefix}${suffix}`;
  await withAdminClient(context.serverUrl, (client) =>
    createDatabase(client, name, seeded ? context.baseName : undefined),
  );
  return opened(withDatabase(context.serverUrl, name), () =>
    withAdminClient(context.serverUrl, (client) => dropDatabase(client, name)),
  );
}

/** Opens the copy at `url`; its `dispose` closes it, then deletes it with `remove`. */
function opened(url: string, remove: () => unknown): TestDatabase {
  const handle = openDatabase(url);
  return {
    ...handle,
    url,
    async dispose() {
      await handle.close();
      await remove();
    },
  };
}
