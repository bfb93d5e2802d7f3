import type { ExpressionBuilder } from 'kysely';
import type { Database } from './database.ts';

/**
 * Bookings a device holds a token of: the token it was created with (`bookings.device_token_hash`)
 * or one granted later by an e-mailed link (`booking_device_tokens`).
 */
export function heldByDevice(
  eb: ExpressionBuilder<Database, 'bookings'>,
  tokenHashes: readonly string[],
) {
  return eb.or([
    eb('bookings.device_token_hash', 'in', [...tokenHashes]),
    eb(
      'bookings.id',
      'in',
      eb
        .selectFrom('booking_device_tokens')
        .select('booking_device_tokens.booking_id')
        .where('booking_device_tokens.token_hash', 'in', [...tokenHashes]),
    ),
  ]);
}
