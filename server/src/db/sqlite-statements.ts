import type { Database as BetterSqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** How many prepared statements a SQLite connection keeps, and how much SQL text in all. */
export interface StatementCacheLimits {
  statements: number;
  /**
   * The SQL text the kept statements may add up to, in characters. A prepared statement takes
   * about 30 bytes of memory per character of its text (a 2 000-row insert of 14 columns, 2.4 MB),
   * so this bounds the memory the cache holds: the seed's and the inventory roll's multi-row
   * inserts are kept while they are written, and do not stay for ever beside the small queries.
   */
  textLength: number;
}

export const STATEMENT_CACHE_LIMITS: StatementCacheLimits = {
  statements: 256,
  textLength: 512 * 1024,
};

/**
 * The SQLite connection as Kysely's dialect sees it, with its prepared statements kept by SQL
 * text, the least recently used dropped first. Kysely prepares every query it runs; SQLite then
 * parses and plans the text again, which costs more than running a small query, and a seed's
 * multi-row inserts (thousands of bound parameters, the same text chunk after chunk) spent a tenth
 * of their time there. A statement still being read (a stream not finished) is not handed out
 * twice: the query gets one of its own. Statements follow schema changes by themselves (SQLite
 * prepares them again when it must).
 */
export function withStatementCache(
  sqlite: BetterSqliteDatabase,
  limits: StatementCacheLimits = STATEMENT_CACHE_LIMITS,
): SqliteDatabase {
  // A Map iterates in insertion order: a statement used is taken out and put back, so the first
  // key is always the least recently used.
  const statements = new Map<string, Statement>();
  let textLength = 0;
  const keep = (sql: string, statement: Statement): void => {
    if (sql.length > limits.textLength) return;
    statements.set(sql, statement);
    textLength += sql.length;
    while (statements.size > limits.statements || textLength > limits.textLength) {
      const oldest = statements.keys().next();
      if (oldest.done) break;
      statements.delete(oldest.value);
      textLength -= oldest.value.length;
    }
  };
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached === undefined) {
        const statement = sqlite.prepare(sql);
        keep(sql, statement);
        return statement;
      }
      if (cached.busy) return sqlite.prepare(sql);
      // Now the most recently used: to the end of the Map's order.
      statements.delete(sql);
      statements.set(sql, cached);
      return cached;
    },
  };
}
