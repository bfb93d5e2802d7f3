import { z } from 'zod';
import { YmdSchema } from './search.ts';

/**
 * Schedule changes (docs/schedule-changes.md): an operator retimes or cancels a flight through the
 * airline partner API, every booking on it gets a change per leg, and the traveller answers it in
 * one tap: accept the new time, or move to a substitute flight of the same route from 3 days
 * before to 3 days after the original date, in the same or a higher class, at no extra charge.
 * (The third answer, cancelling with a full refund, belongs to the cancellation routes.)
 */

/** An instant in UTC, ISO 8601 with a zone (`2026-12-01T07:05:00.000Z`). */
export const InstantSchema = z.iso.datetime({ offset: true });

export const ScheduleTimesSchema = z.object({
  departureUtc: z.string(),
  arrivalUtc: z.string(),
  /** The same instants on the airports' wall clocks (`2026-12-01T07:05`), for display. */
  departureLocal: z.string(),
  arrivalLocal: z.string(),
});

/** The traveller's answer, or null while unanswered. */
export const SCHEDULE_CHANGE_ANSWERS = [
  'accepted',
  'substituted',
  'cancelled',
  'superseded',
] as const;

/** One change of a booked leg, as `GET /api/booking/{pnr}/get` lists it (oldest first). */
export const BookingScheduleChangeSchema = z.object({
  /** The leg (`flights[].index`). */
  flightIndex: z.number().int(),
  /** The leg's times as booked before the change. */
  old: ScheduleTimesSchema,
  /** The new times, or null when the flight was cancelled or the connection missed. */
  new: ScheduleTimesSchema.nullable(),
  /**
   * True when new times of one flight of a connection leave too little (or more than a day's)
   * time at a stop: the journey cannot be flown as booked (`new` is null).
   */
  missedConnection: z.boolean(),
  answered: z.boolean(),
  answer: z.enum(SCHEDULE_CHANGE_ANSWERS).nullable(),
  createdAt: z.string(),
});
export type BookingScheduleChange = z.infer<typeof BookingScheduleChangeSchema>;

/** `POST /api/airline/flights/{flightId}/schedule-change`: new times, or a cancellation. */
export const ScheduleChangeRequestSchema = z
  .union([
    z.strictObject({ departureUtc: InstantSchema, arrivalUtc: InstantSchema }),
    z.strictObject({ cancelled: z.literal(true) }),
  ])
  .meta({
    id: 'ScheduleChangeRequest',
    description: 'Either `{departureUtc, arrivalUtc}` (retime) or `{cancelled: true}`.',
  });
export type ScheduleChangeRequest = z.infer<typeof ScheduleChangeRequestSchema>;

export const FlightIdParamsSchema = z.object({
  flightId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const ScheduleChangeResponseSchema = z
  .object({
    success: z.literal(true),
    flightId: z.number().int(),
    /** `retimed` or `cancelled`. */
    change: z.enum(['retimed', 'cancelled']),
    /** The flight's times now (the old ones when cancelled). */
    departureUtc: z.string(),
    arrivalUtc: z.string(),
    /** Bookings given a change record (each notified by e-mail and push). */
    bookingsAffected: z.number().int().nonnegative(),
  })
  .meta({ id: 'ScheduleChangeResponse' });
export type ScheduleChangeResponse = z.infer<typeof ScheduleChangeResponseSchema>;

export const FlightIndexSchema = z.number().int().nonnegative().max(20);

/** `POST /api/booking/{pnr}/schedule-change/accept`. */
export const AcceptScheduleChangeRequestSchema = z
  .strictObject({ flightIndex: FlightIndexSchema })
  .meta({ id: 'AcceptScheduleChangeRequest' });

/** `GET /api/booking/{pnr}/substitutes?flightIndex=N`. */
export const SubstitutesQuerySchema = z.object({
  flightIndex: z.coerce.number().int().nonnegative().max(20),
});

export const SubstituteFlightSchema = z.object({
  /**
   * Inventory flight id, or a connection's flight ids joined by `-` (pass it to
   * `POST …/substitute`).
   */
  flightId: z.string(),
  /** Local departure date at the origin. */
  date: YmdSchema,
  departureUtc: z.string(),
  /** Local departure and arrival (`2026-12-01T07:05`), for display. */
  departureLocal: z.string(),
  arrivalUtc: z.string(),
  arrivalLocal: z.string(),
  flightNumber: z.string(),
  stops: z.number().int(),
  /** The class offered: the booked one when it has seats, else the lowest higher one that has. */
  fareClass: z.string(),
  cabin: z.string(),
  seatsLeft: z.number().int().nonnegative(),
});
export type SubstituteFlight = z.infer<typeof SubstituteFlightSchema>;

export const SubstitutesResponseSchema = z
  .object({ success: z.literal(true), flights: z.array(SubstituteFlightSchema) })
  .meta({ id: 'SubstitutesResponse' });

/** `POST /api/booking/{pnr}/substitute`. */
export const SubstituteRequestSchema = z
  .strictObject({
    flightIndex: FlightIndexSchema,
    /** A substitute's `flightId`: one inventory flight, or a connection's (`812-9051`). */
    flightId: z.string().regex(/^\d{1,10}(-\d{1,10}){0,2}$/, 'Not a flight id'),
    fareClass: z.string().regex(/^[A-Z]$/, 'Not a fare class'),
  })
  .meta({ id: 'SubstituteRequest' });

/** What both answers return: the booking's changes after the answer. */
export const ScheduleChangeAnswerResponseSchema = z
  .object({ success: z.literal(true), scheduleChanges: z.array(BookingScheduleChangeSchema) })
  .meta({ id: 'ScheduleChangeAnswerResponse' });
