import type { Kysely } from 'kysely';
import {
  createIndex,
  dropTables,
  identityPrimaryKey,
  optional,
  ownedBy,
  required,
} from '../schema-helpers.ts';

/**
 * Schedule changes (docs/schedule-changes.md): an operator retimes or cancels an inventory flight,
 * and every booking on it gets a change record the traveller answers (accept the new time or take
 * a substitute flight; the cancellation feature asks whether an unanswered change exists).
 *
 * `flights.cancelled_at` marks a cancelled flight, which is no longer sold. A change record keeps
 * the leg's times as the booking had them (`old_*`) and the new ones (null when the flight was
 * cancelled); `answer` stays null until the traveller answers: `accepted`, `substituted`,
 * `cancelled` (the booking was cancelled with a refund) or `superseded` (a later change of the same
 * leg replaced it before it was answered).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('flights').addColumn('cancelled_at', 'text').execute();

  await db.schema
    .createTable('booking_schedule_changes')
    .addColumn('id', 'integer', identityPrimaryKey(db))
    .addColumn('booking_id', 'integer', ownedBy('bookings.id'))
    /** The leg's `booking_flights.position` (the API's `flightIndex`). */
    .addColumn('flight_index', 'integer', (column) => column.notNull())
    /** The inventory flight that changed (`booking_flights.flight_ref` when it changed). */
    .addColumn('flight_ref', 'text', (column) => column.notNull())
    .$call(required('text', 'old_departure_utc', 'old_arrival_utc', 'created_at'))
    .$call(optional('text', 'new_departure_utc', 'new_arrival_utc', 'answer', 'answered_at'))
    .execute();
  await createIndex(db, 'booking_schedule_changes_booking_idx', 'booking_schedule_changes', [
    'booking_id',
    'flight_index',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'booking_schedule_changes');
  await db.schema.alterTable('flights').dropColumn('cancelled_at').execute();
}
