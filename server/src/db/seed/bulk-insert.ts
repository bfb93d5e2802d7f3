import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../database.ts';

/** Bound parameters per statement: below SQLite's 32 766 and PostgreSQL's 65 535. */
const MAX_PARAMETERS = 30_000;
/** Rows per statement beyond which bigger statements stop paying off. */
const MAX_ROWS = 2_000;

/** Buffers rows of one table and writes them as multi-row INSERT statements. */
export interface BulkWriter<Row> {
  add(row: Row): Promise<void>;
  /** Writes what is buffered (call after the last row, and before writing rows that refer to these). */
  flush(): Promise<void>;
  /** Rows written so far. */
  readonly count: number;
}

/**
 * A writer for `table` with a fixed column list. The INSERT text for a full chunk is compiled by
 * Kysely once (so placeholders follow the dialect) and reused with new parameters, which keeps
 * seeding a million rows fast on both databases.
 */
export function createBulkWriter<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  columns: readonly (keyof Insertable<Database[T]> & string)[],
): BulkWriter<Insertable<Database[T]>> {
  const chunkRows = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMETERS / columns.length)));
  const statements = new Map<number, string>();
  let buffer: Insertable<Database[T]>[] = [];
  let count = 0;

  const statementFor = (rows: number): string => {
    let text = statements.get(rows);
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
      statements.set(rows, text);
    }
    return text;
  };

  const write = async (rows: Insertable<Database[T]>[]): Promise<void> => {
    if (rows.length === 0) return;
    const parameters: unknown[] = [];
    for (const row of rows) {
      const record = row as Record<string, unknown>;
      for (const column of columns) parameters.push(record[column] ?? null);
    }
    await db.executeQuery(CompiledQuery.raw(statementFor(rows.length), parameters));
    count += rows.length;
  };

  return {
    async add(row) {
      buffer.push(row);
      if (buffer.length >= chunkRows) {
        const rows = buffer;
        buffer = [];
        await write(rows);
      }
    },
    async flush() {
      const rows = buffer;
      buffer = [];
      // A partial chunk goes out in power-of-two slices, so few statement texts are compiled.
      let start = 0;
      while (start < rows.length) {
        const size = Math.min(chunkRows, 2 ** Math.floor(Math.log2(rows.length - start)));
        await write(rows.slice(start, start + size));
        start += size;
      }
    },
    get count() {
      return count;
    },
  };
}

/** Writes all rows of a table; the columns default to the first row's keys. */
export async function insertAll<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  columns?: readonly (keyof Insertable<Database[T]> & string)[],
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
