import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** One round trip to the database. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Names of the migrations applied to the database, from Kysely's own table. */
export async function appliedMigrationNames(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .withTables<{ kysely_migration: { name: string } }>()
    .selectFrom('kysely_migration')
    .select('name')
    .execute();
  return rows.map((row) => row.name);
}
