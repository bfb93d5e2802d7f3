import { sql, type Kysely } from 'kysely';

/**
 * Content pages get a number (`GET /api/data/page/{id}` takes a number or a slug), shared by the
 * translations of one page. Widening only: the column is nullable, and the pages already present
 * get the numbers the seed gives them.
 */
const PAGE_IDS_AT_THIS_MIGRATION: Readonly<Record<string, number>> = {
  'terms-and-conditions': 1,
  'travel-protect': 2,
  'crd-compliance': 3,
  'cookie-policy': 4,
  'ecd-compliance': 5,
  'privacy-policy': 6,
  'contact-us': 7,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pages').addColumn('page_id', 'integer').execute();
  await db.schema
    .createIndex('pages_page_id_locale_unique')
    .on('pages')
    .columns(['page_id', 'locale'])
    .unique()
    .execute();
  for (const [slug, id] of Object.entries(PAGE_IDS_AT_THIS_MIGRATION)) {
    await sql`update pages set page_id = ${id} where slug = ${slug}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('pages_page_id_locale_unique').execute();
  await db.schema.alterTable('pages').dropColumn('page_id').execute();
}
