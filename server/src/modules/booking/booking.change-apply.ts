import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { enqueue } from '../outbox/outbox.service.ts';
import { reissueFlightTickets } from '../tickets/tickets.service.ts';
import { lockBooking, payingPayment } from './booking.cancel-repository.ts';
import {
  bookingChangeById,
  moveBookingChange,
  moveBookingTotals,
  retakeChangeSeats,
  sellChangeSeats,
} from './booking.change-repository.ts';
import { giveSeatsBack } from './booking.hold-repository.ts';
import { moveLegToFlight } from './booking.leg-move.ts';
import {
  bookingLeg,
  holdsOnFlight,
  inventoryFlight,
  releaseHold,
} from './booking.schedule-change-repository.ts';

/** Outbox topic that pays out a cheaper refundable fare's difference (booking plugin). */
export const CHANGE_PAYOUT_TOPIC = 'booking.change-payout';
/** Statuses in which a booking's legs may be changed: paid to us. */
export const CHANGEABLE_STATUSES = new Set(['paid', 'ticketed']);

/**
 * Applies a change in the caller's transaction (at once when nothing is due; in the transaction
 * that records its payment's success otherwise): the leg moves to the new flight and fare, its
 * old seats go back and the new ones are sold, its tickets are re-issued, the booking's totals
 * move, a payout is queued, the confirmation e-mail (new e-tickets) and the push are queued. A
 * change whose hold ended gets its seats again when they are free. Answers the fare classes whose seats moved, or null when the change can no
 * longer be applied (released, the booking cancelled or its leg moved, the seats gone): the
 * caller refunds the payment, nothing having changed.
 */
export async function applyBookingChange(
  trx: Kysely<Database>,
  changeId: number,
  now: Date,
  log: FastifyBaseLogger,
): Promise<number[] | null> {
  const at = now.toISOString();
  const change = await bookingChangeById(trx, changeId);
  if (!change || (change.status !== 'awaiting_payment' && change.status !== 'expired')) {
    return null;
  }
  const row = await lockBooking(trx, change.booking_id, at);
  const leg = await bookingLeg(trx, change.booking_id, change.flight_index);
  const flight = await inventoryFlight(trx, change.new_flight_id);
  if (
    !row ||
    !CHANGEABLE_STATUSES.has(row.status) ||
    !leg ||
    leg.flight_ref !== change.old_flight_ref ||
    !flight ||
    flight.cancelled_at !== null
  ) {
    return null;
  }
  if (change.status === 'expired' && !(await retakeChangeSeats(trx, changeId, at))) return null;
  if (
    !(await moveBookingChange(trx, changeId, change.status, {
      status: 'applied',
      applied_at: at,
      updated_at: at,
      hold_expires_at: null,
    }))
  ) {
    return null;
  }
  const moved: number[] = [change.new_fare_class_id];
  for (const hold of await holdsOnFlight(trx, change.booking_id, change.old_flight_ref)) {
    if (!(await releaseHold(trx, hold.id, hold.state, at))) continue;
    await giveSeatsBack(trx, [{ fareClassId: hold.fare_class_id, seats: hold.seats }]);
    moved.push(hold.fare_class_id);
  }
  await sellChangeSeats(trx, changeId, at);
  await moveLegToFlight(
    trx,
    change.booking_id,
    change.flight_index,
    [flight],
    { letter: change.new_fare_letter, cabin: change.new_cabin, price: change.new_fare_price_minor },
    now,
  );
  await moveBookingTotals(
    trx,
    change.booking_id,
    { total: Number(change.total_delta_minor), base: Number(change.base_delta_minor) },
    at,
  );
  await reissueFlightTickets(trx, change.booking_id, change.flight_index, now);
  if (Number(change.payout_minor) > 0) {
    const paying = await payingPayment(trx, change.booking_id);
    if (paying) {
      await trx
        .updateTable('booking_changes')
        .set({ payout_state: 'requested', payout_payment_id: paying.id })
        .where('id', '=', changeId)
        .execute();
      await enqueue(trx, CHANGE_PAYOUT_TOPIC, { changeId }, now);
    } else {
      log.warn({ pnr: row.pnr, changeId }, 'a change’s payout has no payment');
    }
  }
  // The confirmation e-mail again, with the new e-tickets and the invoice attached.
  await enqueue(trx, 'mail.booking-confirmation', { bookingId: row.id }, now);
  await enqueue(
    trx,
    'push.booking-status',
    { pnr: row.pnr, bookingId: row.id, status: 'flight_changed', ownerUserId: row.owner_user_id },
    now,
  );
  return moved;
}
