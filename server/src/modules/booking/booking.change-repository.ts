import type { Insertable, Kysely } from 'kysely';
import type { BookingChange } from '@uniquair/contract/booking-changes';
import type { Database } from '../../db/database.ts';
import type { BookingChangeStatus, BookingChangesTable } from '../../db/tables/schedule-changes.ts';
import { giveSeatsBack, takeSeats } from './booking.hold-repository.ts';

/**
 * The SQL of voluntary flight changes (docs/flight-changes.md): the change rows, their state moves
 * (each a compare-and-set on the status read), the seats a change holds until it is applied, and
 * how a row reads in the API.
 */

export type BookingChangeRow = Awaited<ReturnType<typeof changesOfBookingWithFlights>>[number];

export async function insertBookingChange(
  trx: Kysely<Database>,
  change: Insertable<BookingChangesTable>,
): Promise<number> {
  const row = await trx
    .insertInto('booking_changes')
    .values(change)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function bookingChangeById(db: Kysely<Database>, changeId: number) {
  const row = await db
    .selectFrom('booking_changes')
    .selectAll()
    .where('id', '=', changeId)
    .executeTakeFirst();
  return row && { ...row, id: Number(row.id), booking_id: Number(row.booking_id) };
}

/** A booking's changes, oldest first, with the new flight's number and local times. */
export async function changesOfBookingWithFlights(db: Kysely<Database>, bookingId: number) {
  return db
    .selectFrom('booking_changes as c')
    .innerJoin('flights as f', 'f.id', 'c.new_flight_id')
    .selectAll('c')
    .select([
      'f.flight_number',
      'f.departure_date',
      'f.departure_time',
      'f.arrival_date',
      'f.arrival_time',
    ])
    .where('c.booking_id', '=', bookingId)
    .orderBy('c.id')
    .execute();
}

/** The booking's change awaiting payment, if any (there is at most one). */
export async function awaitingChangeOfBooking(db: Kysely<Database>, bookingId: number) {
  const row = await db
    .selectFrom('booking_changes')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .where('status', '=', 'awaiting_payment')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row && { ...row, id: Number(row.id), booking_id: Number(row.booking_id) };
}

/** Moves a change from the status read to another; false when it had moved meanwhile. */
export async function moveBookingChange(
  trx: Kysely<Database>,
  changeId: number,
  from: BookingChangeStatus,
  changes: {
    status: BookingChangeStatus;
    updated_at: string;
    applied_at?: string;
    hold_expires_at?: string | null;
  },
): Promise<boolean> {
  const result = await trx
    .updateTable('booking_changes')
    .set(changes)
    .where('id', '=', changeId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Locks a change that can be paid now (awaiting payment, its hold running) in the caller's
 * transaction: one conditional update that is also the check. False: it cannot.
 */
export async function lockPayableChange(
  trx: Kysely<Database>,
  changeId: number,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('booking_changes')
    .set({ updated_at: now })
    .where('id', '=', changeId)
    .where('status', '=', 'awaiting_payment')
    .where('hold_expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ids of changes awaiting payment whose hold ended at or before `now`, oldest first. */
export async function overdueChangeIds(
  db: Kysely<Database>,
  now: string,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('booking_changes')
    .select('id')
    .where('status', '=', 'awaiting_payment')
    .where('hold_expires_at', '<=', now)
    .orderBy('hold_expires_at')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * Gives back the seats a change holds (`held` holds naming it become `released`, each once).
 * Answers the fare classes given seats.
 */
export async function releaseChangeSeats(
  trx: Kysely<Database>,
  changeId: number,
  now: string,
): Promise<number[]> {
  const holds = await trx
    .selectFrom('seat_holds')
    .select(['id', 'fare_class_id', 'seats'])
    .where('change_id', '=', changeId)
    .where('state', '=', 'held')
    .execute();
  const released: number[] = [];
  for (const hold of holds) {
    const result = await trx
      .updateTable('seat_holds')
      .set({ state: 'released', updated_at: now })
      .where('id', '=', hold.id)
      .where('state', '=', 'held')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) continue;
    await giveSeatsBack(trx, [{ fareClassId: hold.fare_class_id, seats: hold.seats }]);
    released.push(hold.fare_class_id);
  }
  return released;
}

/**
 * Takes a change's seats again after its hold ended (a payment that arrived late), with the same
 * conditional update as any booking; false, having taken nothing, when they are gone.
 */
export async function retakeChangeSeats(
  trx: Kysely<Database>,
  changeId: number,
  now: string,
): Promise<boolean> {
  const holds = await trx
    .selectFrom('seat_holds')
    .select(['id', 'fare_class_id', 'seats'])
    .where('change_id', '=', changeId)
    .where('state', '=', 'released')
    .execute();
  const short = await takeSeats(
    trx,
    holds.map((hold) => ({ fareClassId: hold.fare_class_id, seats: hold.seats })),
  );
  if (short !== null) return false;
  await trx
    .updateTable('seat_holds')
    .set({ state: 'held', updated_at: now })
    .where('change_id', '=', changeId)
    .where('state', '=', 'released')
    .execute();
  return true;
}

/** The change's held seats become sold (it was applied). */
export async function sellChangeSeats(
  trx: Kysely<Database>,
  changeId: number,
  now: string,
): Promise<void> {
  await trx
    .updateTable('seat_holds')
    .set({ state: 'sold', updated_at: now })
    .where('change_id', '=', changeId)
    .where('state', '=', 'held')
    .execute();
}

/** Moves the booking's charged and base totals by a change's amounts. */
export async function moveBookingTotals(
  trx: Kysely<Database>,
  bookingId: number,
  delta: { total: number; base: number },
  now: string,
): Promise<void> {
  await trx
    .updateTable('bookings')
    .set((eb) => ({
      total_minor: eb('total_minor', '+', delta.total),
      base_total_minor: eb('base_total_minor', '+', delta.base),
      updated_at: now,
    }))
    .where('id', '=', bookingId)
    .execute();
}

/** Whether an attempt paying the change is still open at the provider. */
export async function hasOpenChangePayment(
  db: Kysely<Database>,
  changeId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('payments')
    .select('id')
    .where('change_id', '=', changeId)
    .where('status', 'in', ['processing', 'requires_action', 'pending'])
    .executeTakeFirst();
  return row !== undefined;
}

/** A change row as the booking lists it. */
export function changeView(row: BookingChangeRow): BookingChange {
  const currency = row.currency;
  return {
    id: Number(row.id),
    flightIndex: row.flight_index,
    state: row.status,
    oldFareClass: row.old_fare_letter,
    newFlightId: String(row.new_flight_id),
    newFareClass: row.new_fare_letter,
    departureLocal: `${row.departure_date}T${row.departure_time}`,
    arrivalLocal: `${row.arrival_date}T${row.arrival_time}`,
    flightNumber: row.flight_number,
    changeFee: moneyOf(Number(row.change_fee_minor), currency),
    fareDifference: moneyOf(Number(row.fare_difference_minor), currency),
    toPay: moneyOf(Number(row.amount_due_minor), currency),
    payout: moneyOf(Number(row.payout_minor), currency),
    holdExpiresAt: row.status === 'awaiting_payment' ? row.hold_expires_at : null,
    createdAt: row.created_at,
    appliedAt: row.applied_at,
  };
}

function moneyOf(amount: number, currency: string) {
  return { amount, currency };
}
