import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { type Kysely, PostgresDialect, PostgresIntrospector, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';
import { withStatementCache } from './sqlite-statements.ts';
import { guardedKysely } from './transaction-guard.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** Its connections now, for the metrics. */
  usage(): DatabaseUsage;
}

/**
 * The connections of an open database: PostgreSQL's pool (open, idle, queries waiting for one,
 * the most it opens); SQLite has one connection in the process, so only its file is named (the
 * metrics read the sizes of the file and its write-ahead log), null in memory.
 */
export type DatabaseUsage =
  | { kind: 'postgres'; total: number; idle: number; waiting: number; max: number }
  | { kind: 'sqlite'; filename: string | null };

/** Where a database URL points: a PostgreSQL server or a SQLite file (`:memory:` for none). */
export type DatabaseLocation =
  { kind: 'postgres'; connectionString: string } | { kind: 'sqlite'; filename: string };

const SCHEME = /^([a-z][a-z0-9+.-]+):/i;

/**
 * Reads a database URL. `postgres://…` and `postgresql://…` name a PostgreSQL server;
 * `sqlite:<path>`, `file:<path>` (or `file:///abs/path`), a plain path and `:memory:` name a
 * SQLite database. Relative paths resolve against the working directory. Throws for any other
 * scheme.
 */
export function parseDatabaseUrl(url: string): DatabaseLocation {
  const text = url.trim();
  if (text === '') throw new Error('The database URL is empty.');
  if (/^postgres(ql)?:\/\//i.test(text)) return { kind: 'postgres', connectionString: text };
  if (text === ':memory:') return { kind: 'sqlite', filename: ':memory:' };
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase();
  if (scheme === undefined) return { kind: 'sqlite', filename: resolve(text) };
  if (scheme === 'sqlite' || scheme === 'file') {
    const rest = text.slice(scheme.length + 1);
    if (rest === '' || rest === '//') throw new Error(`The database URL "${url}" names no file.`);
    if (rest === ':memory:') return { kind: 'sqlite', filename: ':memory:' };
    if (scheme === 'file' && rest.startsWith('//')) {
      return { kind: 'sqlite', filename: fileURLToPath(text) };
    }
    return { kind: 'sqlite', filename: resolve(rest.startsWith('//') ? rest.slice(2) : rest) };
  }
  throw new Error(
    `Unsupported database URL scheme "${scheme}:" in "${redactDatabaseUrl(url)}". ` +
      'Use postgres://user:password@host:5432/name, sqlite:<path>, file:<path>, a file path or :memory:.',
  );
}

/** The URL with any password replaced by `***`, safe to log. */
export function redactDatabaseUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/?#@]*:)[^@/?#]*@/i, '$1***@');
}

/**
 * url: 'postgres://…' or 'postgresql://…' → PostgreSQL (pg Pool, int8/numeric parsed to numbers
 * where safe); 'sqlite:<path>', 'file:<path>', a plain path, or ':memory:' → SQLite
 * (better-sqlite3, WAL, busy_timeout 5000, foreign_keys ON; parent folder created). On both, a query
 * made inside a transaction that does not go through it fails at once (`transaction-guard.ts`).
 */
export function openDatabase(
  url: string,
  options: { log?: (message: string) => void } = {},
): DatabaseHandle {
  const location = parseDatabaseUrl(url);
  return location.kind === 'postgres'
    ? openPostgres(location.connectionString, options.log)
    : openSqlite(location.filename, options.log);
}

function openSqlite(filename: string, log?: (message: string) => void): DatabaseHandle {
  const inMemory = filename === ':memory:';
  if (!inMemory) mkdirSync(dirname(filename), { recursive: true });
  const sqlite = new SqliteDatabase(filename);
  try {
    if (!inMemory) sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
  } catch (error) {
    sqlite.close();
    throw error;
  }
  const db = guardedKysely<Database>(new SqliteDialect({ database: withStatementCache(sqlite) }));
  log?.(`SQLite database ${inMemory ? 'in memory' : filename}`);
  return {
    db,
    kind: 'sqlite',
    usage: () => ({ kind: 'sqlite', filename: inMemory ? null : filename }),
    close: once(async () => {
      await db.destroy();
      // Kysely only closes a driver it has used; a database opened and never queried stays open.
      if (sqlite.open) sqlite.close();
    }),
  };
}

/** Connections a pg pool opens at most when `max` is not given (pg's default). */
const PG_POOL_DEFAULT_MAX = 10;

function openPostgres(connectionString: string, log?: (message: string) => void): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    types: { getTypeParser: numberFriendlyTypeParser as pg.CustomTypesConfig['getTypeParser'] },
    connectionTimeoutMillis: 10_000,
    application_name: 'uniquair',
  });
  // A client losing its connection must not crash the process, idle (the pool's `error`) or
  // checked out (the client's own `error`: the query in flight fails with it, the pool drops the
  // client); the next query opens a new connection.
  pool.on('error', (error) => log?.(`PostgreSQL pool error: ${error.message}`));
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = guardedKysely<Database>(new PostgresDialect({ pool }));
  log?.(`PostgreSQL database ${redactDatabaseUrl(connectionString)}`);
  return {
    db,
    kind: 'postgres',
    usage: () => ({
      kind: 'postgres',
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? PG_POOL_DEFAULT_MAX,
    }),
    close: once(async () => {
      await db.destroy();
      if (!pool.ended) await pool.end();
    }),
  };
}

/** Which dialect a Kysely instance speaks (migrations and the seed need it for identity columns). */
export function databaseKindOf<DB>(db: Kysely<DB>): DatabaseKind {
  return db.introspection instanceof PostgresIntrospector ? 'postgres' : 'sqlite';
}

/** Type oids of int8 and numeric (pg_type). */
const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * pg returns int8 (counts, sums of integers) and numeric as strings. Both become numbers when the
 * value survives the round trip; larger values stay strings rather than lose digits.
 */
function numberFriendlyTypeParser(oid: number, format?: 'text' | 'binary'): unknown {
  if (format !== 'binary' && (oid === INT8_OID || oid === NUMERIC_OID)) {
    return parseNumberWhereSafe;
  }
  return pg.types.getTypeParser(oid, format);
}

function parseNumberWhereSafe(text: string): number | string {
  const value = Number(text);
  if (!Number.isFinite(value)) return text;
  if (Number.isInteger(value)) return Number.isSafeInteger(value) ? value : text;
  return String(value) === text.replace(/0+$/, '').replace(/\.$/, '') ? value : text;
}

function once(action: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= action());
}
