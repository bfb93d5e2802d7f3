import type { Kysely } from 'kysely';
import type { BookingSegmentSchema } from '@uniquair/contract/booking';
import type { BookingScheduleChange } from '@uniquair/contract/booking-schedule-changes';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { flightTimesJson } from '../../lib/network-json.ts';
import { formatClock, ZoneClock } from '../../db/seed/time-zones.ts';
import {
  answerChange,
  changesOfBooking,
  hasUnansweredChange,
  legZones,
  type ScheduleChangeRow,
  type SegmentTimes,
  type SegmentWithZones,
} from './booking.schedule-change-repository.ts';

/**
 * The parts of schedule changes without a transaction of their own (docs/schedule-changes.md):
 * how a change reads, what other features ask of it, and the times of a retimed flight's legs.
 */

type BookingSegment = z.infer<typeof BookingSegmentSchema>;

const MINUTE_MS = 60_000;

/**
 * Whether a booking has a schedule change nobody answered yet: the cancellation quote asks it to
 * refund such a booking in full whatever its fare (docs/schedule-changes.md).
 */
export function hasUnansweredScheduleChange(
  db: Kysely<Database>,
  bookingId: number,
): Promise<boolean> {
  return hasUnansweredChange(db, bookingId);
}

/**
 * Records that a booking's unanswered changes were answered by cancelling it (the cancellation
 * feature calls this in its own transaction). Answers how many changes it closed.
 */
export async function closeScheduleChangesByCancellation(
  trx: Kysely<Database>,
  bookingId: number,
  now: Date,
): Promise<number> {
  let closed = 0;
  for (const change of await changesOfBooking(trx, bookingId)) {
    if (change.answer !== null) continue;
    if (await answerChange(trx, Number(change.id), 'cancelled', now.toISOString())) closed += 1;
  }
  return closed;
}

/** `2026-12-01T07:05` on the wall clock of a time zone (UTC when it is unknown). */
function wallClock(instant: string, timeZone: string | undefined): string {
  const local = new ZoneClock(timeZone ?? 'UTC').toLocal(Date.parse(instant));
  return `${local.date}T${formatClock(local.minutes)}`;
}

/** A change as `GET /api/booking/{pnr}/get` shows it, local times in its leg's airports' zones. */
export function changeView(
  row: ScheduleChangeRow,
  zones: { from?: string; to?: string } = {},
): BookingScheduleChange {
  const times = (departureUtc: string, arrivalUtc: string) => ({
    departureUtc,
    arrivalUtc,
    departureLocal: wallClock(departureUtc, zones.from),
    arrivalLocal: wallClock(arrivalUtc, zones.to),
  });
  return {
    flightIndex: row.flight_index,
    old: times(row.old_departure_utc, row.old_arrival_utc),
    new:
      row.new_departure_utc === null || row.new_arrival_utc === null
        ? null
        : times(row.new_departure_utc, row.new_arrival_utc),
    missedConnection: row.missed_connection === 1,
    answered: row.answer !== null,
    answer: row.answer,
    createdAt: row.created_at,
  };
}

export async function scheduleChangesOf(
  db: Kysely<Database>,
  bookingId: number,
): Promise<BookingScheduleChange[]> {
  const rows = await changesOfBooking(db, bookingId);
  if (rows.length === 0) return [];
  const zones = await legZones(db, bookingId);
  return rows.map((row) => changeView(row, zones.get(row.flight_index)));
}

/** An instant as stored: ISO 8601 in UTC. */
export const isoMinute = (epochMs: number) => new Date(epochMs).toISOString();

/** The segment times of a leg moved to new instants, local times from its airports' zones. */
function timesAt(segment: SegmentWithZones, departure: number, arrival: number): SegmentTimes {
  const from = new ZoneClock(segment.from_zone).toLocal(departure);
  const to = new ZoneClock(segment.to_zone).toLocal(arrival);
  return {
    departure_date: from.date,
    departure_time: formatClock(from.minutes),
    departure_utc: isoMinute(departure),
    arrival_date: to.date,
    arrival_time: formatClock(to.minutes),
    arrival_utc: isoMinute(arrival),
    duration_minutes: Math.round((arrival - departure) / MINUTE_MS),
  };
}

/**
 * New times of a flight's legs: every leg moves by the departure's shift, and the last leg's
 * arrival takes the new arrival (so a connection keeps its layover). Null when the new arrival is
 * not after the last leg's new departure.
 */
export function retimedSegments(
  segments: readonly SegmentWithZones[],
  departureUtc: string,
  arrivalUtc: string,
): SegmentTimes[] | null {
  const first = segments[0];
  if (!first) return null;
  const shift = Date.parse(departureUtc) - Date.parse(first.departure_utc);
  const arrival = Date.parse(arrivalUtc);
  const times: SegmentTimes[] = [];
  for (const [index, segment] of segments.entries()) {
    const departure = Date.parse(segment.departure_utc) + shift;
    const last = index === segments.length - 1;
    const end = last ? arrival : Date.parse(segment.arrival_utc) + shift;
    if (end <= departure) return null;
    times.push(timesAt(segment, departure, end));
  }
  return times;
}

/** A booked leg's copy of an inventory flight's legs (the contract's BookingSegment). */
export function bookingSegments(
  segments: readonly SegmentWithZones[],
  carriers: ReadonlyMap<string, string>,
): BookingSegment[] {
  return segments.map((segment) => ({
    flightNumber: segment.flight_number,
    carrier: segment.carrier_code,
    carrierName: carriers.get(segment.carrier_code) ?? segment.carrier_code,
    from: segment.from_airport,
    to: segment.to_airport,
    ...flightTimesJson(segment),
    duration: segment.duration_minutes,
  }));
}

export function legEnds(segmentsJson: string): { departureUtc: string; arrivalUtc: string } {
  const segments = JSON.parse(segmentsJson) as BookingSegment[];
  return {
    departureUtc: segments[0]?.departureUtc ?? '',
    arrivalUtc: segments[segments.length - 1]?.arrivalUtc ?? '',
  };
}
