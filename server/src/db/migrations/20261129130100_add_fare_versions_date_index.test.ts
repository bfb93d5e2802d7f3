import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/helpers/build.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import { databaseKindOf } from '../dialect.ts';
import { migrateToLatest } from '../migrate.ts';
import { down } from './20261129130100_add_fare_versions_date_index.ts';

/** The names of the indexes on `fare_versions`. */
async function indexes(db: Kysely<unknown>): Promise<string[]> {
  const query =
    databaseKindOf(db) === 'postgres'
      ? sql<{ name: string }>`select indexname as name from pg_indexes
          where tablename = 'fare_versions'`
      : sql<{ name: string }>`select name from sqlite_master
          where type = 'index' and tbl_name = 'fare_versions'`;
  return (await query.execute(db)).rows.map((row) => row.name);
}

describe(`the fare versions' index by day (${dialectUnderTest()})`, () => {
  const database = useTestDatabase({ seeded: false });

  it('is created by the migrations and dropped by its down', async () => {
    const db = database.db as Kysely<unknown>;
    await migrateToLatest(database.db);
    expect(await indexes(db)).toContain('fare_versions_date_idx');
    await down(db);
    expect(await indexes(db)).not.toContain('fare_versions_date_idx');
  });
});
