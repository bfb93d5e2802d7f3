import type { Kysely } from 'kysely';
import type {
  BookingListResponse,
  BookingSummary,
  ClaimBookingsResponse,
  SavedPassenger,
} from '@uniquair/contract/booking-list';
import {
  BOOKINGS_PAGE_SIZE,
  BookingStatusSchema,
  MAX_DEVICE_TOKENS,
} from '@uniquair/contract/booking-list';
import { ymdFromUtcDate } from '@uniquair/domain/dates/ymd';
import type { Database } from '../../db/database.ts';
import { ServiceError } from '../../lib/service-error.ts';
import { secretHash } from '../../lib/secret-hash.ts';
import {
  bookingsOfUser,
  claimDeviceBookings,
  countBookingsOfUser,
  deleteSavedPassenger,
  futureBookingsOfUser,
  latestFutureBookingOfDevice,
  passengersOfBookings,
  rememberPassengers,
  savedPassengersOfUser,
  touchPassengers,
  type BookingSummaryRow,
  type SavedPassengerInput,
} from './bookings-list.repository.ts';

const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The device booking tokens of a header value (comma-separated); malformed ones are skipped. */
export function parseDeviceTokens(header: string | string[] | undefined): string[] {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const tokens = text
    .split(',')
    .map((token) => token.trim())
    .filter((token) => DEVICE_TOKEN.test(token));
  return [...new Set(tokens)].slice(0, MAX_DEVICE_TOKENS);
}

function toSummary(row: BookingSummaryRow): BookingSummary {
  return {
    pnr: row.pnr,
    status: BookingStatusSchema.parse(row.status),
    from: row.origin_airport,
    to: row.destination_airport,
    departureDate: row.departure_date,
    returnDate: row.return_date,
    passengers: row.passengers,
    totalMinor: row.total_minor,
    currency: row.currency,
    createdAt: row.created_at,
    pendingScheduleChange: row.pending_changes > 0,
  };
}

/**
 * The bookings lists (SPEC §6, §7): a signed-in user's future and all bookings, an anonymous
 * device's most recent future booking (by the device booking tokens it holds, never by PNR
 * alone — DESIGN §6), saved passengers, and claiming device bookings into an account.
 */
export class BookingsListService {
  readonly #db: Kysely<Database>;
  readonly #now: () => Date;

  constructor(db: Kysely<Database>, now: () => Date) {
    this.#db = db;
    this.#now = now;
  }

  #today() {
    return ymdFromUtcDate(this.#now());
  }

  async futureOfUser(userId: number): Promise<BookingSummary[]> {
    return (await futureBookingsOfUser(this.#db, userId, this.#today())).map(toSummary);
  }

  /** "Only the most recent is displayed" (SPEC §6): at most one booking. */
  async futureOfDevice(tokens: readonly string[]): Promise<BookingSummary[]> {
    const latest = await latestFutureBookingOfDevice(
      this.#db,
      tokens.map((token) => secretHash(token)),
      this.#today(),
    );
    return latest === undefined ? [] : [toSummary(latest)];
  }

  async page(userId: number, page: number): Promise<Omit<BookingListResponse, 'success'>> {
    const total = await countBookingsOfUser(this.#db, userId);
    const rows = await bookingsOfUser(
      this.#db,
      userId,
      (page - 1) * BOOKINGS_PAGE_SIZE,
      BOOKINGS_PAGE_SIZE,
    );
    return {
      page,
      pageSize: BOOKINGS_PAGE_SIZE,
      total,
      pages: Math.max(1, Math.ceil(total / BOOKINGS_PAGE_SIZE)),
      bookings: rows.map(toSummary),
    };
  }

  async savedPassengers(userId: number): Promise<SavedPassenger[]> {
    const rows = await savedPassengersOfUser(this.#db, userId);
    return rows.map((row) => ({
      id: Number(row.id),
      passengerTypeId: row.passenger_type_id,
      titleId: row.title_id,
      firstName: row.first_name,
      lastName: row.last_name,
      birthDate: row.birth_date,
      nationality: row.nationality,
      documentTypeId: row.document_type_id,
      documentNumber: row.document_number,
      documentExpiry: row.document_expiry,
      lastUsedAt: row.last_used_at,
    }));
  }

  async deleteSavedPassenger(userId: number, id: number): Promise<void> {
    const now = this.#now().toISOString();
    await this.#db.transaction().execute(async (trx) => {
      if (!(await deleteSavedPassenger(trx, userId, id))) {
        throw new ServiceError('NOT_FOUND', 'No such saved passenger', {
          _: ['No such saved passenger'],
        });
      }
      await touchPassengers(trx, userId, now);
    });
  }

  /**
   * Moves the device's bookings that have no owner into the account and saves their passengers.
   * Bookings that already belong to an account (this one or another) are left alone.
   */
  async claim(userId: number, tokens: readonly string[]): Promise<ClaimBookingsResponse> {
    const now = this.#now().toISOString();
    const claimed = await this.#db.transaction().execute(async (trx) => {
      const moved = await claimDeviceBookings(
        trx,
        userId,
        tokens.map((token) => secretHash(token)),
        now,
      );
      const passengers = await passengersOfBookings(
        trx,
        moved.map((booking) => booking.id),
      );
      await rememberPassengers(
        trx,
        userId,
        passengers.map((passenger) => ({
          passenger_type_id: passenger.passenger_type_id,
          title_id: passenger.title_id,
          first_name: passenger.first_name,
          last_name: passenger.last_name,
          birth_date: passenger.birth_date,
          nationality: passenger.nationality,
          document_type_id: passenger.document_type_id,
          document_number: passenger.document_number,
          document_expiry: passenger.document_expiry,
        })),
        now,
      );
      return moved;
    });
    return { success: true, claimed: claimed.map((booking) => booking.pnr) };
  }
}

/**
 * Saves an account's passengers in the caller's transaction (a booking made signed in with
 * "save passengers"): the same person once, with the latest details.
 */
export async function savePassengers(
  trx: Kysely<Database>,
  userId: number,
  passengers: readonly SavedPassengerInput[],
  now: string,
): Promise<void> {
  await rememberPassengers(trx, userId, passengers, now);
}
