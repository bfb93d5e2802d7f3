import { CompiledQuery, type Insertable, type Kysely, sql } from 'kysely';
import type { Database } from '../database.ts';
import { databaseKindOf } from '../dialect.ts';

/** Bound parameters per statement: below SQLite's 32 766. */
const MAX_PARAMETERS = 30_000;
/** Rows per multi-row VALUES statement beyond which bigger statements stop paying off. */
const MAX_ROWS = 2_000;
/** Rows per PostgreSQL statement, whose parameters are one array per column. */
const MAX_ARRAY_ROWS = 10_000;

/** Buffers rows of one table and writes them in multi-row INSERT statements. */
export interface BulkWriter<Row> {
  add(row: Row): Promise<void>;
  /** Writes what is buffered (call after the last row, and before writing rows that refer to these). */
  flush(): Promise<void>;
  /** Rows written so far. */
  readonly count: number;
}

type Columns<T extends keyof Database> = readonly (keyof Insertable<Database[T]> & string)[];

/** How one dialect writes rows: chunks of at most `chunkRows`, and what is left at a flush. */
interface Statements {
  chunkRows: number;
  write(rows: readonly Record<string, unknown>[]): Promise<void>;
  writeRest(rows: readonly Record<string, unknown>[]): Promise<void>;
}

/**
 * A writer for `table` with a fixed column list: multi-row VALUES on SQLite, arrays spread by
 * `unnest` on PostgreSQL (docs/database.md "Fast").
 */
export function createBulkWriter<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  columns: Columns<T>,
): BulkWriter<Insertable<Database[T]>> {
  const statements =
    databaseKindOf(db) === 'postgres'
      ? arrayStatements(db, table, columns)
      : valuesStatements(db, table, columns);
  let buffer: Record<string, unknown>[] = [];
  let count = 0;
  return {
    async add(row) {
      buffer.push(row);
      if (buffer.length >= statements.chunkRows) {
        const rows = buffer;
        buffer = [];
        await statements.write(rows);
        count += rows.length;
      }
    },
    async flush() {
      const rows = buffer;
      buffer = [];
      if (rows.length === 0) return;
      await statements.writeRest(rows);
      count += rows.length;
    },
    get count() {
      return count;
    },
  };
}

/**
 * SQLite: multi-row VALUES. The INSERT text per chunk size is compiled by Kysely once and reused
 * with new parameters; a partial chunk goes out in power-of-two slices, so few texts are compiled.
 */
function valuesStatements<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  columns: Columns<T>,
): Statements {
  const chunkRows = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMETERS / columns.length)));
  const texts = new Map<number, string>();

  const statementFor = (rows: number): string => {
    let text = texts.get(rows);
    if (text === undefined) {
      const placeholderRow = Object.fromEntries(columns.map((column) => [column, 0]));
      const compiled = (db as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto(table)
        .values(Array.from({ length: rows }, () => placeholderRow))
        .compile();
      if (compiled.parameters.length !== rows * columns.length) {
        throw new Error(`Unexpected parameter count compiling a bulk insert into ${table}`);
      }
      text = compiled.sql;
      texts.set(rows, text);
    }
    return text;
  };

  const write = async (rows: readonly Record<string, unknown>[]): Promise<void> => {
    const parameters: unknown[] = [];
    for (const row of rows) for (const column of columns) parameters.push(row[column] ?? null);
    await db.executeQuery(CompiledQuery.raw(statementFor(rows.length), parameters));
  };

  return {
    chunkRows,
    write,
    async writeRest(rows) {
      let start = 0;
      while (start < rows.length) {
        const size = Math.min(chunkRows, 2 ** Math.floor(Math.log2(rows.length - start)));
        await write(rows.slice(start, start + size));
        start += size;
      }
    },
  };
}

/**
 * PostgreSQL: one array parameter per column, spread into rows by `unnest`. The statement is
 * planned once per chunk instead of once per placeholder: a million rows take a third less time
 * than as multi-row VALUES. The arrays' types are the columns' own, read from the catalogue.
 */
function arrayStatements<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  columns: Columns<T>,
): Statements {
  let statement: Promise<string> | undefined;

  const statementText = async (): Promise<string> => {
    const { rows } = await sql<{ name: string; type: string }>`
      select attname as name, format_type(atttypid, atttypmod) as type
        from pg_attribute
       where attrelid = ${table}::regclass and attnum > 0 and not attisdropped`.execute(db);
    const typeOf = new Map(rows.map((row) => [row.name, row.type]));
    const arrays = columns.map((column, index) => {
      const type = typeOf.get(column);
      if (type === undefined) throw new Error(`No column ${column} in ${table}`);
      return `$${index + 1}::${type}[]`;
    });
    const names = columns.map((column) => `"${column}"`).join(', ');
    return `insert into "${table}" (${names}) select * from unnest(${arrays.join(', ')})`;
  };

  const write = async (rows: readonly Record<string, unknown>[]): Promise<void> => {
    statement ??= statementText();
    const parameters = columns.map((column) => rows.map((row) => row[column] ?? null));
    await db.executeQuery(CompiledQuery.raw(await statement, parameters));
  };

  return { chunkRows: MAX_ARRAY_ROWS, write, writeRest: write };
}

/** Writes all rows of a table; the columns default to the first row's keys. */
export async function insertAll<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  columns?: Columns<T>,
): Promise<number> {
  const first = rows[0];
  if (first === undefined) return 0;
  const writer = createBulkWriter(
    db,
    table,
    columns ?? (Object.keys(first) as (keyof Insertable<Database[T]> & string)[]),
  );
  for (const row of rows) await writer.add(row);
  await writer.flush();
  return writer.count;
}
