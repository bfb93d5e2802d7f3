import { sql, type Kysely } from 'kysely';
import { createIndex, dropTables, flag, required } from '../schema-helpers.ts';

/** Reference data: currencies, countries and their names, languages, titles, passenger types. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('currencies')
    .addColumn('code', 'text', (column) => column.primaryKey())
    .$call(required('text', 'name', 'symbol'))
    .addColumn('ord', 'integer', (column) => column.notNull())
    .addColumn('rate', 'double precision', (column) => column.notNull().check(sql`rate > 0`))
    .addColumn('minor_units', 'integer', (column) => column.notNull().defaultTo(2))
    .execute();

  await db.schema
    .createTable('countries')
    .addColumn('code', 'text', (column) => column.primaryKey())
    .addColumn('phone_code', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('country_names')
    .addColumn('country_code', 'text', (column) =>
      column.notNull().references('countries.code').onDelete('cascade'),
    )
    .$call(required('text', 'locale', 'name'))
    .addPrimaryKeyConstraint('country_names_pk', ['country_code', 'locale'])
    .execute();
  await createIndex(db, 'country_names_locale_idx', 'country_names', ['locale', 'country_code']);

  await db.schema
    .createTable('languages')
    .addColumn('code', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .$call(flag('enabled', 0))
    .addColumn('default_currency', 'text', (column) => column.notNull())
    .addColumn('ord', 'integer', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('titles')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('ticket_types')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(
    db,
    'ticket_types',
    'titles',
    'languages',
    'country_names',
    'countries',
    'currencies',
  );
}
