import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import { SEAT_HOLD_MINUTES, type BookingSegmentSchema } from '@uniquair/contract/booking';
import type { SearchResult } from '@uniquair/contract/search';
import { countPassengerTypes } from '@uniquair/domain/booking/passenger-rules';
import { generatePnr } from '@uniquair/domain/booking/pnr';
import { tripEnds } from '@uniquair/domain/booking/trip-ends';
import { ymdFromUtcDate, type Ymd } from '@uniquair/domain/dates/ymd';
import { DEFAULT_CURRENCY_CODE } from '@uniquair/domain/pricing/currency';
import { seatedPassengers } from '@uniquair/domain/search/passengers';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import type { SavedPassengersTable } from '../../db/tables/accounts.ts';
import type { AppMetrics } from '../../lib/app-metrics.ts';
import { secretHash } from '../../lib/secret-hash.ts';
import { ServiceError } from '../../lib/service-error.ts';
import type { ReferenceSnapshot } from '../data/data.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { SearchService } from '../search/search.service.ts';
import type { BookingCalendars } from './booking.calendars.ts';
import {
  checkBooker,
  checkRequest,
  currentLegs,
  FieldErrors,
  priceBooking,
  priceExtras,
  rateTable,
  UNAVAILABLE,
  type ChosenLeg,
  type CreateBookingInput,
} from './booking.create-checks.ts';
import { takeSeats } from './booking.hold-repository.ts';
import {
  addDeviceToken,
  insertBooking,
  insertBookingParts,
  issueBookingLinkToken,
  newDeviceToken,
} from './booking.repository.ts';
import { checkUnpaidCaps, type UnpaidCaps } from './booking.unpaid-caps.ts';
import type { Viewer } from './booking.read.ts';

type BookingSegment = z.infer<typeof BookingSegmentSchema>;

/** PNRs tried before giving up (31^7 ≈ 27 billion: a clash is already rare). */
const PNR_ATTEMPTS = 8;

export interface CreateContext extends Viewer {
  /** Keyed hash of the client address (unpaid-hold caps per client). */
  clientHash: string | null;
  affiliateId: number | null;
  /** The visitor's locale (the booking's e-mails are written in it). */
  locale: string;
  /** The visitor's selected currency; the charge currency follows from it. */
  currency: string;
}

/** Saves an account's passengers in the booking's transaction (the bookings-list module). */
export type RememberPassengers = (
  trx: Kysely<Database>,
  userId: number,
  passengers: readonly SavedPassengerInput[],
  now: string,
) => Promise<void>;

type SavedPassengerInput = Omit<
  Insertable<SavedPassengersTable>,
  'id' | 'user_id' | 'match_key' | 'created_at' | 'last_used_at'
>;

export interface BookingCreationOptions extends UnpaidCaps {
  db: Kysely<Database>;
  search: SearchService;
  mail: MailService;
  now: () => Date;
  log: FastifyBaseLogger;
  publicUrl: string;
  reference: () => Promise<ReferenceSnapshot>;
  /** The bookings-list module's saved passengers, written in the booking's transaction. */
  rememberPassengers: RememberPassengers;
  calendars: BookingCalendars;
  /** Counts the bookings created. */
  metrics: Pick<AppMetrics, 'bookingCreated'>;
}

/**
 * Creating a booking (SPEC §2, §3; DESIGN §6): the request checked against its search and the
 * inventory and priced (`booking.create-checks.ts`), the hoarding caps, then the seats taken and
 * the booking written in one transaction, all or nothing. The booking-created e-mail and the price
 * calendars follow after commit; neither can fail the booking.
 */
export class BookingCreation {
  readonly #options: BookingCreationOptions;
  readonly #db: Kysely<Database>;

  constructor(options: BookingCreationOptions) {
    this.#options = options;
    this.#db = options.db;
  }

  /**
   * `POST /api/booking/create`. Checks the selections against the search (finished, unexpired;
   * one selection per destination; each flight in its destination's results and still the same
   * inventory flight), the passengers (counts by type as searched, per-passenger rules), the
   * booker's phone (as written; kept as digits), the extras, and the hoarding caps; prices the
   * booking from the current fares; then takes the seats and writes the booking in one
   * transaction (all or nothing).
   */
  async create(
    input: CreateBookingInput,
    context: CreateContext,
  ): Promise<{ pnr: string; deviceToken: string; holdExpiresAt: string }> {
    const snapshot = await this.#options.search.result(input.searchHash).catch((error: unknown) => {
      // The search's own errors name `hash`; here the field is the body's `searchHash`.
      if (error instanceof ServiceError) {
        const messages = Object.values(error.errors).flat();
        throw new ServiceError(error.code, error.message, { 'body.searchHash': messages });
      }
      throw error;
    });
    const result = JSON.parse(snapshot.result) as SearchResult;
    const reference = await this.#options.reference();
    const errors = new FieldErrors();
    const today = ymdFromUtcDate(this.#options.now());
    const booker = checkBooker(input.booker, reference, errors);
    const picked = checkRequest(input, result, reference, today, errors);
    const rates = rateTable(reference);
    const legs = await currentLegs(this.#db, picked, rates, errors);
    const extras = priceExtras(input, legs, errors);
    const { baseTotal, charge, chargeTotal } = priceBooking(
      input,
      legs,
      extras,
      context.currency,
      rates,
    );

    // Hoarding caps (reference INV-5): unpaid bookings still holding seats.
    const now = this.#options.now();
    const nowIso = now.toISOString();
    await checkUnpaidCaps(
      this.#db,
      this.#options,
      {
        userId: context.userId,
        deviceTokenHashes: context.deviceTokens.map((token) => secretHash(token)),
        clientHash: context.clientHash,
      },
      now,
    );

    const seated = seatedPassengers(countPassengerTypes(input.passengers));
    const holdExpiresAt = new Date(now.getTime() + SEAT_HOLD_MINUTES * 60_000);
    const deviceToken = newDeviceToken();
    const ordered = [...legs].sort((a, b) => a.destinationIndex - b.destinationIndex);
    const firstLeg = ordered[0] as ChosenLeg;
    const lastLeg = ordered[ordered.length - 1] as ChosenLeg;
    const ends = tripEnds(
      ordered.map(({ flight }) => ({
        from: flight.segments[0]?.from ?? '',
        to: flight.segments[flight.segments.length - 1]?.to ?? '',
      })),
    );

    // The passengers' columns, the same in the booking and in the account's saved passengers.
    const passengers = input.passengers.map((passenger): SavedPassengerInput => ({
      passenger_type_id: passenger.typeId,
      title_id: passenger.titleId,
      first_name: passenger.firstName,
      last_name: passenger.lastName,
      birth_date: passenger.birthDate as Ymd,
      nationality: passenger.nationality,
      document_type_id: passenger.documentTypeId,
      document_number: passenger.documentNumber.toUpperCase(),
      document_expiry: passenger.documentExpiry as Ymd,
    }));
    const created = await this.#db.transaction().execute(async (trx) => {
      // The seats first: on SQLite the first write takes the database's write lock at once.
      // Every flight of every leg, connections included, or none (all or nothing).
      const short = await takeSeats(
        trx,
        legs.flatMap((leg) =>
          leg.fares.map((fare) => ({ fareClassId: fare.fareClassId, seats: seated })),
        ),
      );
      if (short !== null) {
        const leg = legs.find((candidate) =>
          candidate.fares.some((fare) => fare.fareClassId === short),
        ) as ChosenLeg;
        throw new ServiceError('FLIGHT_UNAVAILABLE', UNAVAILABLE, {
          [`body.selections.${leg.selectionIndex}`]: [UNAVAILABLE],
        });
      }
      const booking = await insertBooking(
        trx,
        {
          status: 'not_paid',
          owner_user_id: context.userId,
          device_token_hash: secretHash(deviceToken),
          booker_first_name: input.booker.firstName,
          booker_last_name: input.booker.lastName,
          booker_email: input.booker.email,
          booker_phone: booker.phone,
          booker_phone_code: booker.phoneCode,
          currency: charge,
          total_minor: chargeTotal,
          base_currency: DEFAULT_CURRENCY_CODE,
          base_total_minor: baseTotal,
          affiliate_id: context.affiliateId,
          origin_airport: ends.from,
          destination_airport: ends.to,
          departure_date: firstLeg.date,
          return_date: ordered.length > 1 ? lastLeg.date : null,
          locale: context.locale,
          created_at: nowIso,
          updated_at: nowIso,
          search_hash: input.searchHash,
          hold_expires_at: holdExpiresAt.toISOString(),
          payment_method: null,
          paid_at: null,
          client_hash: context.clientHash,
        },
        (function* pnrs() {
          for (let i = 0; i < PNR_ATTEMPTS; i += 1) yield generatePnr((n) => randomBytes(n));
        })(),
      );
      if (booking === null) throw new Error('No free booking reference after several attempts');
      await insertBookingParts(trx, {
        now: nowIso,
        passengers: passengers.map((passenger, index) => ({
          ...passenger,
          booking_id: booking.id,
          position: index + 1,
        })),
        flights: ordered.map((leg, position) => ({
          booking_id: booking.id,
          position,
          destination_index: leg.destinationIndex,
          flight_ref: leg.flight.id,
          route_id: leg.route,
          date: leg.date,
          from_airport: leg.flight.segments[0]?.from ?? '',
          to_airport: leg.flight.segments[leg.flight.segments.length - 1]?.to ?? '',
          fare_letter: leg.letter,
          cabin: leg.cabin,
          fare_price_minor: leg.fare,
          segments: JSON.stringify(leg.flight.segments satisfies BookingSegment[]),
        })),
        extras: extras.map((extra) => ({
          booking_id: booking.id,
          destination_index: extra.destinationIndex,
          passenger_index: extra.passengerIndex,
          code: extra.code,
          quantity: extra.quantity,
          price_minor: extra.unitPrice * extra.quantity,
        })),
        holds: legs.flatMap((leg) =>
          leg.fares.map((fare) => ({
            bookingId: booking.id,
            fareClassId: fare.fareClassId,
            seats: seated,
          })),
        ),
      });
      await addDeviceToken(trx, booking.id, deviceToken, nowIso);
      const finishToken = await issueBookingLinkToken(
        trx,
        booking.id,
        'finish',
        holdExpiresAt,
        now,
      );
      if (context.userId !== null && input.savePassengers) {
        await this.#options.rememberPassengers(trx, context.userId, passengers, nowIso);
      }
      return { ...booking, finishToken };
    });
    this.#options.metrics.bookingCreated();

    // The flights' own routes and days; the summary adds the routes connecting through them.
    const held = legs.flatMap((leg) => leg.fares);
    this.#options.calendars.refresh(
      held.map((fare) => fare.routeId),
      held.map((fare) => fare.date),
    );
    await this.#sendCreatedMail({
      bookingId: created.id,
      pnr: created.pnr,
      email: input.booker.email,
      firstName: input.booker.firstName,
      locale: context.locale,
      holdExpiresAt,
      finishToken: created.finishToken,
    });
    return { pnr: created.pnr, deviceToken, holdExpiresAt: holdExpiresAt.toISOString() };
  }

  async #sendCreatedMail(mail: {
    bookingId: number;
    pnr: string;
    email: string;
    firstName: string;
    locale: string;
    holdExpiresAt: Date;
    finishToken: string;
  }): Promise<void> {
    try {
      await this.#options.mail.enqueue(this.#db, {
        kind: 'bookingCreated',
        to: mail.email,
        locale: mail.locale,
        firstName: mail.firstName,
        link: `${this.#options.publicUrl}/api/booking/${mail.pnr}/finish/${mail.finishToken}`,
        values: {
          pnr: mail.pnr,
          holdUntil: formatInstant(mail.holdExpiresAt, mail.locale),
        },
      });
      this.#options.mail.kick();
    } catch (error) {
      this.#options.log.error(
        { err: error, bookingId: mail.bookingId },
        'could not queue the booking-created e-mail',
      );
    }
  }
}

/** An instant as the recipient reads it: date and time in their language, in UTC. */
function formatInstant(instant: Date, locale: string): string {
  try {
    return `${new Intl.DateTimeFormat(locale.replace('_', '-'), {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(instant)} UTC`;
  } catch {
    return `${instant.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  }
}
