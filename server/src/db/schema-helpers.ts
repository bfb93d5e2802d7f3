import {
  sql,
  type ColumnBuilderCallback,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type ColumnDataType,
  type Kysely,
} from 'kysely';
import { databaseKindOf } from './dialect.ts';

/**
 * The one dialect branch of the migrations: an integer primary key the database numbers itself.
 * SQLite gets `INTEGER PRIMARY KEY AUTOINCREMENT` (ids are never reused), PostgreSQL an identity
 * column that still accepts explicit ids (the seed writes its own, then moves the sequence on).
 */
export function identityPrimaryKey(
  db: Kysely<unknown>,
): (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  return databaseKindOf(db) === 'postgres'
    ? (column) => column.primaryKey().generatedByDefaultAsIdentity()
    : (column) => column.primaryKey().autoIncrement();
}

/** A column of raw bytes: `blob` on SQLite, `bytea` on PostgreSQL (both read back as a Buffer). */
export function binaryColumnType(db: Kysely<unknown>): 'blob' | 'bytea' {
  return databaseKindOf(db) === 'postgres' ? 'bytea' : 'blob';
}

/*
 * Shorthands for the shapes the migrations repeat. Each writes exactly the SQL of the builder
 * calls it stands for (same columns, order, constraints and text), so a migration written with
 * them creates the same schema as one written out in full.
 */

/** Adds NOT NULL columns of one type to a table, in the order given. */
export function required<N extends string>(type: ColumnDataType, ...names: N[]) {
  return <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
    names.reduce<CreateTableBuilder<TB, C | N>>(
      (builder, name) => builder.addColumn(name, type, (column) => column.notNull()),
      table,
    );
}

/** Adds nullable columns of one type to a table, in the order given. */
export function optional<N extends string>(type: ColumnDataType, ...names: N[]) {
  return <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
    names.reduce<CreateTableBuilder<TB, C | N>>(
      (builder, name) => builder.addColumn(name, type),
      table,
    );
}

/** Adds a flag: a NOT NULL integer 0 or 1 (`docs/database.md`), with its default. */
export function flag<N extends string>(name: N, defaultValue: 0 | 1) {
  return <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
    table.addColumn(name, 'integer', (column) =>
      column
        .notNull()
        .defaultTo(defaultValue)
        .check(sql`${sql.raw(name)} in (0, 1)`),
    );
}

/** A column referring to the row that owns it (`table.column`): required, deleted with it. */
export function ownedBy(target: string): ColumnBuilderCallback {
  return (column) => column.notNull().references(target).onDelete('cascade');
}

/** Creates a plain index on columns of a table. */
export async function createIndex(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: string[],
): Promise<void> {
  await db.schema.createIndex(name).on(table).columns(columns).execute();
}

/** Drops tables, one after the other in the order given. */
export async function dropTables(db: Kysely<unknown>, ...tables: string[]): Promise<void> {
  for (const table of tables) await db.schema.dropTable(table).execute();
}
