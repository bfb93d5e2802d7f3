import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
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
