import type { Generated } from 'kysely';
import type { Flag, IsoInstant } from '../columns.ts';

/** What a traveller answered to a schedule change (null while unanswered). */
export type ScheduleChangeAnswer = 'accepted' | 'substituted' | 'cancelled' | 'superseded';

/**
 * A change of a booked leg's flight (docs/schedule-changes.md): the leg's times as the booking had
 * them and the new ones (null when the flight was cancelled), and the traveller's answer.
 */
export interface BookingScheduleChangesTable {
  id: Generated<number>;
  booking_id: number;
  /** The leg's `booking_flights.position`. */
  flight_index: number;
  /** The inventory flight id that changed (one flight of a connection leg). */
  flight_ref: string;
  old_departure_utc: IsoInstant;
  old_arrival_utc: IsoInstant;
  new_departure_utc: IsoInstant | null;
  new_arrival_utc: IsoInstant | null;
  /** 1: a retime of one flight of a connection broke it (no new times, like a cancellation). */
  missed_connection: Flag;
  created_at: IsoInstant;
  answer: ScheduleChangeAnswer | null;
  answered_at: IsoInstant | null;
}

/** Where a voluntary change is: see the migration `add_voluntary_changes`. */
export type BookingChangeStatus = 'awaiting_payment' | 'applied' | 'expired' | 'released';

/**
 * A traveller's voluntary change of a booked leg to another flight of its route
 * (docs/flight-changes.md): what was left and taken, the amounts quoted, and where it stands.
 */
export interface BookingChangesTable {
  id: Generated<number>;
  booking_id: number;
  /** The leg's `booking_flights.position`. */
  flight_index: number;
  old_flight_ref: string;
  old_fare_letter: string;
  /** Fare of one seated passenger, minor units of the base currency. */
  old_fare_price_minor: number;
  new_flight_id: number;
  new_fare_class_id: number;
  new_fare_letter: string;
  new_cabin: string;
  new_fare_price_minor: number;
  /** Seats moved (the leg's seated passengers). */
  seats: number;
  /** The charge currency (the booking's). */
  currency: string;
  change_fee_minor: number;
  /** New fare less old fare for every seated passenger, charge currency (negative: cheaper). */
  fare_difference_minor: number;
  /** What the traveller pays for the change (0: applied at once). */
  amount_due_minor: number;
  /** What goes back to the traveller (a cheaper refundable fare beyond the fee). */
  payout_minor: number;
  /** What the booking's charged total for fares and extras moves by when it is applied. */
  total_delta_minor: number;
  /** What the booking's base total (USD) moves by when the change is applied. */
  base_delta_minor: number;
  /** The payout's refund at the provider: `requested`, `refunded`; null without a payout. */
  payout_state: string | null;
  /** The payment the payout is refunded from. */
  payout_payment_id: number | null;
  status: BookingChangeStatus;
  created_at: IsoInstant;
  updated_at: IsoInstant;
  /** End of the new seats' hold while the change awaits payment. */
  hold_expires_at: IsoInstant | null;
  applied_at: IsoInstant | null;
}
