import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { BookingCalendars } from './booking.calendars.ts';

/** The route-days a refresh of `routeIds` on `dates` re-prices: each route on each day. */
function routeDays(calls: readonly (readonly [readonly number[], readonly string[]])[]): string[] {
  return calls
    .flatMap(([routeIds, dates]) => routeIds.flatMap((id) => dates.map((date) => `${id}@${date}`)))
    .sort();
}

describe('the calendars rebuilt after seats changed', () => {
  const log = { warn: () => undefined } as unknown as FastifyBaseLogger;

  it('re-price the route-days asked for, never one route on another request’s day', async () => {
    const calls: [readonly number[], readonly string[]][] = [];
    const calendars = new BookingCalendars(async (routeIds, dates) => {
      calls.push([routeIds, dates]);
    }, log);
    // Two bookings before the first refresh runs: merged into one round of refreshes.
    calendars.refresh([1], ['2026-12-10']);
    calendars.refresh([2], ['2026-12-20']);
    calendars.refresh([3, 4], ['2026-12-20']);
    await calendars.settled();
    expect(routeDays(calls)).toEqual([
      '1@2026-12-10',
      '2@2026-12-20',
      '3@2026-12-20',
      '4@2026-12-20',
    ]);
    // The same routes on the same day are one call.
    expect(calls).toContainEqual([[2, 3, 4], ['2026-12-20']]);

    // A booking's own routes and days, when it gives them as lists: each route on each day.
    calls.length = 0;
    calendars.refresh([5, 6], ['2026-12-11', '2026-12-12']);
    await calendars.settled();
    expect(routeDays(calls)).toEqual([
      '5@2026-12-11',
      '5@2026-12-12',
      '6@2026-12-11',
      '6@2026-12-12',
    ]);
  });

  it('log a failed refresh and go on with the next', async () => {
    const warned: unknown[] = [];
    const calls: number[][] = [];
    const calendars = new BookingCalendars(
      async (routeIds) => {
        calls.push([...routeIds]);
        if (routeIds.includes(1)) throw new Error('busy');
      },
      { warn: (entry: unknown) => warned.push(entry) } as unknown as FastifyBaseLogger,
    );
    calendars.refresh([1], ['2026-12-10']);
    calendars.refresh([2], ['2026-12-20']);
    await calendars.settled();
    expect(calls.sort()).toEqual([[1], [2]]);
    expect(warned).toHaveLength(1);
  });
});
