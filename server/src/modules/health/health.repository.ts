import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** One round trip to the database. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
