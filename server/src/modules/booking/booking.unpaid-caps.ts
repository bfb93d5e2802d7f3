import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { ServiceError } from '../../lib/service-error.ts';
import { countUnpaidHolds, type UnpaidScope } from './booking.hold-repository.ts';

/** Unpaid bookings holding seats per user or device, and per client; 0 for no limit. */
export interface UnpaidCaps {
  maxUnpaidPerTraveller: number;
  maxUnpaidPerClient: number;
}

/** The hoarding cap was reached; `retryAfterSeconds` is when the first of those holds ends. */
export class TooManyHolds extends ServiceError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super('TOO_MANY_REQUESTS', message, { _: [message] });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * The hoarding caps (reference INV-5): throws TooManyHolds when the user or devices, or the
 * client, already have as many unpaid bookings still holding seats as allowed.
 */
export async function checkUnpaidCaps(
  db: Kysely<Database>,
  caps: UnpaidCaps,
  scope: UnpaidScope,
  now: Date,
): Promise<void> {
  const { maxUnpaidPerTraveller, maxUnpaidPerClient } = caps;
  if (maxUnpaidPerTraveller <= 0 && maxUnpaidPerClient <= 0) return;
  const unpaid = await countUnpaidHolds(db, scope, now.toISOString());
  if (
    (maxUnpaidPerTraveller > 0 && unpaid.traveller >= maxUnpaidPerTraveller) ||
    (maxUnpaidPerClient > 0 && unpaid.client >= maxUnpaidPerClient)
  ) {
    const message =
      'Too many unpaid bookings are holding seats; pay one or wait for its hold to end';
    throw new TooManyHolds(
      message,
      unpaid.firstEnd === null
        ? 60
        : Math.max(1, Math.ceil((Date.parse(unpaid.firstEnd) - now.getTime()) / 1000)),
    );
  }
}
