import { sql, type Kysely } from 'kysely';
import { identityPrimaryKey } from '../schema-helpers.ts';

/** Content and partners: pages, footer menus, affiliates, and the versions of public data sets. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const identity = identityPrimaryKey(db);

  await db.schema
    .createTable('pages')
    .addColumn('slug', 'text', (column) => column.notNull())
    .addColumn('locale', 'text', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('pages_pk', ['slug', 'locale'])
    .execute();

  await db.schema
    .createTable('menus')
    .addColumn('id', 'integer', identity)
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('locale', 'text', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    .addUniqueConstraint('menus_code_locale_unique', ['code', 'locale'])
    .execute();

  await db.schema
    .createTable('menu_items')
    .addColumn('id', 'integer', identity)
    .addColumn('menu_id', 'integer', (column) =>
      column.notNull().references('menus.id').onDelete('cascade'),
    )
    .addColumn('label', 'text', (column) => column.notNull())
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('menu_items_menu_idx')
    .on('menu_items')
    .columns(['menu_id', 'position'])
    .execute();

  await db.schema
    .createTable('affiliates')
    .addColumn('id', 'integer', identity)
    .addColumn('code', 'text', (column) => column.notNull().unique())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('logo_url', 'text', (column) => column.notNull())
    .addColumn('logo_square_url', 'text', (column) => column.notNull())
    .addColumn('site_url', 'text', (column) => column.notNull())
    .addColumn('active', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(1)
        .check(sql`active in (0, 1)`),
    )
    .execute();

  await db.schema
    .createTable('dataset_versions')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['dataset_versions', 'affiliates', 'menu_items', 'menus', 'pages']) {
    await db.schema.dropTable(table).execute();
  }
}
