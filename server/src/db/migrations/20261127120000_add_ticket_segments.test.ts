import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../../../test/helpers/clock.ts';
import { bookConnection } from '../../../test/helpers/connections.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import type { PaymentsTestApp } from '../../../test/helpers/payments.ts';
import { startScheduleChangeTestApp } from '../../../test/helpers/schedule-changes.ts';
import { down, up } from './20261127120000_add_ticket_segments.ts';

describe(`tickets per segment, migrated (${dialectUnderTest()})`, () => {
  let test: PaymentsTestApp;

  beforeAll(async () => {
    test = await startScheduleChangeTestApp(testClock());
  });

  afterAll(() => test.close());

  it('keeps every ticket through the change and back, and keys them by segment', async () => {
    const { db } = test.app;
    const { booking } = await bookConnection(test, new Set());
    const ticketsOf = () =>
      db
        .selectFrom('tickets')
        .select(['id', 'number', 'flight_index', 'passenger_index', 'issued_at'])
        .where('booking_id', '=', booking.id)
        .orderBy('id')
        .execute();
    const both = await ticketsOf();
    expect(both).toHaveLength(2);

    // Back to one ticket per leg: the first segment's stays, as it was.
    await down(db as Kysely<unknown>);
    expect(await ticketsOf()).toEqual(both.slice(0, 1));
    const ticket = { booking_id: booking.id, flight_index: 0, passenger_index: 0 };
    await expect(
      db
        .insertInto('tickets')
        .values({ ...ticket, number: '9990000000001', issued_at: 'x' } as never)
        .execute(),
    ).rejects.toThrow();

    await up(db as Kysely<unknown>);
    expect(await ticketsOf()).toEqual(both.slice(0, 1));
    const segments = await db
      .selectFrom('tickets')
      .select('segment_index')
      .where('booking_id', '=', booking.id)
      .execute();
    expect(segments).toEqual([{ segment_index: 0 }]);
    await db
      .insertInto('tickets')
      .values({ ...ticket, segment_index: 1, number: '9990000000002', issued_at: 'x' })
      .execute();
    await expect(
      db
        .insertInto('tickets')
        .values({ ...ticket, segment_index: 1, number: '9990000000003', issued_at: 'x' })
        .execute(),
    ).rejects.toThrow();
  });
});
