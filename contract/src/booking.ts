import { z } from 'zod';
import { PAYMENT_PROVIDERS } from '@uniquair/domain/config/payment-providers';
import { BookingStatusSchema, DeviceTokenSchema } from './booking-list.ts';
import { BookingFeedbackSchema } from './booking-manage.ts';
import { BookingChangeSchema } from './booking-changes.ts';
import { BookingScheduleChangeSchema } from './booking-schedule-changes.ts';
import { MoneySchema } from './money.ts';
import { BaggageAllowanceSchema, ExtraCodeSchema } from './flight.ts';
import { SearchHashSchema, YmdSchema } from './search.ts';
import { personNameSchema } from './users.ts';

/**
 * The booking flow (SPEC §2 flow, booking_pay, payment_*, booking, ticket; §3 "Booking"; §8;
 * DESIGN §6): creating a booking from a search, reading it, paying it, and the e-mailed hand-offs.
 *
 * Access: a booking is readable by its owner (signed-in user), by a browser that presents one of
 * the booking's device tokens in the `X-Booking-Tokens` header, or after a hand-off link granted
 * this browser a device token. Everyone else gets 404 NOT_FOUND, as for a PNR that does not exist.
 *
 * Money: every amount is an integer of minor units with its currency. Search and fare prices are
 * in USD; a booking is charged in its charge currency (the selected currency when it is USD, EUR
 * or GBP, otherwise USD; SPEC §9), converted once from the USD total.
 */

/** A PNR as the API takes it: 7 letters or digits, any case (compared upper case). */
export const PnrSchema = z
  .string()
  .regex(/^[A-Za-z0-9]{7}$/, 'A booking reference is 7 letters or digits')
  .transform((pnr) => pnr.toUpperCase())
  .meta({ description: 'Booking reference (PNR), 7 letters or digits.', example: 'K7Q2ZP4' });

export const PnrParamsSchema = z.object({ pnr: PnrSchema });

/** An e-mailed link token: 40 hexadecimal characters (160 bits). */
export const BookingLinkTokenSchema = z.string().regex(/^[0-9a-f]{40}$/, 'Not a link token');

export const BookingHandOffParamsSchema = z.object({
  pnr: PnrSchema,
  token: BookingLinkTokenSchema,
});

/** Header carrying a payment attempt's idempotency key (8–128 visible ASCII characters). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IdempotencyKeySchema = z.string().regex(/^[\x21-\x7E]{8,128}$/);

/** How long a new booking holds its seats (DESIGN §6). */
export const SEAT_HOLD_MINUTES = 15;

/** Passenger types (SPEC §3): 1 adult, 2 child (2–11 on the travel date), 3 infant (under 2). */
export const PassengerTypeIdSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
/** Document types (SPEC §3): 1 passport, 2 national id. */
export const DocumentTypeIdSchema = z.union([z.literal(1), z.literal(2)]);

/** Longest passenger or booker name. */
export const BOOKING_NAME_MAX_LENGTH = 60;
const NameSchema = personNameSchema(BOOKING_NAME_MAX_LENGTH);
/** A name as stored: answers show what was booked, whatever rule held then. */
const StoredNames = { firstName: z.string(), lastName: z.string() };

export const BookingPassengerInputSchema = z.object({
  typeId: PassengerTypeIdSchema,
  titleId: z.number().int().positive(),
  firstName: NameSchema,
  lastName: NameSchema,
  birthDate: YmdSchema,
  /** ISO 3166-1 alpha-2 code of a country of the init data. */
  nationality: z.string().regex(/^[A-Z]{2}$/),
  documentTypeId: DocumentTypeIdSchema,
  documentNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{5,20}$/),
  documentExpiry: YmdSchema,
});

export const BookerInputSchema = z.object({
  firstName: NameSchema,
  lastName: NameSchema,
  email: z.email().max(254),
  /** Country calling code digits without '+', as the countries of the init data carry them. */
  phoneCode: z.string().regex(/^\d{1,4}$/),
  /**
   * The phone number as people write it: national digits (`030 1234567`, `(212) 555-0123`) read
   * with `phoneCode`, or international with `+` or `00` and a calling code (`+49 30 1234567`),
   * which then wins over `phoneCode`. Spaces, dashes, dots, slashes and brackets are ignored.
   * The booking keeps, and answers, the calling code and the national number as digits only.
   */
  phone: z
    .string()
    .max(40)
    .regex(/^[\d\s+()./\u2010-\u2015-]*\d[\d\s+()./\u2010-\u2015-]*$/)
    .meta({
      description:
        'Phone number as written: national (`030 1234567`, read with `phoneCode`) or with `+` or ' +
        '`00` and a calling code (`+49 30 1234567`), which then wins over `phoneCode`. Spaces, ' +
        'dashes, dots, slashes and brackets are ignored; the booking keeps `phoneCode` and the ' +
        'national number as digits. Not a number of the calling code: VALIDATION_ERROR on ' +
        '`body.booker.phone`.',
      example: '+49 30 1234567',
    }),
});

/** A booker as a booking keeps it: the phone as digits, without separators or prefixes. */
const StoredBookerSchema = BookerInputSchema.extend({
  phoneCode: z.string().meta({ description: 'Country calling code digits, without `+`.' }),
  phone: z.string().meta({ description: 'National (significant) number, digits only.' }),
});

export const BookingSelectionSchema = z.object({
  /** Index of the destination (leg) in the search's params, from 0. */
  destinationIndex: z.number().int().min(0),
  flightId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
  /** Fare class letter. */
  fareClass: z.string().regex(/^[A-Z]$/),
});

export const BookingExtraInputSchema = z.object({
  destinationIndex: z.number().int().min(0),
  /** Index in `passengers`, from 0; infants cannot take extras. */
  passengerIndex: z.number().int().min(0),
  code: ExtraCodeSchema,
  quantity: z.number().int().min(1).max(3),
});

/** A total the traveller has seen and accepted: the consent after 'Your booking price has increased'. */
export { MoneySchema } from './money.ts';

/** `POST /api/booking/create`. Client amounts are never used as the price. */
export const CreateBookingRequestSchema = z
  .object({
    searchHash: SearchHashSchema,
    selections: z.array(BookingSelectionSchema).min(1).max(12),
    passengers: z.array(BookingPassengerInputSchema).min(1).max(18),
    booker: BookerInputSchema,
    extras: z.array(BookingExtraInputSchema).max(100).default([]),
    /**
     * The total the traveller accepted after a PRICE_INCREASED answer (its `errors.newTotal`);
     * the booking goes ahead only when the current total is not above it.
     */
    acceptedTotal: MoneySchema.optional(),
    /** Remember these passengers for the signed-in user's next bookings. */
    savePassengers: z.boolean().default(true),
  })
  .meta({ id: 'CreateBookingRequest' });

export const CreateBookingResponseSchema = z
  .object({
    success: z.literal(true),
    pnr: z.string().length(7),
    /**
     * Anonymous bookings: the device booking token to keep (localStorage) and send back in
     * `X-Booking-Tokens`. Signed-in bookings also get one, so the device keeps access offline.
     */
    deviceToken: DeviceTokenSchema,
    holdExpiresAt: z.string().meta({ description: 'When the seat hold ends (ISO 8601).' }),
  })
  .meta({ id: 'CreateBookingResponse' });

/**
 * Errors of create (all in the structured error body):
 * - 409 PRICE_INCREASED: `errors._` = ['Your booking price has increased'], `errors.newTotal` =
 *   [amount as decimal string of minor units, currency], e.g. ['123450', 'EUR'], and
 *   `errors.previousTotal` likewise (the total at search time);
 * - 409 FLIGHT_UNAVAILABLE: `errors['body.selections.<i>']` = ['A flight is no longer available'];
 * - 410 SEARCH_EXPIRED: the search result expired or the inventory changed since;
 * - 400 VALIDATION_ERROR naming `body.passengers.<i>.<field>` (infant must be under 2 on the first
 *   travel date, child 2–11, adult 12 or more; document must not expire before the last travel
 *   date; passenger counts must match the search's; infants not above adults).
 */

export const BookingSegmentSchema = z.object({
  flightNumber: z.string(),
  carrier: z.string(),
  carrierName: z.string(),
  from: z.string(),
  to: z.string(),
  departureLocal: z.string(),
  departureUtc: z.string(),
  arrivalLocal: z.string(),
  arrivalUtc: z.string(),
  duration: z.number().int(),
});

export const BookingFlightSchema = z.object({
  /** Index of the leg in the booking, from 0 (the `flightIndex` of the ticket route). */
  index: z.number().int(),
  date: z.string(),
  from: z.string(),
  to: z.string(),
  fareClass: z.string(),
  cabin: z.string(),
  segments: z.array(BookingSegmentSchema),
  /** Fare per seated passenger, USD minor units. */
  farePrice: z.number().int(),
  /** The fare class's baggage allowance per seated passenger (shown on the e-ticket). */
  baggage: z.object({ cabin: BaggageAllowanceSchema, checked: BaggageAllowanceSchema }).optional(),
  /**
   * Whether the fare's rules let the traveller move this leg to another flight
   * (`GET /api/booking/{pnr}/change-options`).
   */
  changeable: z.boolean().optional(),
});

/**
 * One passenger's e-ticket for one flight segment: a leg of a connection has a ticket per
 * flight, numbered with the prefix of that flight's carrier.
 */
export const BookingTicketSchema = z.object({
  flightIndex: z.number().int(),
  /** Which of the leg's `segments`, from 0. */
  segmentIndex: z.number().int(),
  passengerIndex: z.number().int(),
  /** 13-digit e-ticket number. */
  number: z.string(),
  issuedAt: z.string(),
});

export const BookingPassengerSchema = BookingPassengerInputSchema.extend({
  ...StoredNames,
  index: z.number().int(),
});

export const BookingExtraSchema = BookingExtraInputSchema.extend({
  /** Price of all `quantity`, USD minor units. */
  price: z.number().int(),
});

export const PAYMENT_STATES = [
  'none',
  'pending',
  'requires_action',
  'succeeded',
  'failed',
  'refunded',
] as const;

export const BookingPaymentSchema = z.object({
  method: z.enum(PAYMENT_PROVIDERS),
  state: z.enum(PAYMENT_STATES),
  /** Card payments: brand and last four digits, never more. */
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  updatedAt: z.string(),
});

/** The states of a cancelled booking's refund: asked, sent to the provider, done, or failed (retried). */
export const REFUND_STATES = ['requested', 'processing', 'refunded', 'failed'] as const;

/** A cancelled booking's refund: the amount (charge currency, minor units) and each state reached. */
export const BookingRefundSchema = z
  .object({
    state: z.enum(REFUND_STATES),
    amount: z.number().int().nonnegative(),
    currency: z.string(),
    timeline: z.array(z.object({ state: z.enum(REFUND_STATES), at: z.string() })),
    /**
     * The credit note of the refund (`UQC-2026-000001`) when the booking was invoiced, else null:
     * `GET /api/booking/{pnr}/cancellation-invoice` answers its PDF.
     */
    creditNoteNumber: z.string().nullable(),
  })
  .meta({ id: 'BookingRefund' });

/**
 * `GET /api/booking/{pnr}/get`. Status: `not_paid` (held, payable until `holdExpiresAt`),
 * `paid` (tickets being issued by the team), `ticketed`, `pay_at_airline` (confirmed, payment due
 * to the airline), `expired` (hold ended unpaid, seats freed), `cancelled`.
 */
export const BookingDetailSchema = z
  .object({
    pnr: z.string().length(7),
    status: BookingStatusSchema,
    createdAt: z.string(),
    holdExpiresAt: z.string().nullable(),
    locale: z.string(),
    booker: StoredBookerSchema.extend(StoredNames),
    passengers: z.array(BookingPassengerSchema),
    flights: z.array(BookingFlightSchema),
    extras: z.array(BookingExtraSchema),
    /** Sum of fares and extras, USD minor units. */
    baseTotal: MoneySchema,
    /** What is (or was) charged: the charge currency of SPEC §9. */
    chargeTotal: MoneySchema,
    payments: z.array(BookingPaymentSchema),
    tickets: z.array(BookingTicketSchema),
    /** Whether the requester may pay it now (not paid, hold running, a method enabled). */
    payable: z.boolean(),
    /** The traveller's rating of the booking (`POST /api/booking/{pnr}/feedback`), or null. */
    feedback: BookingFeedbackSchema.nullable(),
    /** The refund of a cancelled booking that had money to give back, else null. */
    refund: BookingRefundSchema.nullable(),
    /** Schedule changes of its legs, oldest first (docs/schedule-changes.md). */
    scheduleChanges: z.array(BookingScheduleChangeSchema),
    /** Voluntary changes of its legs, oldest first (docs/flight-changes.md). */
    flightChanges: z.array(BookingChangeSchema),
    /**
     * The invoice number (`UQ-2026-000001`) once the booking is paid to us, else null; the PDF is
     * `GET /api/booking/{pnr}/invoice`.
     */
    invoiceNumber: z.string().nullable(),
  })
  .meta({ id: 'BookingDetail' });

export const BookingResponseSchema = z
  .object({ success: z.literal(true), booking: BookingDetailSchema })
  .meta({ id: 'BookingResponse' });

/** One way to pay shown on the pay page. */
export const PaymentOptionSchema = z.object({
  method: z.enum(PAYMENT_PROVIDERS),
  amount: z.number().int(),
  currency: z.string(),
  /** `card`: fields tokenised in the browser; `redirect`: a provider page; `offline`: airline. */
  kind: z.enum(['card', 'redirect', 'offline']),
});

/** `GET /api/booking/{pnr}/payment-options`. */
export const PaymentOptionsResponseSchema = z
  .object({
    success: z.literal(true),
    options: z.array(PaymentOptionSchema),
    /**
     * Where the browser sends card fields (holder, number, expMonth, expYear, cvc) with the
     * publishable key, to get a card token; our server never sees the number or the CVV.
     */
    cardTokenization: z.object({ url: z.string(), publishableKey: z.string() }),
  })
  .meta({ id: 'PaymentOptions' });

/** What the gateway's tokenisation endpoint gives back, passed on to `pay`. */
export const CardTokenSchema = z.object({
  token: z.string().regex(/^tok_[A-Za-z0-9]{16,64}$/),
  brand: z.string().max(20),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
});

/** `POST /api/booking/{pnr}/pay` (header `Idempotency-Key`, one per attempt). */
export const PayRequestSchema = z
  .discriminatedUnion('method', [
    z.object({ method: z.literal('CREDIT_CARD'), card: CardTokenSchema }),
    z.object({ method: z.literal('REVOLUT_CREDIT_CARD'), card: CardTokenSchema }),
    z.object({ method: z.literal('PAYPAL') }),
    z.object({ method: z.literal('TRUSTLY') }),
    z.object({ method: z.literal('SILK_PAY') }),
    z.object({ method: z.literal('SILK_PAY_UNION_PAY') }),
    z.object({ method: z.literal('DIRECT_TO_AIRLINE') }),
  ])
  .meta({ id: 'PayRequest' });

/**
 * `pay` answers:
 * - `paid`: the payment succeeded (booking `paid`, tickets follow);
 * - `redirect`: send the browser to `redirectUrl` (3-D Secure challenge: `code` is
 *   `DPO_SECURE_PAYMENT`; PayPal approval, bank or SilkPay page: no code); it comes back through
 *   `/api/booking/{pnr}/payment-return`, which confirms with the gateway and redirects to
 *   `/payment/{pnr}/success|failure|paypal/denied|paypal/funding-denied`;
 * - `pending`: confirmation comes later (bank transfer webhook);
 * - `pay_at_airline`: confirmed, payment due to the airline.
 * Declines are 402 error bodies with codes CARD_DECLINED, CARD_EXPIRED, INSUFFICIENT_FUNDS,
 * CARD_LIMIT_EXCEEDED, NOT_AUTHORIZED_BY_BANK, CHECK_CARD_DETAILS (`errors._` = the SPEC §8 text);
 * 409 BOOKING_ALREADY_PAID ('This booking is already paid'); 410 BOOKING_EXPIRED;
 * 409 PAYMENT_IN_PROGRESS while another attempt on the booking awaits the provider's answer;
 * 400 PAYMENT_METHOD_DISABLED; 502 PAYMENT_FAILED when the provider could not be reached (the
 * attempt stays open; retry with the same key).
 * Idempotency (reference C1, C2): a missing key is 400; the same key with the same body answers
 * the first request's status and body again, byte for byte; with another body 422
 * IDEMPOTENCY_KEY_REUSED; while the first request with the key still runs 409
 * IDEMPOTENCY_KEY_IN_USE.
 */
export const PayResponseSchema = z
  .object({
    success: z.literal(true),
    outcome: z.enum(['paid', 'redirect', 'pending', 'pay_at_airline']),
    code: z.literal('DPO_SECURE_PAYMENT').optional(),
    redirectUrl: z.string().optional(),
    status: BookingStatusSchema,
  })
  .meta({ id: 'PayResponse' });

/** `POST /api/booking/{pnr}/finish/{token}` and `…/login-quick/{pnr}/{token}` (JSON answer). */
export const BookingHandOffResponseSchema = z
  .object({
    success: z.literal(true),
    pnr: z.string().length(7),
    /** A fresh device token for this browser. */
    deviceToken: DeviceTokenSchema,
    /** Where to go: `/booking/{pnr}/pay` (finish) or `/bookings/{pnr}` (login-quick). */
    next: z.string(),
  })
  .meta({ id: 'BookingHandOff' });

/**
 * `POST /api/booking/{pnr}/send-link`: accepted, whether or not the PNR exists; when it does, a
 * new single-use link is on its way to the address the booking was made with.
 */
export const BookingLinkSentResponseSchema = z
  .object({ success: z.literal(true) })
  .meta({ id: 'BookingLinkSent' });

export type CreateBookingRequest = z.input<typeof CreateBookingRequestSchema>;
export type CreateBookingResponse = z.infer<typeof CreateBookingResponseSchema>;
export type BookingPassengerInput = z.infer<typeof BookingPassengerInputSchema>;
export type BookerInput = z.infer<typeof BookerInputSchema>;
export type BookingDetail = z.infer<typeof BookingDetailSchema>;
export type BookingResponse = z.infer<typeof BookingResponseSchema>;
export type PaymentOption = z.infer<typeof PaymentOptionSchema>;
export type PaymentOptionsResponse = z.infer<typeof PaymentOptionsResponseSchema>;
export type CardToken = z.infer<typeof CardTokenSchema>;
export type PayRequest = z.infer<typeof PayRequestSchema>;
export type PayResponse = z.infer<typeof PayResponseSchema>;
export type BookingHandOffResponse = z.infer<typeof BookingHandOffResponseSchema>;
export type Money = z.infer<typeof MoneySchema>;
export type BookingRefund = z.infer<typeof BookingRefundSchema>;
