import { sql, type Kysely } from 'kysely';

/**
 * A schedule change of one flight of a booked connection (docs/schedule-changes.md): when the
 * new times leave too little time at the stop (or more than a day), the journey can no longer be
 * flown as booked. The change then has no new times, like a cancellation, and the flag
 * `missed_connection` says why.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('booking_schedule_changes')
    .addColumn('missed_connection', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`missed_connection in (0, 1)`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('booking_schedule_changes').dropColumn('missed_connection').execute();
}
