import { DATABASE_RETRY_AFTER_SECONDS, databaseTrouble } from '../../lib/database-unavailable.ts';
import { ServiceError } from '../../lib/service-error.ts';

/** Seconds a client is asked to wait before trying a busy write again. */
export const BUSY_RETRY_AFTER_SECONDS = DATABASE_RETRY_AFTER_SECONDS.busy;

/**
 * A database too busy to take the write (SQLite's lock timeout, a PostgreSQL deadlock or
 * serialization failure; `lib/database-unavailable.ts`) as 503 DATABASE_UNAVAILABLE (the caller adds `Retry-After`), never a 500
 * (reference notes §6); any other error unchanged.
 */
export function busyAsUnavailable(error: unknown): unknown {
  if (databaseTrouble(error) !== 'busy') return error;
  const message = 'The booking could not be saved just now; please try again';
  return new ServiceError('DATABASE_UNAVAILABLE', message, { _: [message] });
}
