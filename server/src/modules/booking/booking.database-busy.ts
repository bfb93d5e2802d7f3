import { ServiceError } from '../../lib/service-error.ts';

/**
 * Error codes of a database that could not take the write now: SQLite's lock timeout
 * (`SQLITE_BUSY`, `SQLITE_LOCKED`), PostgreSQL's deadlock, serialization failure and lock not
 * available. The request may simply be tried again.
 */
const BUSY_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', '40P01', '40001', '55P03']);

/** Seconds a client is asked to wait before trying a busy write again. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * A busy database as 503 DATABASE_UNAVAILABLE (the caller adds `Retry-After`), never a 500
 * (reference notes §6); any other error unchanged.
 */
export function busyAsUnavailable(error: unknown): unknown {
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (!BUSY_CODES.has(code)) return error;
  const message = 'The booking could not be saved just now; please try again';
  return new ServiceError('DATABASE_UNAVAILABLE', message, { _: [message] });
}
