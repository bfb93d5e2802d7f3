import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * The SQL of seats and holds: taking seats with conditional updates, giving them back when a hold
 * ends, re-taking them for a late payment, selling them, and the unpaid-hold counts of the caps.
 */

/** Seats to take from one inventory fare class row. */
export interface SeatRequest {
  fareClassId: number;
  seats: number;
}

/** Runs `work` in the caller's transaction when given one, else in a new one. */
async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Takes seats from fare classes, one conditional update per class in ascending id order (the same
 * order in every transaction, so two bookings never wait on each other in a cycle):
 * `seats_left = seats_left - n WHERE id = ? AND seats_left >= n`. Answers the first class that had
 * too few seats left, or null when every class gave its seats. Must run in a transaction the
 * caller rolls back when a class is returned, so nothing is held on the others.
 */
export async function takeSeats(
  trx: Kysely<Database>,
  requests: readonly SeatRequest[],
): Promise<number | null> {
  const seatsByClass = new Map<number, number>();
  for (const request of requests) {
    seatsByClass.set(
      request.fareClassId,
      (seatsByClass.get(request.fareClassId) ?? 0) + request.seats,
    );
  }
  for (const [fareClassId, seats] of [...seatsByClass].sort((a, b) => a[0] - b[0])) {
    const result = await trx
      .updateTable('fare_classes')
      .set((eb) => ({ seats_left: eb('seats_left', '-', seats) }))
      .where('id', '=', fareClassId)
      .where('seats_left', '>=', seats)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return fareClassId;
  }
  return null;
}

/** Gives seats back to fare classes (never above their total: the database checks it). */
export async function giveSeatsBack(
  trx: Kysely<Database>,
  requests: readonly SeatRequest[],
): Promise<void> {
  for (const request of [...requests].sort((a, b) => a.fareClassId - b.fareClassId)) {
    await trx
      .updateTable('fare_classes')
      .set((eb) => ({ seats_left: eb('seats_left', '+', request.seats) }))
      .where('id', '=', request.fareClassId)
      .execute();
  }
}

export interface UnpaidScope {
  userId?: number | null;
  deviceTokenHashes?: readonly string[];
  clientHash?: string | null;
}

/**
 * Unpaid bookings still holding seats (hold not ended at `now`) of a user or devices
 * (`traveller`), and of a client (`client`), with the end of the earliest of those holds.
 */
export async function countUnpaidHolds(
  db: Kysely<Database>,
  scope: UnpaidScope,
  now: string,
): Promise<{ traveller: number; client: number; firstEnd: string | null }> {
  const unpaid = db
    .selectFrom('bookings')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.min('hold_expires_at').as('first_end'),
    ])
    .where('status', '=', 'not_paid')
    .where('hold_expires_at', '>', now);
  const none = Promise.resolve({ count: 0, first_end: null as string | null });
  const hashes = scope.deviceTokenHashes ?? [];
  const [traveller, client] = await Promise.all([
    scope.userId == null && hashes.length === 0
      ? none
      : unpaid
          .where((eb) =>
            eb.or([
              ...(scope.userId == null ? [] : [eb('owner_user_id', '=', scope.userId)]),
              ...(hashes.length === 0
                ? []
                : [
                    eb('device_token_hash', 'in', [...hashes]),
                    eb(
                      'id',
                      'in',
                      eb
                        .selectFrom('booking_device_tokens')
                        .select('booking_id')
                        .where('token_hash', 'in', [...hashes]),
                    ),
                  ]),
            ]),
          )
          .executeTakeFirstOrThrow(),
    scope.clientHash == null
      ? none
      : unpaid.where('client_hash', '=', scope.clientHash).executeTakeFirstOrThrow(),
  ]);
  const ends = [traveller.first_end, client.first_end].filter(
    (end): end is string => typeof end === 'string',
  );
  return {
    traveller: Number(traveller.count),
    client: Number(client.count),
    firstEnd: ends.length === 0 ? null : (ends.sort()[0] ?? null),
  };
}

/** Where the seats of a booking's holds came from (for giving them back and the calendars). */
async function holdsWithRoutes(
  db: Kysely<Database>,
  bookingId: number,
  state: string,
): Promise<{ id: number; fare_class_id: number; seats: number }[]> {
  const rows = await db
    .selectFrom('seat_holds')
    .select(['id', 'fare_class_id', 'seats'])
    .where('booking_id', '=', bookingId)
    .where('state', '=', state)
    .orderBy('fare_class_id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    fare_class_id: row.fare_class_id,
    seats: row.seats,
  }));
}

/** The routes and departure days of some fare classes (what the price calendars must refresh). */
export async function routeDaysOfFareClasses(
  db: Kysely<Database>,
  fareClassIds: readonly number[],
): Promise<{ route_id: number; departure_date: string }[]> {
  if (fareClassIds.length === 0) return [];
  return db
    .selectFrom('fare_classes')
    .innerJoin('flights', 'flights.id', 'fare_classes.flight_id')
    .select(['flights.route_id', 'flights.departure_date'])
    .where('fare_classes.id', 'in', [...new Set(fareClassIds)])
    .execute();
}

/**
 * Ends the hold of one unpaid booking whose hold is over: `UPDATE bookings SET status='expired'
 * WHERE id=? AND status='not_paid' AND hold_expires_at <= now`, then each `held` seat hold becomes
 * `released` (conditionally) and its seats go back to the fare class. Answers the fare classes
 * given seats, or null when the booking was not due (paid, already expired, hold running): two
 * processes expiring the same booking give the seats back once.
 */
export async function expireBooking(
  db: Kysely<Database>,
  bookingId: number,
  now: string,
): Promise<number[] | null> {
  return inTransaction(db, async (trx) => {
    const expired = await trx
      .updateTable('bookings')
      .set({ status: 'expired', updated_at: now })
      .where('id', '=', bookingId)
      .where('status', '=', 'not_paid')
      .where('hold_expires_at', '<=', now)
      .executeTakeFirst();
    if (Number(expired.numUpdatedRows) !== 1) return null;
    return releaseHolds(trx, bookingId, 'held', now);
  });
}

/**
 * Marks each seat hold of a booking in `state` (`held`, or `sold` for a cancelled paid booking)
 * `released`, conditionally, and gives its seats back to the fare class: a hold is given back
 * once however many transactions try. Answers the fare classes given seats. Runs in the caller's
 * transaction, after the booking's own conditional status move.
 */
export async function releaseHolds(
  trx: Kysely<Database>,
  bookingId: number,
  state: 'held' | 'sold',
  now: string,
): Promise<number[]> {
  const released: number[] = [];
  for (const hold of await holdsWithRoutes(trx, bookingId, state)) {
    const result = await trx
      .updateTable('seat_holds')
      .set({ state: 'released', updated_at: now })
      .where('id', '=', hold.id)
      .where('state', '=', state)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) continue;
    await giveSeatsBack(trx, [{ fareClassId: hold.fare_class_id, seats: hold.seats }]);
    released.push(hold.fare_class_id);
  }
  return released;
}

/** Ids of unpaid bookings whose hold ended at or before `now`, oldest first. */
export async function overdueBookingIds(
  db: Kysely<Database>,
  now: string,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('bookings')
    .select('id')
    .where('status', '=', 'not_paid')
    .where('hold_expires_at', '<=', now)
    .orderBy('hold_expires_at')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * Takes the seats of an expired booking again, all or nothing (for a payment that completed after
 * the hold ended): the booking goes from `expired` back to `not_paid` with a new hold ending at
 * `holdExpiresAt`, its `released` holds become `held` again and their seats are taken with the
 * same conditional updates as a new booking. Answers false, changing nothing, when the booking is
 * not expired or a fare class has too few seats left (the payment must then be refunded). Runs in
 * the caller's transaction when given one (the caller then rolls back on false), else in its own.
 */
export async function retakeSeatsOf(
  db: Kysely<Database>,
  bookingId: number,
  now: string,
  holdExpiresAt: string,
): Promise<{ ok: boolean; fareClassIds: number[] }> {
  const retake = async (trx: Kysely<Database>) => {
    const revived = await trx
      .updateTable('bookings')
      .set({ status: 'not_paid', hold_expires_at: holdExpiresAt, updated_at: now })
      .where('id', '=', bookingId)
      .where('status', '=', 'expired')
      .executeTakeFirst();
    if (Number(revived.numUpdatedRows) !== 1) return { ok: false, fareClassIds: [] };
    const holds = await holdsWithRoutes(trx, bookingId, 'released');
    const short = await takeSeats(
      trx,
      holds.map((hold) => ({ fareClassId: hold.fare_class_id, seats: hold.seats })),
    );
    if (short !== null) throw new SeatsGone();
    for (const hold of holds) {
      await trx
        .updateTable('seat_holds')
        .set({ state: 'held', updated_at: now })
        .where('id', '=', hold.id)
        .where('state', '=', 'released')
        .execute();
    }
    return { ok: true, fareClassIds: holds.map((hold) => hold.fare_class_id) };
  };
  try {
    // In the caller's transaction, the caller rolls back on false: it owns the outcome.
    return await inTransaction(db, retake);
  } catch (error) {
    if (error instanceof SeatsGone) return { ok: false, fareClassIds: [] };
    throw error;
  }
}

/** Thrown inside a transaction to roll it back when a fare class has too few seats. */
class SeatsGone extends Error {
  constructor() {
    super('A fare class has too few seats left');
  }
}

/** Marks the held seats of a booking sold (it was paid); answers how many holds changed. */
export async function markSeatsSold(
  trx: Kysely<Database>,
  bookingId: number,
  now: string,
): Promise<number> {
  const result = await trx
    .updateTable('seat_holds')
    .set({ state: 'sold', updated_at: now })
    .where('booking_id', '=', bookingId)
    .where('state', '=', 'held')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
