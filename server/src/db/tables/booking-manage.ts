import type { Generated } from 'kysely';
import type { IsoInstant } from '../columns.ts';

/** Row types of managing a booking: share links, re-sent tickets, feedback. */

/** A read-only share link of a booking; only the token's SHA-256 is stored. */
export interface BookingSharesTable {
  id: Generated<number>;
  booking_id: number;
  token_hash: string;
  created_at: IsoInstant;
  /** Set when the link was stopped (by the traveller or by a newer link); null while active. */
  revoked_at: IsoInstant | null;
}

/** One sending of the tickets e-mail to another address. */
export interface BookingTicketResendsTable {
  id: Generated<number>;
  booking_id: number;
  /** HMAC-SHA256 of the lower-cased address, keyed with the server secret; never the address. */
  email_hash: string;
  created_at: IsoInstant;
}

/** The traveller's feedback on a booking: one per booking. */
export interface BookingFeedbackTable {
  id: Generated<number>;
  booking_id: number;
  /** 1 to 5. */
  rating: number;
  /** Empty when none was given; at most 2,000 characters. */
  comment: string;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}
