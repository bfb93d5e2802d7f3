import { sql, type Kysely } from 'kysely';

/** Reference data: currencies, countries and their names, languages, titles, passenger types. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('currencies')
    .addColumn('code', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('symbol', 'text', (column) => column.notNull())
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
    .addColumn('locale', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('country_names_pk', ['country_code', 'locale'])
    .execute();
  await db.schema
    .createIndex('country_names_locale_idx')
    .on('country_names')
    .columns(['locale', 'country_code'])
    .execute();

  await db.schema
    .createTable('languages')
    .addColumn('code', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('enabled', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`enabled in (0, 1)`),
    )
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
  for (const table of [
    'ticket_types',
    'titles',
    'languages',
    'country_names',
    'countries',
    'currencies',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
