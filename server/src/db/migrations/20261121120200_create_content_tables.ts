import type { Kysely } from 'kysely';
import {
  createIndex,
  dropTables,
  flag,
  identityPrimaryKey,
  ownedBy,
  required,
} from '../schema-helpers.ts';

/** Content and partners: pages, footer menus, affiliates, and the versions of public data sets. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const identity = identityPrimaryKey(db);

  await db.schema
    .createTable('pages')
    .$call(required('text', 'slug', 'locale', 'title', 'body', 'updated_at'))
    .addPrimaryKeyConstraint('pages_pk', ['slug', 'locale'])
    .execute();

  await db.schema
    .createTable('menus')
    .addColumn('id', 'integer', identity)
    .$call(required('text', 'code', 'locale', 'title'))
    .addColumn('position', 'integer', (column) => column.notNull())
    .addUniqueConstraint('menus_code_locale_unique', ['code', 'locale'])
    .execute();

  await db.schema
    .createTable('menu_items')
    .addColumn('id', 'integer', identity)
    .addColumn('menu_id', 'integer', ownedBy('menus.id'))
    .$call(required('text', 'label', 'url'))
    .addColumn('position', 'integer', (column) => column.notNull())
    .execute();
  await createIndex(db, 'menu_items_menu_idx', 'menu_items', ['menu_id', 'position']);

  await db.schema
    .createTable('affiliates')
    .addColumn('id', 'integer', identity)
    .addColumn('code', 'text', (column) => column.notNull().unique())
    .$call(required('text', 'name', 'logo_url', 'logo_square_url', 'site_url'))
    .$call(flag('active', 1))
    .execute();

  await db.schema
    .createTable('dataset_versions')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'dataset_versions', 'affiliates', 'menu_items', 'menus', 'pages');
}
