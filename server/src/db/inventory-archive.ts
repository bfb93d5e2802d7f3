/**
 * The archive of flown flights (docs/decisions/008-inventory-rolls-forward.md): flights that
 * departed days ago leave the live inventory for `archived_flights`, their legs and fare classes
 * with them, ids and columns as they were, unless a booking still refers to them.
 */
import { addDays, type Ymd } from '@uniquair/domain/dates/ymd';
import { inventoryFlightIds } from '@uniquair/domain/search/connections';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from './database.ts';
import type { FlightsTable } from './tables/inventory.ts';
import { FARE_ROW_COLUMNS, FLIGHT_ROW_COLUMNS, SEGMENT_ROW_COLUMNS } from './seed/flights.ts';
import { chunks } from './chunks.ts';

/** Flights that departed this many days before today leave the live inventory. */
export const ARCHIVE_AFTER_DAYS = 7;

/** The archive's tables, children first: re-seeding empties them with the inventory. */
export const ARCHIVED_TABLES = [
  'archived_fare_classes',
  'archived_flight_segments',
  'archived_flights',
] as const satisfies readonly (keyof Database)[];

/** Flights moved per transaction. */
const FLIGHTS_PER_TRANSACTION = 500;

/**
 * A journey's flights all depart within this many days of its first (up to three flights, each
 * within a day of the previous one's landing, which may be two local days after it left).
 */
const JOURNEY_DAYS = 7;

/** The departure days to archive: from `since` (null: all before), up to `before` excluded. */
export interface ArchiveDays {
  since: Ymd | null;
  before: Ymd;
}

export interface ArchiveSummary extends ArchiveDays {
  flights: number;
  segments: number;
  fareClasses: number;
  /** Flights of those days left in place because a booking refers to them. */
  kept: number;
}

/** An inventory flight reference (`812`, a connection `812-9051`), not a partner's (`xy-123`). */
const INVENTORY_REF = /^\d+(-\d+)*$/;

/**
 * The flights of the days that a booking refers to: a booked leg's flights, a schedule change's
 * flight (a retimed flight may have moved before its leg's date), a voluntary change's old and new
 * flight, and the flight of any fare class seats were held on. A leg's flights all depart on its
 * date or within `JOURNEY_DAYS` after, so only legs dated in the days or just before can name one.
 */
async function flightsBookingsReferTo(
  db: Kysely<Database>,
  { since, before }: ArchiveDays,
): Promise<Set<number>> {
  const ids = new Set<number>();
  const refer = (ref: string) => {
    if (INVENTORY_REF.test(ref)) for (const id of inventoryFlightIds(ref)) ids.add(id);
  };
  let legs = db.selectFrom('booking_flights').select('flight_ref').where('date', '<', before);
  if (since !== null) legs = legs.where('date', '>=', addDays(since, -JOURNEY_DAYS));
  const [legRefs, scheduleChanges, changes, holds] = await Promise.all([
    legs.execute(),
    db.selectFrom('booking_schedule_changes').select('flight_ref').execute(),
    db.selectFrom('booking_changes').select(['old_flight_ref', 'new_flight_id']).execute(),
    inDays(
      db
        .selectFrom('seat_holds as h')
        .innerJoin('fare_classes as c', 'c.id', 'h.fare_class_id')
        .innerJoin('flights as f', 'f.id', 'c.flight_id')
        .select('f.id')
        .distinct(),
      { since, before },
    ).execute(),
  ]);
  for (const row of [...legRefs, ...scheduleChanges]) refer(row.flight_ref);
  for (const row of changes) {
    refer(row.old_flight_ref);
    ids.add(Number(row.new_flight_id));
  }
  for (const row of holds) ids.add(Number(row.id));
  return ids;
}

/** A query of flights `f` narrowed to those departing on the days. */
function inDays<Q extends SelectQueryBuilder<Database & { f: FlightsTable }, 'f', object>>(
  query: Q,
  { since, before }: ArchiveDays,
): Q {
  const narrowed = query.where('f.departure_date', '<', before);
  return (since === null ? narrowed : narrowed.where('f.departure_date', '>=', since)) as Q;
}

/**
 * Moves the flights that departed on the days (local departure day) and that no booking refers to
 * into the archive, with their legs and fare classes, a chunk per transaction; drops the price
 * summary's rows before `before`. Two processes archiving at once move each flight once.
 */
export async function archiveFlights(
  db: Kysely<Database>,
  days: ArchiveDays,
  now: Date,
): Promise<ArchiveSummary> {
  const summary: ArchiveSummary = { ...days, flights: 0, segments: 0, fareClasses: 0, kept: 0 };
  const past = await inDays(
    db.selectFrom('flights as f').select('f.id').orderBy('f.id'),
    days,
  ).execute();
  if (past.length > 0) {
    const referred = await flightsBookingsReferTo(db, days);
    const movable = past.map((row) => Number(row.id)).filter((id) => !referred.has(id));
    summary.kept = past.length - movable.length;
    const archivedAt = now.toISOString();
    for (const chunk of chunks(movable, FLIGHTS_PER_TRANSACTION)) {
      const moved = await db.transaction().execute((trx) => moveToArchive(trx, chunk, archivedAt));
      summary.flights += moved.flights;
      summary.segments += moved.segments;
      summary.fareClasses += moved.fareClasses;
    }
  }
  await db.deleteFrom('route_day_prices').where('date', '<', days.before).execute();
  return summary;
}

/** Copies some flights, their legs and fare classes into the archive, then deletes them. */
async function moveToArchive(
  trx: Kysely<Database>,
  ids: readonly number[],
  archivedAt: string,
): Promise<Pick<ArchiveSummary, 'flights' | 'segments' | 'fareClasses'>> {
  const flightColumns = ['id', ...FLIGHT_ROW_COLUMNS, 'cancelled_at'] as const;
  const flights = await trx
    .insertInto('archived_flights')
    .columns([...flightColumns, 'archived_at'])
    .expression(
      trx
        .selectFrom('flights')
        .select([...flightColumns, sql<string>`cast(${archivedAt} as text)`.as('archived_at')])
        .where('id', 'in', ids),
    )
    // A flight another process archived meanwhile is skipped (and already gone below).
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  const segmentColumns = ['id', ...SEGMENT_ROW_COLUMNS] as const;
  const segments = await trx
    .insertInto('archived_flight_segments')
    .columns(segmentColumns)
    .expression(
      trx.selectFrom('flight_segments').select(segmentColumns).where('flight_id', 'in', ids),
    )
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  const fareColumns = ['id', ...FARE_ROW_COLUMNS] as const;
  const fares = await trx
    .insertInto('archived_fare_classes')
    .columns(fareColumns)
    .expression(trx.selectFrom('fare_classes').select(fareColumns).where('flight_id', 'in', ids))
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  await trx.deleteFrom('fare_classes').where('flight_id', 'in', ids).execute();
  await trx.deleteFrom('flight_segments').where('flight_id', 'in', ids).execute();
  await trx.deleteFrom('flights').where('id', 'in', ids).execute();
  return {
    flights: Number(flights.numInsertedOrUpdatedRows ?? 0),
    segments: Number(segments.numInsertedOrUpdatedRows ?? 0),
    fareClasses: Number(fares.numInsertedOrUpdatedRows ?? 0),
  };
}
