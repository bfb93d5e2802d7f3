import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  SEAT_HOLD_MINUTES,
  type BookingDetail,
  type BookingSegmentSchema,
  type CreateBookingRequestSchema,
  type PaymentOption,
} from '@uniquair/contract/booking';
import type { BookingExtraDataResponse } from '@uniquair/contract/booking-extra-data';
import type { SearchFlight, SearchResult } from '@uniquair/contract/search';
import { bookingBaseTotal, priceDecision } from '@uniquair/domain/booking/booking-price';
import {
  countPassengerTypes,
  describeCounts,
  passengerProblems,
} from '@uniquair/domain/booking/passenger-rules';
import { generatePnr } from '@uniquair/domain/booking/pnr';
import {
  PAYMENT_PROVIDERS,
  type PaymentProvider,
  type PaymentProviderFlags,
} from '@uniquair/domain/config/payment-providers';
import { PassengerType } from '@uniquair/domain/config/reference-ids';
import { ymdFromUtcDate, type Ymd } from '@uniquair/domain/dates/ymd';
import {
  chargeCurrency,
  convertAmount,
  convertMoney,
  DEFAULT_CURRENCY_CODE,
  type RateTable,
} from '@uniquair/domain/pricing/currency';
import { MAX_SEATED_PASSENGERS, seatedPassengers } from '@uniquair/domain/search/passengers';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { ServiceError } from '../../lib/service-error.ts';
import { secretHash } from '../../lib/secret-hash.ts';
import type { ReferenceSnapshot } from '../data/data.service.ts';
import { fareExtraOf, fareRulesOf } from '../flight/flight.fare-rules.ts';
import type { MailService } from '../mail/mail.service.ts';
import { refreshRouteDayPrices } from '../../db/route-day-prices.ts';
import { rememberPassengers } from '../bookings-list/bookings-list.repository.ts';
import type { SearchService } from '../search/search.service.ts';
import {
  addDeviceToken,
  bookingById,
  bookingByPnr,
  bookingParts,
  consumeBookingLinkToken,
  countUnpaidHolds,
  deviceHasAccess,
  expireBooking,
  insertBooking,
  insertBookingParts,
  issueBookingLinkToken,
  newDeviceToken,
  overdueBookingIds,
  retakeSeatsOf,
  routeDaysOfFareClasses,
  takeSeats,
  type BookingRow,
} from './booking.repository.ts';

export { issueBookingLinkToken, markSeatsSold } from './booking.repository.ts';

type CreateBookingInput = z.output<typeof CreateBookingRequestSchema>;
type BookingSegment = z.infer<typeof BookingSegmentSchema>;

/** Inventory flights have numeric ids (their row ids); other suppliers' ids carry a prefix. */
const INVENTORY_ID = /^[1-9]\d{0,15}$/;
/** PNRs tried before giving up (31^7 ≈ 27 billion: a clash is already rare). */
const PNR_ATTEMPTS = 8;
/** Overdue bookings expired per sweep round. */
const SWEEP_BATCH = 100;

const UNAVAILABLE = 'A flight is no longer available';
const PRICE_INCREASED = 'Your booking price has increased';

/** How each payment method is paid on the pay page. */
export const PAYMENT_KIND: Readonly<Record<PaymentProvider, PaymentOption['kind']>> = {
  CREDIT_CARD: 'card',
  REVOLUT_CREDIT_CARD: 'card',
  PAYPAL: 'redirect',
  TRUSTLY: 'redirect',
  SILK_PAY: 'redirect',
  SILK_PAY_UNION_PAY: 'redirect',
  DIRECT_TO_AIRLINE: 'offline',
};

/** Who is asking: a signed-in user and/or the device booking tokens the browser sent. */
export interface Viewer {
  userId: number | null;
  deviceTokens: readonly string[];
}

export interface CreateContext extends Viewer {
  /** Keyed hash of the client address (unpaid-hold caps per client). */
  clientHash: string | null;
  affiliateId: number | null;
  /** The visitor's locale (the booking's e-mails are written in it). */
  locale: string;
  /** The visitor's selected currency; the charge currency follows from it. */
  currency: string;
}

export interface BookingServiceOptions {
  db: Kysely<Database>;
  search: SearchService;
  mail: MailService;
  now: () => Date;
  log: FastifyBaseLogger;
  publicUrl: string;
  reference: () => Promise<ReferenceSnapshot>;
  paymentProviders: PaymentProviderFlags;
  /** Unpaid bookings holding seats per user or device, and per client; 0 for no limit. */
  maxUnpaidPerTraveller: number;
  maxUnpaidPerClient: number;
}

interface ChosenLeg {
  selectionIndex: number;
  destinationIndex: number;
  flight: SearchFlight;
  route: number;
  date: Ymd;
  flightId: number;
  fareClassId: number;
  letter: string;
  cabin: string;
  /** Current fare of one seat, USD minor units. */
  fare: number;
  /** The same fare in the search result (what the traveller was shown), USD minor units. */
  quotedFare: number;
}

function rateTable(snapshot: ReferenceSnapshot): RateTable {
  return Object.fromEntries(snapshot.currencies.map((currency) => [currency.code, currency.rate]));
}

function toUsd(amount: number, currency: string, rates: RateTable): number {
  return currency === DEFAULT_CURRENCY_CODE
    ? amount
    : convertMoney({ amount, currency }, DEFAULT_CURRENCY_CODE, rates).amount;
}

/** The payment state a traveller sees of one stored payment attempt. */
function paymentState(status: string): BookingDetail['payments'][number]['state'] {
  switch (status) {
    case 'requires_action':
    case 'succeeded':
    case 'failed':
    case 'refunded':
      return status;
    case 'processing':
    case 'pending':
      return 'pending';
    default:
      return 'none';
  }
}

/**
 * Bookings (SPEC §2, §3, §7; DESIGN §6): creating one from a search with seats held all or nothing,
 * reading it (owner or device token only; everyone else 404 as for an unknown PNR), its extras and
 * payment options, the e-mailed hand-offs, and the hold life cycle (expiry, re-taking seats,
 * selling them). Price and charge are always computed here; client amounts are never used.
 */
export class BookingService {
  readonly #options: BookingServiceOptions;
  readonly #db: Kysely<Database>;
  #refreshing: Promise<void> = Promise.resolve();
  #pendingRefresh: { routes: Set<number>; dates: Set<string> } | null = null;

  constructor(options: BookingServiceOptions) {
    this.#options = options;
    this.#db = options.db;
  }

  #now(): Date {
    return this.#options.now();
  }

  // ---------------------------------------------------------------- create

  /**
   * `POST /api/booking/create`. Checks the selections against the search (finished, unexpired;
   * one selection per destination; each flight in its destination's results and still the same
   * inventory flight), the passengers (counts by type as searched, per-passenger rules), the
   * extras, and the hoarding caps; prices the booking from the current fares; then takes the
   * seats and writes the booking in one transaction (all or nothing). The booking-created e-mail
   * and the price calendars follow after commit; neither can fail the booking.
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
    const errors: Record<string, string[]> = {};
    const fail = (field: string, message: string) => {
      (errors[field] ??= []).push(message);
    };

    // Passengers: the counts searched, and each passenger's own rules.
    const counts = countPassengerTypes(input.passengers);
    const searched = result.passengers;
    if (
      counts.adults !== searched.adults ||
      counts.children !== searched.children ||
      counts.infants !== searched.infants
    ) {
      fail(
        'body.passengers',
        `The search is for ${describeCounts(searched)}; the passengers are ${describeCounts(counts)}`,
      );
    }
    if (seatedPassengers(counts) > MAX_SEATED_PASSENGERS) {
      fail('body.passengers', `At most ${MAX_SEATED_PASSENGERS} adults and children per booking`);
    }

    // Selections: exactly one per destination, each a flight of that destination's results.
    const unbookable: number[] = [];
    const chosen: (Omit<ChosenLeg, 'flightId' | 'fareClassId' | 'cabin' | 'fare'> | null)[] =
      input.selections.map((selection, index) => {
        const field = `body.selections.${index}`;
        const destination = result.results[selection.destinationIndex];
        if (!destination) {
          fail(`${field}.destinationIndex`, 'No such destination in this search');
          return null;
        }
        if (
          input.selections.findIndex((s) => s.destinationIndex === selection.destinationIndex) !==
          index
        ) {
          fail(`${field}.destinationIndex`, 'Only one flight can be chosen per destination');
          return null;
        }
        const flight = destination.flights.find((candidate) => candidate.id === selection.flightId);
        if (!flight) {
          fail(`${field}.flightId`, 'This flight is not in the results of this destination');
          return null;
        }
        if (!INVENTORY_ID.test(flight.id)) {
          // A partner's flight found by the search: no seats of ours to hold.
          unbookable.push(index);
          return null;
        }
        const quoted = flight.fareClasses.find((fare) => fare.letter === selection.fareClass);
        return {
          selectionIndex: index,
          destinationIndex: selection.destinationIndex,
          flight,
          route: destination.route,
          date: destination.date as Ymd,
          letter: selection.fareClass,
          quotedFare: quoted?.price ?? -1,
        };
      });
    result.results.forEach((_, index) => {
      if (!input.selections.some((selection) => selection.destinationIndex === index)) {
        fail('body.selections', `Choose a flight for destination ${index + 1}`);
      }
    });

    const dates = result.results.map((destination) => destination.date as Ymd);
    const firstTravelDate = dates.reduce((a, b) => (b < a ? b : a));
    const lastTravelDate = dates.reduce((a, b) => (b > a ? b : a));
    const countries = new Set(reference.countries.map((country) => country.code));
    const titles = new Set(reference.titles.map((title) => title.id));
    const today = ymdFromUtcDate(this.#now());
    input.passengers.forEach((passenger, index) => {
      for (const problem of passengerProblems(
        {
          typeId: passenger.typeId,
          titleId: passenger.titleId,
          birthDate: passenger.birthDate as Ymd,
          nationality: passenger.nationality,
          documentExpiry: passenger.documentExpiry as Ymd,
        },
        { today, firstTravelDate, lastTravelDate },
        { isCountry: (code) => countries.has(code), isTitle: (id) => titles.has(id) },
      )) {
        fail(`body.passengers.${index}.${problem.field}`, problem.message);
      }
    });
    if (!countries.has(countryOfPhoneCode(reference, input.booker.phoneCode))) {
      fail('body.booker.phoneCode', 'Choose a country calling code from the list');
    }
    if (Object.keys(errors).length > 0) {
      throw new ServiceError('VALIDATION_ERROR', 'The booking is not valid', errors);
    }
    if (unbookable.length > 0) {
      throw new ServiceError(
        'FLIGHT_UNAVAILABLE',
        UNAVAILABLE,
        Object.fromEntries(unbookable.map((index) => [`body.selections.${index}`, [UNAVAILABLE]])),
      );
    }
    const picked = chosen as NonNullable<(typeof chosen)[number]>[];

    // The inventory as it is now: the same flights, their fare classes' current prices.
    const flightIds = picked.map((leg) => Number(leg.flight.id));
    const [flightRows, fareRows] = await Promise.all([
      this.#db
        .selectFrom('flights')
        .select(['id', 'flight_number', 'departure_utc', 'route_id', 'departure_date'])
        .where('id', 'in', flightIds)
        .execute(),
      this.#db
        .selectFrom('fare_classes')
        .select(['id', 'flight_id', 'letter', 'cabin', 'price_minor', 'currency', 'seats_left'])
        .where('flight_id', 'in', flightIds)
        .execute(),
    ]);
    for (const leg of picked) {
      const row = flightRows.find((flight) => flight.id === Number(leg.flight.id));
      const first = leg.flight.segments[0];
      if (
        !row ||
        row.flight_number !== first?.flightNumber ||
        row.departure_utc !== first.departureUtc
      ) {
        throw new ServiceError('SEARCH_EXPIRED', 'The inventory changed since the search', {
          'body.searchHash': ['Search result expired'],
        });
      }
    }
    const rates = rateTable(reference);
    const legs: ChosenLeg[] = [];
    for (const leg of picked) {
      const fare = fareRows.find(
        (row) => row.flight_id === Number(leg.flight.id) && row.letter === leg.letter,
      );
      if (!fare) {
        fail(
          `body.selections.${leg.selectionIndex}.fareClass`,
          'No such fare class on this flight',
        );
        continue;
      }
      const current = toUsd(fare.price_minor, fare.currency, rates);
      legs.push({
        ...leg,
        flightId: fare.flight_id,
        fareClassId: Number(fare.id),
        cabin: fare.cabin,
        fare: current,
        quotedFare: leg.quotedFare < 0 ? current : leg.quotedFare,
      });
    }

    // Extras: priced with the fare rules of the leg they are for.
    const extras = input.extras.map((extra, index) => {
      const field = `body.extras.${index}`;
      const leg = legs.find((candidate) => candidate.destinationIndex === extra.destinationIndex);
      const passenger = input.passengers[extra.passengerIndex];
      if (!leg) {
        fail(`${field}.destinationIndex`, 'No flight is chosen for this destination');
        return null;
      }
      if (!passenger) {
        fail(`${field}.passengerIndex`, 'No such passenger');
        return null;
      }
      if (passenger.typeId === PassengerType.infant) {
        fail(`${field}.passengerIndex`, 'Infants cannot have extras');
        return null;
      }
      const offer = fareExtraOf(leg.letter, extra.code);
      if (!offer) {
        fail(`${field}.code`, 'This fare does not sell this extra');
        return null;
      }
      const same = input.extras
        .filter(
          (other) =>
            other.destinationIndex === extra.destinationIndex &&
            other.passengerIndex === extra.passengerIndex &&
            other.code === extra.code,
        )
        .reduce((sum, other) => sum + other.quantity, 0);
      if (same > offer.maxPerPassenger) {
        fail(`${field}.quantity`, `At most ${offer.maxPerPassenger} per passenger on this flight`);
        return null;
      }
      return { ...extra, unitPrice: offer.price };
    });
    if (Object.keys(errors).length > 0) {
      throw new ServiceError('VALIDATION_ERROR', 'The booking is not valid', errors);
    }
    const pricedExtras = extras as NonNullable<(typeof extras)[number]>[];

    // Price: current fares; compared with the same fares at search time.
    const baseTotal = bookingBaseTotal(
      legs.map((leg) => ({ fare: leg.fare })),
      counts,
      pricedExtras,
    );
    const quotedTotal = bookingBaseTotal(
      legs.map((leg) => ({ fare: leg.quotedFare })),
      counts,
      pricedExtras,
    );
    const charge = chargeCurrency(context.currency);
    const rateOf = (code: string) => {
      const rate = rates[code];
      if (rate === undefined) throw new Error(`No exchange rate for ${code}`);
      return { code, rate };
    };
    const chargeOf = (usd: number) =>
      convertAmount(usd, rateOf(DEFAULT_CURRENCY_CODE), rateOf(charge));
    const chargeTotal = chargeOf(baseTotal);
    if (
      priceDecision({
        currentBase: baseTotal,
        quotedBase: quotedTotal,
        currentCharge: { amount: chargeTotal, currency: charge },
        accepted: input.acceptedTotal,
      }) === 'increased'
    ) {
      throw new ServiceError('PRICE_INCREASED', PRICE_INCREASED, {
        _: [PRICE_INCREASED],
        newTotal: [String(chargeTotal), charge],
        previousTotal: [String(chargeOf(quotedTotal)), charge],
      });
    }

    // Hoarding caps (reference INV-5): unpaid bookings still holding seats.
    const now = this.#now();
    const nowIso = now.toISOString();
    const deviceHashes = context.deviceTokens.map((token) => secretHash(token));
    const { maxUnpaidPerTraveller, maxUnpaidPerClient } = this.#options;
    if (maxUnpaidPerTraveller > 0 || maxUnpaidPerClient > 0) {
      const unpaid = await countUnpaidHolds(
        this.#db,
        { userId: context.userId, deviceTokenHashes: deviceHashes, clientHash: context.clientHash },
        nowIso,
      );
      if (
        (maxUnpaidPerTraveller > 0 && unpaid.traveller >= maxUnpaidPerTraveller) ||
        (maxUnpaidPerClient > 0 && unpaid.client >= maxUnpaidPerClient)
      ) {
        const message =
          'Too many unpaid bookings are holding seats; pay one or wait for its hold to end';
        throw new TooManyHolds(
          message,
          unpaid.firstEnd === null
            ? 60
            : Math.max(1, Math.ceil((Date.parse(unpaid.firstEnd) - now.getTime()) / 1000)),
        );
      }
    }

    const seated = seatedPassengers(counts);
    const holdExpiresAt = new Date(now.getTime() + SEAT_HOLD_MINUTES * 60_000);
    const deviceToken = newDeviceToken();
    const carriers = new Map(
      (
        await this.#db
          .selectFrom('carriers')
          .select(['code', 'name'])
          .where('code', 'in', [
            ...new Set(legs.flatMap((leg) => leg.flight.segments.map((s) => s.carrier))),
          ])
          .execute()
      ).map((row) => [row.code, row.name]),
    );
    const ordered = [...legs].sort((a, b) => a.destinationIndex - b.destinationIndex);
    const firstLeg = ordered[0] as ChosenLeg;
    const lastLeg = ordered[ordered.length - 1] as ChosenLeg;
    const firstSegment = firstLeg.flight.segments[0];
    const lastSegment = lastLeg.flight.segments[lastLeg.flight.segments.length - 1];

    const created = await this.#db.transaction().execute(async (trx) => {
      // The seats first: on SQLite the first write takes the database's write lock at once.
      const short = await takeSeats(
        trx,
        legs.map((leg) => ({ fareClassId: leg.fareClassId, seats: seated })),
      );
      if (short !== null) {
        const leg = legs.find((candidate) => candidate.fareClassId === short) as ChosenLeg;
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
          booker_phone: input.booker.phone,
          booker_phone_code: input.booker.phoneCode,
          currency: charge,
          total_minor: chargeTotal,
          base_currency: DEFAULT_CURRENCY_CODE,
          base_total_minor: baseTotal,
          affiliate_id: context.affiliateId,
          origin_airport: firstSegment?.from ?? '',
          destination_airport: lastSegment?.to ?? '',
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
        passengers: input.passengers.map((passenger, index) => ({
          booking_id: booking.id,
          position: index + 1,
          passenger_type_id: passenger.typeId,
          title_id: passenger.titleId,
          first_name: passenger.firstName,
          last_name: passenger.lastName,
          birth_date: passenger.birthDate as Ymd,
          nationality: passenger.nationality,
          document_type_id: passenger.documentTypeId,
          document_number: passenger.documentNumber.toUpperCase(),
          document_expiry: passenger.documentExpiry as Ymd,
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
          segments: JSON.stringify(
            leg.flight.segments.map((segment): BookingSegment => ({
              ...segment,
              carrierName: carriers.get(segment.carrier) ?? segment.carrier,
            })),
          ),
        })),
        extras: pricedExtras.map((extra) => ({
          booking_id: booking.id,
          destination_index: extra.destinationIndex,
          passenger_index: extra.passengerIndex,
          code: extra.code,
          quantity: extra.quantity,
          price_minor: extra.unitPrice * extra.quantity,
        })),
        holds: legs.map((leg) => ({
          bookingId: booking.id,
          fareClassId: leg.fareClassId,
          seats: seated,
        })),
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
        await rememberPassengers(
          trx,
          context.userId,
          input.passengers.map((passenger) => ({
            passenger_type_id: passenger.typeId,
            title_id: passenger.titleId,
            first_name: passenger.firstName,
            last_name: passenger.lastName,
            birth_date: passenger.birthDate as Ymd,
            nationality: passenger.nationality,
            document_type_id: passenger.documentTypeId,
            document_number: passenger.documentNumber.toUpperCase(),
            document_expiry: passenger.documentExpiry as Ymd,
          })),
          nowIso,
        );
      }
      return { ...booking, finishToken };
    });

    this.refreshCalendars(
      legs.map((leg) => leg.route),
      legs.map((leg) => leg.date),
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

  /**
   * Rebuilds the price calendars of these routes and days after seats changed, outside the
   * booking's transaction and one refresh at a time in this process (concurrent rebuilds of the
   * same day would clash on its summary row); requests made while one runs are merged into the
   * next. A failure is logged: the next change of those days rebuilds them again.
   */
  refreshCalendars(routeIds: readonly number[], dates: readonly string[]): void {
    if (routeIds.length === 0 || dates.length === 0) return;
    if (this.#pendingRefresh === null) {
      this.#pendingRefresh = { routes: new Set(), dates: new Set() };
      this.#refreshing = this.#refreshing.then(async () => {
        const pending = this.#pendingRefresh;
        this.#pendingRefresh = null;
        if (pending === null) return;
        try {
          await refreshRouteDayPrices(this.#db, [...pending.routes], [...pending.dates] as Ymd[]);
        } catch (error) {
          this.#options.log.warn({ err: error }, 'could not refresh the price calendars');
        }
      });
    }
    for (const route of routeIds) this.#pendingRefresh.routes.add(route);
    for (const date of dates) this.#pendingRefresh.dates.add(date);
  }

  /** Resolves when the calendar refreshes asked for so far are done (tests, shutdown). */
  async calendarsSettled(): Promise<void> {
    let current: Promise<void>;
    do {
      current = this.#refreshing;
      await current;
    } while (current !== this.#refreshing);
  }

  // ---------------------------------------------------------------- read

  /**
   * The booking with this PNR when the viewer may see it: its owner, or a device presenting one
   * of its device tokens. Anyone else gets NOT_FOUND, exactly as for a PNR that does not exist.
   * An unpaid booking whose hold is over is expired here (seats given back) before it is shown.
   */
  async open(pnr: string, viewer: Viewer): Promise<BookingRow> {
    const row = await bookingByPnr(this.#db, pnr);
    const allowed =
      row !== undefined &&
      ((viewer.userId !== null && row.owner_user_id === viewer.userId) ||
        (await deviceHasAccess(
          this.#db,
          row,
          viewer.deviceTokens.map((token) => secretHash(token)),
        )));
    if (!allowed) throw notFound();
    const now = this.#now().toISOString();
    if (row.status === 'not_paid' && row.hold_expires_at !== null && row.hold_expires_at <= now) {
      await this.#expire(row.id, now);
      return (await bookingById(this.#db, row.id)) ?? row;
    }
    return row;
  }

  /** `GET /api/booking/{pnr}/get`. */
  async detail(pnr: string, viewer: Viewer): Promise<BookingDetail> {
    const row = await this.open(pnr, viewer);
    const parts = await bookingParts(this.#db, row.id);
    const now = this.#now().toISOString();
    return {
      pnr: row.pnr,
      status: row.status,
      createdAt: row.created_at,
      holdExpiresAt: row.hold_expires_at,
      locale: row.locale,
      booker: {
        firstName: row.booker_first_name,
        lastName: row.booker_last_name,
        email: row.booker_email,
        phoneCode: row.booker_phone_code ?? '',
        phone: row.booker_phone ?? '',
      },
      passengers: parts.passengers.map((passenger, index) => ({
        index,
        typeId: passenger.passenger_type_id as 1 | 2 | 3,
        titleId: passenger.title_id ?? 0,
        firstName: passenger.first_name,
        lastName: passenger.last_name,
        birthDate: passenger.birth_date ?? '',
        nationality: passenger.nationality ?? '',
        documentTypeId: (passenger.document_type_id ?? 1) as 1 | 2,
        documentNumber: passenger.document_number ?? '',
        documentExpiry: passenger.document_expiry ?? '',
      })),
      flights: parts.flights.map((flight) => ({
        index: flight.position,
        date: flight.date,
        from: flight.from_airport,
        to: flight.to_airport,
        fareClass: flight.fare_letter,
        cabin: flight.cabin,
        segments: JSON.parse(flight.segments) as BookingSegment[],
        farePrice: Number(flight.fare_price_minor),
      })),
      extras: parts.extras.map((extra) => ({
        destinationIndex: extra.destination_index,
        passengerIndex: extra.passenger_index,
        code: extra.code as 'checked_bag',
        quantity: extra.quantity,
        price: Number(extra.price_minor),
      })),
      baseTotal: { amount: Number(row.base_total_minor), currency: row.base_currency },
      chargeTotal: { amount: Number(row.total_minor), currency: row.currency },
      payments: parts.payments.map((payment) => ({
        method: payment.method as PaymentProvider,
        state: paymentState(payment.status),
        cardBrand: payment.card_brand,
        cardLast4: payment.card_last4,
        amount: Number(payment.amount_minor),
        currency: payment.currency,
        updatedAt: payment.updated_at,
      })),
      tickets: parts.tickets.map((ticket) => ({
        flightIndex: ticket.flight_index,
        passengerIndex: ticket.passenger_index,
        number: ticket.number,
        issuedAt: ticket.issued_at,
      })),
      payable: this.#payable(row, now),
    };
  }

  #payable(row: BookingRow, now: string): boolean {
    return (
      row.status === 'not_paid' &&
      row.hold_expires_at !== null &&
      row.hold_expires_at > now &&
      this.enabledMethods().length > 0
    );
  }

  /** The payment methods enabled by configuration, in the contract's order. */
  enabledMethods(): PaymentProvider[] {
    return PAYMENT_PROVIDERS.filter((method) => this.#options.paymentProviders[method]);
  }

  /**
   * `GET /api/booking/{pnr}/extra-data`: what was bought on top of the fares, and per leg the
   * fare's conditions, baggage allowance and the extras it sells.
   */
  async extraData(pnr: string, viewer: Viewer): Promise<BookingExtraDataResponse> {
    const row = await this.open(pnr, viewer);
    const parts = await bookingParts(this.#db, row.id);
    return {
      success: true,
      pnr: row.pnr,
      currency: row.base_currency,
      extras: parts.extras.map((extra) => ({
        destinationIndex: extra.destination_index,
        passengerIndex: extra.passenger_index,
        code: extra.code as 'checked_bag',
        quantity: extra.quantity,
        price: Number(extra.price_minor),
      })),
      legs: parts.flights.map((flight) => {
        const rules = fareRulesOf(flight.fare_letter);
        return {
          index: flight.position,
          destinationIndex: flight.destination_index,
          from: flight.from_airport,
          to: flight.to_airport,
          date: flight.date,
          fareClass: flight.fare_letter,
          cabin: flight.cabin,
          conditions: {
            refundable: rules.refundable,
            refundFee: rules.refundFee,
            changeable: rules.changeable,
            changeFee: rules.changeFee,
          },
          baggage: { cabin: rules.cabinBags, checked: rules.checkedBags },
          extrasOffered: rules.extras.map((extra) => ({ ...extra })),
        };
      }),
    };
  }

  /**
   * `GET /api/booking/{pnr}/payment-options`: every enabled method with the amount and currency
   * it charges (the booking's charge; paying the airline shows the same amount).
   */
  async paymentOptions(pnr: string, viewer: Viewer): Promise<PaymentOption[]> {
    const row = await this.open(pnr, viewer);
    return this.enabledMethods().map((method) => ({
      method,
      amount: Number(row.total_minor),
      currency: row.currency,
      kind: PAYMENT_KIND[method],
    }));
  }

  // ---------------------------------------------------------------- hand-offs

  /**
   * Uses an e-mailed link (single use, expiring): grants this browser a new device token for the
   * booking. LINK_EXPIRED for a token that is unknown, used, expired, of another purpose or of
   * another booking, all alike.
   */
  async handOff(
    pnr: string,
    token: string,
    purpose: 'finish' | 'login_quick',
  ): Promise<{ pnr: string; deviceToken: string; next: string }> {
    const now = this.#now().toISOString();
    const bookingId = await consumeBookingLinkToken(this.#db, pnr, token, purpose, now);
    if (bookingId === null) {
      const message = 'This link has expired or has already been used';
      throw new ServiceError('LINK_EXPIRED', message, { _: [message] });
    }
    const deviceToken = newDeviceToken();
    await addDeviceToken(this.#db, bookingId, deviceToken, now);
    return {
      pnr,
      deviceToken,
      next: purpose === 'finish' ? `/booking/${pnr}/pay` : `/bookings/${pnr}`,
    };
  }

  // ---------------------------------------------------------------- holds

  async #expire(bookingId: number, now: string): Promise<boolean> {
    const released = await expireBooking(this.#db, bookingId, now);
    if (released === null) return false;
    const days = await routeDaysOfFareClasses(this.#db, released);
    this.refreshCalendars(
      days.map((day) => day.route_id),
      days.map((day) => day.departure_date),
    );
    return true;
  }

  /**
   * Expires every unpaid booking whose hold ended at or before `now`: status `expired`, holds
   * `released`, seats given back, calendars refreshed. Safe to run in several processes at once
   * (each booking is expired by one conditional update). Answers how many were expired.
   */
  async expireOverdueHolds(now: Date = this.#now()): Promise<number> {
    const at = now.toISOString();
    let expired = 0;
    for (;;) {
      const ids = await overdueBookingIds(this.#db, at, SWEEP_BATCH);
      for (const id of ids) if (await this.#expire(id, at)) expired += 1;
      if (ids.length < SWEEP_BATCH) return expired;
    }
  }

  /**
   * Re-takes the seats of an expired booking, all or nothing (a payment completed after its hold
   * ended): true when every seat was taken again (the booking is `not_paid` with a new hold, for
   * the payment to mark it paid and call {@link markSeatsSold}); false, changing nothing, when the
   * booking is not expired or a flight no longer has the seats (refund the payment). Given a
   * transaction, it runs in it and the caller must roll back on false.
   */
  async retakeSeats(bookingId: number, db: Kysely<Database> = this.#db): Promise<boolean> {
    const now = this.#now();
    const outcome = await retakeSeatsOf(
      db,
      bookingId,
      now.toISOString(),
      new Date(now.getTime() + SEAT_HOLD_MINUTES * 60_000).toISOString(),
    );
    if (outcome.ok) {
      const days = await routeDaysOfFareClasses(db, outcome.fareClassIds);
      this.refreshCalendars(
        days.map((day) => day.route_id),
        days.map((day) => day.departure_date),
      );
    }
    return outcome.ok;
  }
}

/** The hoarding cap was reached; `retryAfterSeconds` is when the first of those holds ends. */
export class TooManyHolds extends ServiceError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super('TOO_MANY_REQUESTS', message, { _: [message] });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

function notFound(): ServiceError {
  return new ServiceError('NOT_FOUND', 'No such booking', { pnr: ['No such booking'] });
}

/** Some country with this calling code ('44' → 'GB'); '' when none has it. */
function countryOfPhoneCode(reference: ReferenceSnapshot, phoneCode: string): string {
  return reference.countries.find((country) => country.phoneCode === phoneCode)?.code ?? '';
}

/** An instant as the recipient reads it: date and time in their language, in UTC. */
export function formatInstant(instant: Date, locale: string): string {
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
