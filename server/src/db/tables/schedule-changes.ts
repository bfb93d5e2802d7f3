import type { Generated } from 'kysely';
import type { IsoInstant } from '../columns.ts';

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
  /** The inventory flight id that changed. */
  flight_ref: string;
  old_departure_utc: IsoInstant;
  old_arrival_utc: IsoInstant;
  new_departure_utc: IsoInstant | null;
  new_arrival_utc: IsoInstant | null;
  created_at: IsoInstant;
  answer: ScheduleChangeAnswer | null;
  answered_at: IsoInstant | null;
}
