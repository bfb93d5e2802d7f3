/**
 * Errors that say the database cannot serve right now — not that the request is wrong or the code
 * broken — answered 503 `DATABASE_UNAVAILABLE` with `Retry-After`, never 500 (reference notes §6,
 * docs/booking.md). Two kinds:
 *
 * - `busy`: the database is there but could not take the work now: SQLite's lock timeout
 *   (`SQLITE_BUSY`, `SQLITE_LOCKED`), PostgreSQL's deadlock (`40P01`), serialization failure
 *   (`40001`), lock not available (`55P03`). Tried again at once, it usually goes through.
 * - `unreachable`: the connection failed or was lost: a refused, reset or timed-out socket, the
 *   pool's connection time-out or a connection terminated under a query, PostgreSQL's connection
 *   exceptions (class `08`), administrator or crash shutdown and "cannot connect now" (`57P01`–
 *   `57P03`), too many connections (`53300`). The pool reconnects by itself once the server is
 *   back; nothing has to restart.
 */
export type DatabaseTrouble = 'busy' | 'unreachable';

/** Seconds a client is asked to wait before trying again, by kind. */
export const DATABASE_RETRY_AFTER_SECONDS: Readonly<Record<DatabaseTrouble, number>> = {
  busy: 1,
  unreachable: 5,
};

const BUSY_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', '40P01', '40001', '55P03']);

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** The pool's and the driver's own errors carry no code, only these messages (node-postgres). */
const UNREACHABLE_MESSAGES = [
  /^timeout exceeded when trying to connect/i,
  /^Connection terminated/i,
  /^Client has encountered a connection error and is not queryable/i,
  /^Client was closed and is not queryable/i,
];

function codeOf(error: object): string {
  return 'code' in error ? String(error.code) : '';
}

/** What is wrong with the database, when `error` (or its cause) says so; null otherwise. */
export function databaseTrouble(error: unknown, depth = 0): DatabaseTrouble | null {
  if (typeof error !== 'object' || error === null || depth > 3) return null;
  const code = codeOf(error);
  if (BUSY_CODES.has(code)) return 'busy';
  if (UNREACHABLE_CODES.has(code) || code.startsWith('08')) return 'unreachable';
  const message = error instanceof Error ? error.message : '';
  if (UNREACHABLE_MESSAGES.some((pattern) => pattern.test(message))) return 'unreachable';
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const trouble = databaseTrouble(inner, depth + 1);
      if (trouble !== null) return trouble;
    }
  }
  return 'cause' in error ? databaseTrouble(error.cause, depth + 1) : null;
}
