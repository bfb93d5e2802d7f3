import type { Ymd } from '@uniquair/domain/dates/ymd';
import type { ColumnType, Generated } from 'kysely';
import type { IsoInstant } from '../columns.ts';

/** Row types of the bookings: the booking, its passengers, legs, extras, seat holds, tokens, tickets. */

/**
 * A booking (DESIGN §4, §6). Readable by its owner, or by the device holding the token whose
 * SHA-256 is `device_token_hash`; the booked journey is summarised here so the lists need no
 * inventory rows.
 */
export interface BookingsTable {
  id: Generated<number>;
  /** 7 characters, upper case, random. */
  pnr: string;
  /** `not_paid`, `paid`, `ticketed`, `cancelled`, `expired`. */
  status: string;
  owner_user_id: number | null;
  device_token_hash: string | null;
  booker_first_name: string;
  booker_last_name: string;
  booker_email: string;
  booker_phone: string | null;
  currency: string;
  total_minor: number;
  affiliate_id: number | null;
  /** IATA code of the first departure airport and of the final destination. */
  origin_airport: string;
  destination_airport: string;
  /** Local date of the first departure. */
  departure_date: Ymd;
  /** Local date of the last departure of a trip with more than one leg, else null. */
  return_date: Ymd | null;
  locale: string;
  created_at: IsoInstant;
  updated_at: IsoInstant;
  /** The search the booking was made from. */
  search_hash: string | null;
  /** End of the seat hold of an unpaid booking. */
  hold_expires_at: IsoInstant | null;
  /** Country calling code digits of `booker_phone`. */
  booker_phone_code: string | null;
  /** Fares and extras in the base currency (USD); `currency`/`total_minor` are the charge. */
  base_currency: ColumnType<string, string | undefined, string>;
  base_total_minor: ColumnType<number, number | undefined, number>;
  /** The method of the payment that paid or confirmed the booking. */
  payment_method: string | null;
  paid_at: IsoInstant | null;
  /** Keyed hash of the client address that made it (caps on unpaid bookings per client). */
  client_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** `UQ-<year>-<6 digits>`, given in the transaction that paid the booking (docs/invoices.md). */
  invoice_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** The invoice date: when the number was given. */
  invoiced_at: ColumnType<IsoInstant | null, IsoInstant | null | undefined, IsoInstant | null>;
}

/** The last invoice number given per series and calendar year (gap-free numbering). */
export interface InvoiceCountersTable {
  series: string;
  year: number;
  last_number: number;
}

/** Who a passenger is: the columns a booked passenger and a saved one have alike. */
export interface PassengerColumns {
  passenger_type_id: number;
  title_id: number | null;
  first_name: string;
  last_name: string;
  birth_date: Ymd | null;
  nationality: string | null;
  document_type_id: number | null;
  document_number: string | null;
  document_expiry: Ymd | null;
}

export interface BookingPassengersTable extends PassengerColumns {
  id: Generated<number>;
  booking_id: number;
  /** 1-based order in the booking. */
  position: number;
}

/** A leg of a booking with its own copy of the journey (see the booking-flow migration). */
export interface BookingFlightsTable {
  id: Generated<number>;
  booking_id: number;
  position: number;
  destination_index: number;
  flight_ref: string;
  route_id: number | null;
  date: Ymd;
  from_airport: string;
  to_airport: string;
  fare_letter: string;
  cabin: string;
  fare_price_minor: number;
  /** JSON array of the contract's BookingSegment. */
  segments: string;
}

export interface BookingExtrasTable {
  id: Generated<number>;
  booking_id: number;
  destination_index: number;
  passenger_index: number;
  code: string;
  quantity: number;
  price_minor: number;
}

export interface SeatHoldsTable {
  id: Generated<number>;
  booking_id: number;
  fare_class_id: number;
  seats: number;
  /** `held`, `sold` or `released`. */
  state: string;
  created_at: IsoInstant;
  updated_at: IsoInstant;
  /** The voluntary change that took these seats (null: the booking's own). */
  change_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface BookingDeviceTokensTable {
  /** SHA-256 of the device booking token. */
  token_hash: string;
  booking_id: number;
  created_at: IsoInstant;
}

export interface BookingLinkTokensTable {
  id: Generated<number>;
  booking_id: number;
  /** `finish` or `login_quick`. */
  purpose: string;
  token_hash: string;
  expires_at: IsoInstant;
  used_at: IsoInstant | null;
  created_at: IsoInstant;
}

export interface TicketsTable {
  id: Generated<number>;
  booking_id: number;
  flight_index: number;
  /** Which segment of the booked leg, from 0: a connection has a ticket per flight. */
  segment_index: Generated<number>;
  passenger_index: number;
  number: string;
  issued_at: IsoInstant;
}

/** A booking's cancellation: the quote it was made on and its refund (docs/booking.md). */
export interface BookingCancellationsTable {
  id: Generated<number>;
  booking_id: number;
  status_before: string;
  cancelled_at: IsoInstant;
  currency: string;
  paid_minor: number;
  refund_minor: number;
  fee_minor: number;
  non_refundable_minor: number;
  /** 1 when cancelled within the free window (everything paid back). */
  free_window: number;
  /** JSON array of the quote's lines (`CancellationLine` of the contract). */
  lines: string;
  /** `requested`, `processing`, `refunded`, `failed`; null: nothing to refund. */
  refund_state: string | null;
  /** The provider's idempotency key of the refund. */
  refund_key: string | null;
  refund_error: string | null;
  payment_id: number | null;
  refund_attempts: ColumnType<number, number | undefined, number>;
  updated_at: IsoInstant;
  /** `UQC-2026-000001`: the credit note of a refund of an invoiced booking, else null. */
  credit_note_number: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Each state a refund reached, with when. */
export interface BookingRefundEventsTable {
  id: Generated<number>;
  cancellation_id: number;
  state: string;
  at: IsoInstant;
}
