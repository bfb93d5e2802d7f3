import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_TODAY, type TestDatabase } from '../../test/helpers/database.ts';
import { flightsChangeCommand } from './flights-change.ts';
import { UsageError } from './command-line.ts';
import type { CommandOutput } from './run-command.ts';

function capture(): CommandOutput & { lines: string[] } {
  const lines: string[] = [];
  return { lines, out: (line) => lines.push(line), err: (line) => lines.push(line) };
}

/** `npm run flights:change`: the operator's way to retime or cancel a flight. */
describe('flights:change', () => {
  let database: TestDatabase;
  const now = () => new Date(`${TEST_TODAY}T06:00:00.000Z`);

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.dispose();
  });

  const aFlight = (offset: number) =>
    database.db
      .selectFrom('flights')
      .selectAll()
      .where('departure_utc', '>', now().toISOString())
      .where('cancelled_at', 'is', null)
      .orderBy('id')
      .offset(offset)
      .limit(1)
      .executeTakeFirstOrThrow();

  it('retimes a flight and its legs', async () => {
    const flight = await aFlight(0);
    const departure = new Date(Date.parse(flight.departure_utc) + 3_600_000).toISOString();
    const arrival = new Date(Date.parse(flight.arrival_utc) + 3_600_000).toISOString();
    const output = capture();
    const code = await flightsChangeCommand(
      [String(flight.id), '--departure', departure, '--arrival', arrival],
      database,
      output,
      now,
    );
    expect(code, output.lines.join('\n')).toBe(0);
    expect(output.lines[0]).toBe(
      `Flight ${flight.id} now departs ${departure} and arrives ${arrival}.`,
    );
    const after = await database.db
      .selectFrom('flights')
      .selectAll()
      .where('id', '=', flight.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ departure_utc: departure, arrival_utc: arrival });
    const legs = await database.db
      .selectFrom('flight_segments')
      .selectAll()
      .where('flight_id', '=', flight.id)
      .orderBy('position')
      .execute();
    expect(legs[0]?.departure_utc).toBe(departure);
    expect(legs.at(-1)?.arrival_utc).toBe(arrival);
  });

  it('cancels a flight, once', async () => {
    const flight = await aFlight(1);
    const output = capture();
    expect(await flightsChangeCommand([String(flight.id), '--cancel'], database, output, now)).toBe(
      0,
    );
    expect(output.lines[0]).toBe(`Flight ${flight.id} cancelled.`);
    const fares = await database.db
      .selectFrom('fare_classes')
      .select('seats_left')
      .where('flight_id', '=', flight.id)
      .execute();
    expect(fares.every((fare) => fare.seats_left === 0)).toBe(true);
    const again = capture();
    expect(await flightsChangeCommand([String(flight.id), '--cancel'], database, again, now)).toBe(
      1,
    );
    expect(again.lines[0]).toMatch(/^FLIGHT_CANCELLED/);
  });

  it('refuses bad command lines', async () => {
    for (const args of [
      [],
      ['x', '--cancel'],
      ['12', '--cancel', '--departure', '2026-12-01T09:30:00Z'],
      ['12', '--departure', '2026-12-01T09:30'],
      ['12', '--departure', '2026-12-01T09:30:00Z'],
      ['12', '--cancel', '--force'],
      ['12', '--departure'],
    ]) {
      await expect(flightsChangeCommand(args, database, capture(), now)).rejects.toThrow(
        UsageError,
      );
    }
  });
});
