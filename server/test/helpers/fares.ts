import { daysBetween, type Ymd } from '@uniquair/domain/dates/ymd';
import { farePriceMinor, flightLoadFactor } from '@uniquair/domain/pricing/fare-price';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src/db/database.ts';

/** A fare class as the fares tests read it, with its flight's route and day. */
export interface FareRow {
  id: number;
  flight_id: number;
  route_id: number;
  departure_date: Ymd;
  letter: string;
  base_price_minor: number | null;
  price_minor: number;
  seats_total: number;
  seats_left: number;
}

/** The fare classes of a route's flights on some days (or of some flights), by id. */
export async function fareRows(
  db: Kysely<Database>,
  where: { routeId: number; dates: readonly Ymd[] } | { flightIds: readonly number[] },
): Promise<FareRow[]> {
  let query = db
    .selectFrom('fare_classes as c')
    .innerJoin('flights as f', 'f.id', 'c.flight_id')
    .selectAll('c')
    .select(['f.route_id', 'f.departure_date'])
    .orderBy('c.id');
  query =
    'flightIds' in where
      ? query.where('c.flight_id', 'in', [...where.flightIds])
      : query
          .where('f.route_id', '=', where.routeId)
          .where('f.departure_date', 'in', [...where.dates]);
  const rows = await query.execute();
  return rows.map(({ cabin: _cabin, currency: _currency, ...row }) => ({
    ...row,
    id: Number(row.id),
    flight_id: Number(row.flight_id),
  }));
}

/**
 * What the rule prices a class at (docs/decisions/009-fares-that-move.md), worked out here from
 * its flight's classes as read: the flight's load factor, the days from `today`, the sale.
 */
export function rulePrice(
  row: FareRow,
  flightClasses: readonly FareRow[],
  today: Ymd,
  salePercent = 0,
): number {
  if (row.base_price_minor === null) throw new Error(`fare class ${row.id} has no base price`);
  return farePriceMinor({
    basePriceMinor: row.base_price_minor,
    loadFactor: flightLoadFactor(
      flightClasses
        .filter((other) => other.flight_id === row.flight_id)
        .map((other) => ({ seatsTotal: other.seats_total, seatsLeft: other.seats_left })),
    ),
    daysToDeparture: Math.max(0, daysBetween(today, row.departure_date)),
    salePercent,
  });
}

/** Every class is priced as the rule says, with the sale `saleOn` gives its day (0: none). */
export function expectPricedByRule(
  rows: readonly FareRow[],
  today: Ymd,
  saleOn: (date: Ymd) => number = () => 0,
): void {
  expect(rows.length).toBeGreaterThan(0);
  const wrong = rows.filter(
    (row) => row.price_minor !== rulePrice(row, rows, today, saleOn(row.departure_date)),
  );
  expect(wrong).toEqual([]);
}
