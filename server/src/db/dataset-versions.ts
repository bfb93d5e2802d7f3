import type { Kysely } from 'kysely';
import type { IsoInstant } from './columns.ts';
import type { Database } from './database.ts';

/*
 * The data-set versions (`dataset_versions`): when each public data set last changed. Every cache of
 * public data and every `Last-Modified` follows them; the seed, the import commands and the
 * modules move them forward.
 */

/** Every data set's version time, by name (`routes`, `reference`, `content`, …). */
export async function readDatasetVersions(db: Kysely<Database>): Promise<Map<string, IsoInstant>> {
  const rows = await db.selectFrom('dataset_versions').select(['name', 'updated_at']).execute();
  return new Map(rows.map((row) => [row.name, row.updated_at]));
}

/**
 * Moves a data set's version to `now` in whole seconds, and always forward (a second bump within
 * the same second still lands on a later second), so `Last-Modified` changes with the data.
 */
export async function bumpDatasetVersion(
  db: Kysely<Database>,
  name: string,
  now: Date = new Date(),
): Promise<IsoInstant> {
  const before = await db
    .selectFrom('dataset_versions')
    .select('updated_at')
    .where('name', '=', name)
    .executeTakeFirst();
  const second = Math.floor(now.getTime() / 1000) * 1000;
  const previous = before ? Math.floor(Date.parse(before.updated_at) / 1000) * 1000 : undefined;
  const at = previous === undefined ? second : Math.max(second, previous + 1000);
  const updated_at = new Date(at).toISOString();
  await db
    .insertInto('dataset_versions')
    .values({ name, updated_at })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ updated_at }))
    .execute();
  return updated_at;
}
